import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGE_STATUSES } from '../../../shared/constants';
import type { ContentTypeDef } from '../../../shared/content/define';
import {
  historyEntrySchema,
  MAIL_NOT_SET_UP,
  NO_REPLY_ADDRESS,
  noteInputSchema,
  noteSchema,
  replyInputSchema,
  seenSchema,
} from '../../../shared/request-desk';
import { outsideReach } from '../../content/key-limits';
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
    mayChange: (record) => !outsideReach(request, REQUEST_FIELDS.assignee, record),
  });
  return async (app) => {
    app.post(
      `${base}/notes`,
      {
        config: { access: 'requests:work', keyScope: 'leads:write' },
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
        config: { access: 'requests:reply', keyScope: 'leads:reply' },
        schema: {
          tags,
          summary: `E-mail the sender of a ${def.label.toLowerCase()} and keep the reply in its history (needs SMTP)`,
          params: idParams,
          body: replyInputSchema,
          response: { 201: historyEntrySchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
        },
      },
      async (request, reply) => {
        const entry = await service.reply(request.params.id, request.body.text as string, acting(request));
        if (!entry) throw notFound(def.label);
        if (entry === 'mail-not-set-up') throw new HttpError(409, MAIL_NOT_SET_UP);
        if (entry === 'no-address') throw new HttpError(409, NO_REPLY_ADDRESS);
        return reply.status(201).send(entry);
      },
    );

    app.post(
      `${base}/whatsapp-reply`,
      {
        config: { access: 'requests:reply', keyScope: 'leads:reply' },
        schema: {
          tags,
          summary: `Record a reply a staff member sent the sender of a ${def.label.toLowerCase()} on WhatsApp (the words go in its history)`,
          params: idParams,
          body: replyInputSchema,
          response: { 201: historyEntrySchema, 400: errorSchema, 404: errorSchema },
        },
      },
      async (request, reply) => {
        const entry = await service.replyOnWhatsapp(
          request.params.id,
          request.body.text as string,
          acting(request),
        );
        if (!entry) throw notFound(def.label);
        return reply.status(201).send(entry);
      },
    );

    // A person opening a request has seen it; an API key reading one has not, so keys may not call this.
    app.post(
      `${base}/seen`,
      {
        config: { access: 'requests:read' },
        schema: {
          tags,
          summary: `Mark a ${def.label.toLowerCase()} seen by the signed-in staff member (Pending becomes read; staff sessions only)`,
          params: idParams,
          response: {
            200: z.object({
              status: z.enum(MESSAGE_STATUSES),
              version: z.number().int(),
              seen: seenSchema.nullable(),
            }),
            404: errorSchema,
          },
        },
      },
      async (request) => {
        const record = await service.markSeen(request.params.id, acting(request));
        if (!record) throw notFound(def.label);
        const { seen } = await service.activityOf(record._id);
        return { status: record.status as 'Pending' | 'read', version: record.version as number, seen };
      },
    );
  };
}
