import { HttpError, tooManyRequests } from '../../errors';

export interface LaneLimit {
  /** Jobs admitted at once in this lane, the running one included; more are refused. */
  capacity: number;
  /** What a refusal in this lane says, when it differs from the queue's. */
  busyMessage?: string;
  /**
   * Places one holder (a client's network) may have at once in this lane; more are refused with
   * 429, so that one sender cannot take every place (decision 010: slow anonymous uploads).
   */
  perHolder?: { places: number; message: string };
}

/** A place in a lane, taken before the work's input is even read, so that waiting input is bounded too. */
export interface Slot {
  /** Run `work` when the slot's turn comes; the slot is given back when it settles. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Give the slot back without running anything (the upload failed before its turn). */
  release(): void;
}

/** Seconds a refused caller is told to wait before trying again. */
const QUEUE_RETRY_AFTER_SECONDS = 5;

export class QueueFullError extends HttpError {
  readonly retryAfter = QUEUE_RETRY_AFTER_SECONDS;
}

/**
 * Runs one job at a time, taken from lanes in the order they are declared: a job in an earlier lane
 * never waits behind a later lane's queue, only behind the one job already running. Each lane holds at
 * most `capacity` admitted jobs, so memory held by waiting input never grows without end.
 */
export function createWorkQueue<Lane extends string>(lanes: Record<Lane, LaneLimit>, busyMessage: string) {
  const order = Object.keys(lanes) as Lane[];
  const admitted = Object.fromEntries(order.map((lane) => [lane, 0])) as Record<Lane, number>;
  const waiting = Object.fromEntries(order.map((lane) => [lane, [] as (() => void)[]])) as Record<
    Lane,
    (() => void)[]
  >;
  const byHolder = new Map<string, number>();
  let running = false;

  const next = () => {
    if (running) return;
    const lane = order.find((name) => waiting[name].length > 0);
    if (!lane) return;
    running = true;
    waiting[lane].shift()!();
  };

  return {
    /**
     * Take a place in `lane`, or answer 503 with Retry-After when the lane is full, 429 when
     * `holder` already has its share of the lane's places.
     */
    reserve(lane: Lane, holder?: string): Slot {
      const share = lanes[lane].perHolder;
      const key = share && holder !== undefined ? `${lane}\u0000${holder}` : undefined;
      if (share && key !== undefined && (byHolder.get(key) ?? 0) >= share.places)
        throw tooManyRequests(share.message, QUEUE_RETRY_AFTER_SECONDS);
      if (admitted[lane] >= lanes[lane].capacity)
        throw new QueueFullError(503, lanes[lane].busyMessage ?? busyMessage);
      admitted[lane] += 1;
      if (key !== undefined) byHolder.set(key, (byHolder.get(key) ?? 0) + 1);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        admitted[lane] -= 1;
        if (key === undefined) return;
        const left = (byHolder.get(key) ?? 1) - 1;
        if (left > 0) byHolder.set(key, left);
        else byHolder.delete(key);
      };
      return {
        release,
        run: <T>(work: () => Promise<T>) =>
          new Promise<T>((resolve, reject) => {
            waiting[lane].push(async () => {
              // The place is given back before the caller resumes, so it can reserve again at once.
              try {
                resolve(await work());
              } catch (error) {
                reject(error);
              } finally {
                release();
                running = false;
                next();
              }
            });
            next();
          }),
      };
    },
    /** Admitted jobs per lane, running and waiting (for tests and logs). */
    load: () => ({ ...admitted }),
    /** Jobs per lane whose input is read and that wait for their turn (tests wait on it). */
    queued: () =>
      Object.fromEntries(order.map((lane) => [lane, waiting[lane].length])) as Record<Lane, number>,
  };
}
