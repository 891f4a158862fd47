/** An error with an HTTP status and a message fit to show to the person who caused it. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const notFound = (what = 'Record') => new HttpError(404, `${what} not found.`);

/** A stale edit: the record changed since the client read it. The body carries the current record. */
export const conflict = (current: unknown) =>
  new HttpError(409, 'This record was changed by someone else. Reload to see their change.', { current });

/** An update that would change fields its writer may not change: each named with why; nothing stored. */
export const fieldsRefused = (fields: Record<string, string>) =>
  new HttpError(403, 'This change reaches fields that are not yours to change; nothing was changed.', {
    fields,
  });

export const validationFailed = (fields: Record<string, string>) =>
  new HttpError(400, 'Validation failed', { fields });

/**
 * The one way to answer 429: with the seconds until the client may try again, sent as
 * Retry-After (RFC 9110) by the error handler. A 429 without it leaves clients guessing, and
 * well-behaved ones retry at once (a test walks the source for any other 429).
 */
export class TooManyRequests extends HttpError {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super(429, message);
  }
}

/**
 * An upload stopped because its body arrived too slowly: answered 408 and the connection closed,
 * since the rest of the body is never read (decision 010: slow anonymous uploads).
 */
export class UploadTooSlow extends HttpError {
  constructor(message: string) {
    super(408, message);
  }
}

export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new TooManyRequests(message, Math.max(1, Math.ceil(retryAfterSeconds)));
