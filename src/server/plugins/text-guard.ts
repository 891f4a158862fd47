import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isStorableText } from '../../shared/text';

export const BAD_TEXT_ERROR = 'The request contains characters that are not allowed.';
export const BAD_TEXT_FIELD =
  'Contains a character that cannot be stored (a NUL character or half of a surrogate pair).';

/**
 * The first place in a parsed value holding text no database column can take, as the name of the
 * top-level field it sits under ('_' for the value itself or a bad key). Iterative, so a deeply
 * nested body cannot exhaust the stack.
 */
export function findUnstorableText(value: unknown): string | null {
  const pending: { value: unknown; field: string }[] = [{ value, field: '_' }];
  while (pending.length > 0) {
    const { value: current, field } = pending.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return field;
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push({ value: item, field });
    } else if (current !== null && typeof current === 'object') {
      const top = field === '_' && current === value;
      for (const [key, item] of Object.entries(current)) {
        if (!isStorableText(key)) return field;
        pending.push({ value: item, field: top ? key : field });
      }
    }
  }
  return null;
}

/** A url-encoded form body, as the pages receive it, read as its fields. */
function formFields(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  // A repeated key keeps each value under its own name, so every one is checked.
  for (const [index, [key, value]] of [...new URLSearchParams(body)].entries())
    fields[key in fields ? `${key}#${index}` : key] = value;
  return fields;
}

const BAD_REQUEST_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bad request</title></head>
<body><main><h1>This address cannot be opened</h1>
<p>It contains characters that are not allowed. Check the link, or go to the <a href="/home">home page</a>.</p>
</main></body></html>
`;

/** Answer a refused request as the caller reads it: JSON for the API, a page for a browser. */
function refuse(request: FastifyRequest, reply: FastifyReply, field: string) {
  reply.status(400);
  // The pages' catch-all route answers people in a browser; every other route answers programs.
  if (request.routeOptions.url !== '/*') {
    return reply.send({ error: BAD_TEXT_ERROR, fields: { [field]: BAD_TEXT_FIELD } });
  }
  return reply.type('text/html; charset=utf-8').send(BAD_REQUEST_PAGE);
}

/**
 * One check at the edge for every route, present and future: text that PostgreSQL refuses (NUL,
 * lone surrogates) in the path, the query string, the route parameters or the body is a 400
 * before any handler, loader or query sees it. Multipart uploads are streamed by their handler,
 * which checks its field values with `findUnstorableText` itself.
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async function refuseUnstorableText(request, reply) {
    const field =
      findUnstorableText(request.params) ??
      findUnstorableText(request.query) ??
      // The query string again as pages read it (URLSearchParams), which decodes what the server's
      // parser leaves undecoded (a NUL after a broken UTF-8 sequence).
      findUnstorableText(formFields(request.url.split('?').slice(1).join('?'))) ??
      findUnstorableText(typeof request.body === 'string' ? formFields(request.body) : request.body);
    if (field !== null) return refuse(request, reply, field);
  });
}

/** Refuse text no column can store, before any route's validation sees it. */
export const textGuardPlugin = fp(async (app) => registerTextGuard(app), { name: 'text-guard' });
