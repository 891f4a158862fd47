import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContentTypeDef } from '../../../shared/content/define';
import {
  historyEntrySchema,
  MAIL_NOT_SET_UP,
  noteInputSchema,
  noteSchema,
  replyInputSchema,
} from '../../../shared/request-desk';
import { outsideKeyLimit } from '../../content/key-limits';
import { HttpError, notFound } from '../../errors';
import { errorSchema, idParams } from '../../http/schemas';
import { type Acting, REQUEST_FIELDS, type RequestService } from './service';

/**
 * A request's notes and replies: rows of their own beside the record, so neither changes its
 * version. Each is audited (that it happened; a note's or reply's words stay out of the log).
 */
export function deskRoutes(def: ContentTypeDef, service: RequestService): FastifyPluginAsyncZod {
  const base = `/api/${def.name}/:id`;
  const tags = [def.plural];
  // A key limited to a staff member works only on their requests; another's is "not found".
  const acting = (request: FastifyRequest): Acting => ({
    actor: request.user,
    apiKey: request.apiKey,
    mayChange: (record) => !outsideKeyLimit(request, REQUEST_FIELDS.assignee, record),
  });
  return async (app) => {
    app.post(
      `${base}/notes`,
      {
        config: { access: def.access.update, keyScope: 'leads:write' },
        schema: {
          tags,
          summary: `Add an internal note to a ${def.label.toLowerCase()} (staff only; its version stays)`,
          params: idParams,
          body: noteInputSchema,
          response: { 201: noteSchema, 400: errorSchema, 404: errorSchema },
        },
      },
      async (request, reply) => {
        const note = await service.addNote(request.params.id, request.body.text as string, acting(request));
        if (!note) throw notFound(def.label);
        return reply.status(201).send(note);
      },
    );

    app.post(
      `${base}/reply`,
      {
        config: { access: def.access.update, keyScope: 'leads:reply' },
        schema: {
          tags,
          summary: `E-mail the sender of a ${def.label.toLowerCase()} and keep the reply in its history (needs SMTP)`,
          params: idParams,
          body: replyInputSchema,
          response: { 201: historyEntrySchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
        },
      },
      async (request, reply) => {
        if (!service.canMail()) throw new HttpError(409, MAIL_NOT_SET_UP);
        const entry = await service.reply(request.params.id, request.body.text as string, acting(request));
        if (!entry) throw notFound(def.label);
        return reply.status(201).send(entry);
      },
    );
  };
}
