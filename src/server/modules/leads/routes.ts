import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContentTypeDef } from '../../../shared/content/define';
import {
  historyEntrySchema,
  MAIL_NOT_SET_UP,
  noteInputSchema,
  noteSchema,
  replyInputSchema,
} from '../../../shared/lead-desk';
import type { ContentRepository } from '../../content/repository';
import { recordName } from '../../content/repository';
import { outsideKeyLimit } from '../../content/routes';
import type { Database } from '../../db/client';
import { HttpError, notFound } from '../../errors';
import { errorSchema } from '../../http/schemas';
import type { LeadDesk } from './desk';

const idParams = z.object({ id: z.string().max(100) });

/**
 * A request's notes and replies: rows of their own beside the record, so neither changes its
 * version. Each is audited (that it happened; a note's or reply's words stay out of the log).
 */
export function leadDeskRoutes(
  def: ContentTypeDef,
  repository: ContentRepository,
  desk: LeadDesk,
): FastifyPluginAsyncZod {
  const base = `/api/${def.name}/:id`;
  const tags = [def.plural];
  return async (app) => {
    // A key limited to a staff member works only on their requests; another's is "not found".
    const outsideLimit = async (tx: Database, request: FastifyRequest, id: string) => {
      if (!request.apiKey?.userId) return false;
      const record = await repository.in(tx.db).findById(id);
      return !record || outsideKeyLimit(request, def, record);
    };
    const audit = (id: string, record: Record<string, unknown>, field: string) => ({
      resource: def.name,
      id,
      action: 'update' as const,
      name: recordName(def, record),
      fields: [{ field }],
    });

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
        const { id } = request.params;
        const note = await app.changes.write(async (tx) => {
          if (await outsideLimit(tx, request, id)) return null;
          const added = await desk.addNote(
            tx,
            repository.in(tx.db),
            id,
            request.user,
            request.body.text as string,
          );
          if (!added) return null;
          await tx.record({ ...audit(id, added.record, 'note'), actor: request.user });
          return added.note;
        });
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
        if (!desk.canMail()) throw new HttpError(409, MAIL_NOT_SET_UP);
        const { id } = request.params;
        const entry = await app.changes.write(async (tx) => {
          if (await outsideLimit(tx, request, id)) return null;
          const sent = await desk.reply(
            tx,
            def,
            repository.in(tx.db),
            id,
            request.user,
            request.body.text as string,
          );
          if (!sent) return null;
          await tx.record({ ...audit(id, sent.record, 'reply'), actor: request.user });
          return sent.entry;
        });
        if (!entry) throw notFound(def.label);
        desk.nudge();
        return reply.status(201).send(entry);
      },
    );
  };
}
