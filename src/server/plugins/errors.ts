import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { describeFailure } from '../../shared/failure';
import { HttpError, TooManyRequests, UploadTooSlow } from '../errors';

/** What a 429 that named no wait says: a minute, the shortest window of our limits. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * One shape for every failure: `{ error, fields? }`. Bad input is always a 4xx with a message a
 * person can act on; only our own faults answer 500, and those never leak internals.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error instanceof TooManyRequests) reply.header('retry-after', String(error.retryAfter));
      if (error instanceof UploadTooSlow) reply.header('connection', 'close');
      return reply.status(error.statusCode).send({ error: error.message, ...error.body });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.split('/').filter(Boolean)[0] ?? '_';
        if (!(key in fields)) fields[key] = issue.message ?? 'Invalid value.';
      }
      if (error.validationContext && error.validationContext !== 'body' && Object.keys(fields).length === 0) {
        fields._ = `Invalid ${error.validationContext}.`;
      }
      if (error.validationContext === 'body' && '_' in fields && Object.keys(fields).length === 1) {
        return reply.status(400).send({ error: 'The request body must be a JSON object.', fields });
      }
      return reply.status(400).send({ error: 'Validation failed', fields });
    }
    const status = error.statusCode ?? 500;
    if (
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
      error.code === 'FST_REQ_FILE_TOO_LARGE' ||
      status === 413
    ) {
      return reply.status(413).send({ error: 'The request is too large.' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send({ error: 'The request body is not valid JSON.' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ error: 'Unsupported content type.' });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: error.message || 'Bad request.' });
    }
    // The route as declared (`/api/service/:id`), not as requested: the URL carries visitors' values.
    request.log.error(
      { failure: describeFailure(error), method: request.method, route: request.routeOptions.url ?? null },
      'request failed',
    );
    return reply.status(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });

  // The guard at the edge: whatever answered 429 (a page's form, a module that built its own
  // reply), the client is told when to come back. Throwing `tooManyRequests` says exactly when.
  app.addHook('onSend', async function sayWhenToRetry(request, reply, payload) {
    if (reply.statusCode === 429 && !reply.hasHeader('retry-after')) {
      request.log.warn({ route: request.routeOptions.url ?? null }, '429 without Retry-After');
      reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
    }
    return payload;
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: `Nothing at ${request.method} ${request.url.split('?')[0]}.` });
  });
}

/** The error handler, the 404 answer, and Retry-After on every 429. */
export const errorsPlugin = fp(async (app) => registerErrorHandling(app), { name: 'errors' });
