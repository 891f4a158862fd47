import type { FastifyRequest } from 'fastify';
import { UploadTooSlow } from '../../errors';

/** Bytes that must arrive in every tenth of the bound, or the upload is stopped as stalled. */
const MIN_BYTES_PER_TENTH = 8 * 1024;

export const UPLOAD_TOO_SLOW =
  'The photo arrived too slowly and was not received. Try again, on a faster connection if you can.';

/** The pace an anonymous upload is held to; `signal` aborts when it falls behind. */
export interface UploadPace {
  signal: AbortSignal;
  /** Run the body's reading under the pace: it fails with 408 once the upload is stopped. */
  run<T>(read: Promise<T>): Promise<T>;
}

/**
 * Hold an anonymous upload's body to a pace (decision 010: slow anonymous uploads). Each upload
 * holds a place in the visitor lane while its body arrives; a client sending a byte at a time
 * would hold it until the server's request timeout (300 s). The whole body must arrive within
 * VISITOR_UPLOAD_SECONDS, and at least 8 KB in every tenth of it; otherwise reading stops, the
 * place is given back and the client is answered 408 on a connection that is then closed.
 * Progress is read from the socket, never by listening to the body (a listener would start the
 * stream before the multipart reader is attached).
 */
export function holdToUploadPace(request: FastifyRequest): UploadPace {
  const controller = new AbortController();
  const socket = request.raw.socket;
  const tenthMs = (request.server.env.VISITOR_UPLOAD_SECONDS * 1000) / 10;
  let last = socket.bytesRead;
  let tenths = 0;
  const timer = setInterval(() => {
    if (request.raw.complete) return clearInterval(timer);
    tenths += 1;
    const now = socket.bytesRead;
    if (tenths >= 10 || now - last < MIN_BYTES_PER_TENTH) {
      clearInterval(timer);
      controller.abort(new UploadTooSlow(UPLOAD_TOO_SLOW));
    }
    last = now;
  }, tenthMs);
  timer.unref();
  const stopped = new Promise<never>((_, reject) =>
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason)),
  );
  return {
    signal: controller.signal,
    run: <T>(read: Promise<T>) => {
      // Once stopped, the read is abandoned; its own failure, later, is of no interest.
      read.catch(() => undefined);
      return Promise.race([read, stopped]).finally(() => clearInterval(timer));
    },
  };
}
