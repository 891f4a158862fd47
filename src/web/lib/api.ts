/**
 * The browser's way to the JSON API: same-origin cookies, the anti-forgery header on writes, and
 * one error shape. A failed call announces itself so the app shell can check the server.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Field messages from a 400, keyed by field name. */
    readonly fields: Record<string, string> = {},
    /** The current record, on a 409. */
    readonly current?: unknown,
  ) {
    super(message);
  }
}

export const API_FAILED_EVENT = 'site:api-failed';

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/**
 * Headers every write needs: the XSRF cookie echoed back. Over HTTPS the server sets it as
 * `__Host-XSRF-TOKEN` (a name no other host can plant), over HTTP as `XSRF-TOKEN`.
 */
export function writeHeaders(): Record<string, string> {
  const token = readCookie('__Host-XSRF-TOKEN') ?? readCookie('XSRF-TOKEN');
  return token ? { 'X-XSRF-TOKEN': token } : {};
}

function announceFailure() {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(API_FAILED_EVENT));
}

export async function api<T = unknown>(
  path: string,
  options: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET' && method !== 'HEAD') Object.assign(headers, writeHeaders());
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name !== 'AbortError') announceFailure();
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.');
  }
  if (response.status >= 500) announceFailure();
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const data = (body ?? {}) as { error?: string; fields?: Record<string, string>; current?: unknown };
    throw new ApiError(
      response.status,
      data.error ?? `Request failed (${response.status}).`,
      data.fields,
      data.current,
    );
  }
  return body as T;
}

/**
 * The server resizes one picture at a time and admits only a few waiting ones: this page sends at
 * most two at once (one being resized, one arriving), so forty gallery pictures queue here rather
 * than being refused there.
 */
const UPLOADS_AT_ONCE = 2;
/** A busy server (503) is asked again after its Retry-After, this many times at most. */
const BUSY_RETRIES = 5;
let uploadsRunning = 0;
const waitingUploads: (() => void)[] = [];

async function uploadTurn(): Promise<() => void> {
  if (uploadsRunning >= UPLOADS_AT_ONCE) await new Promise<void>((resolve) => waitingUploads.push(resolve));
  else uploadsRunning += 1;
  return () => {
    const next = waitingUploads.shift();
    if (next) next();
    else uploadsRunning -= 1;
  };
}

/** Where a file is sent, in which multipart field, and what of the answer names it. */
interface UploadDoor {
  url: string;
  field: string;
  answer: (body: { data?: { url?: string }; token?: string }) => string | undefined;
}

const STAFF_IMAGES: UploadDoor = { url: '/api/upload', field: 'image', answer: (body) => body.data?.url };
/** A visitor's photo of a fault: its token goes in the request's `photos`. */
const VISITOR_PHOTOS: UploadDoor = {
  url: '/api/contactus/photos',
  field: 'photo',
  answer: (body) => body.token,
};

/** Upload one image with progress (0..1); answers its URL. */
export const uploadImage = (file: File, onProgress?: (fraction: number) => void) =>
  uploadFile(file, STAFF_IMAGES, onProgress);

/** Send a visitor's photo of a fault; answers the token a request names it by. */
export const uploadPhoto = (file: File) => uploadFile(file, VISITOR_PHOTOS);

async function uploadFile(
  file: File,
  door: UploadDoor,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  const done = await uploadTurn();
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await sendFile(file, door, onProgress);
      } catch (error) {
        if (!(error instanceof BusyError) || attempt >= BUSY_RETRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, error.retryAfterSeconds * 1000));
      }
    }
  } finally {
    done();
  }
}

class BusyError extends ApiError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, message);
  }
}

function sendFile(file: File, door: UploadDoor, onProgress?: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', door.url);
    for (const [key, value] of Object.entries(writeHeaders())) request.setRequestHeader(key, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      let body: Parameters<UploadDoor['answer']>[0] & { error?: string } = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // fall through to the generic message
      }
      const retryAfter = Number(request.getResponseHeader('retry-after'));
      const answer = door.answer(body);
      if (request.status === 201 && answer) resolve(answer);
      else if (request.status === 503 && retryAfter > 0)
        reject(new BusyError(body.error ?? 'The server is busy.', Math.min(retryAfter, 30)));
      else reject(new ApiError(request.status, body.error ?? `Upload failed (${request.status}).`));
    };
    request.onerror = () => {
      announceFailure();
      reject(new ApiError(0, 'The upload could not reach the server. Try again.'));
    };
    const form = new FormData();
    form.append(door.field, file);
    request.send(form);
  });
}
