import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  daysInWords,
  ON_CALL_PATH,
  type OnCall,
  onCallInputSchema,
  onCallMessages,
  onCallSchema,
  type Shift,
} from '../../../shared/on-call';
import { validationFailed } from '../../errors';
import { errorSchema } from '../../http/schemas';
import { createOnCallStore } from './store';

/** A rota as one line per shift, for the audit log: `Sana: Mon–Fri 08:00–17:00`. */
const inWords = (shifts: readonly Pick<Shift, 'name' | 'days' | 'start' | 'end'>[]) =>
  shifts.map((shift) => `${shift.name}: ${daysInWords(shift.days)} ${shift.start}–${shift.end}`);

/**
 * `GET` and `PUT /api/on-call`: the rota, read and replaced whole by whoever runs operations
 * (decision 095). Its audit row names every shift before and after, in the write's transaction.
 */
export function onCallRoutes(now: () => Date): FastifyPluginAsyncZod {
  return async (app) => {
    const rota = createOnCallStore(app.database);
    const tags = ['on-call'];
    const read = async (): Promise<OnCall> => ({
      timeZone: await rota.timeZone(),
      shifts: await rota.shifts(),
      onCallNow: (await rota.onCallAt(now())).map(({ userId, name }) => ({ userId, name })),
    });

    app.get(
      ON_CALL_PATH,
      {
        config: { access: 'operations:read' },
        schema: {
          tags,
          summary: 'The on-call rota: each shift with its person, and who is on call now',
          response: { 200: onCallSchema, 401: errorSchema, 403: errorSchema },
        },
      },
      async (_request, reply) => reply.header('cache-control', 'private, no-store').send(await read()),
    );

    app.put(
      ON_CALL_PATH,
      {
        config: { access: 'operations:update' },
        schema: {
          tags,
          summary: 'Replace the on-call rota; its order is the order urgent requests are assigned in',
          body: onCallInputSchema,
          response: { 200: onCallSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
        },
      },
      async (request, reply) => {
        const { shifts } = request.body;
        const approved = await rota.approvedStaff(shifts.map((shift) => shift.userId));
        const stranger = shifts.findIndex((shift) => !approved.has(shift.userId));
        if (stranger >= 0)
          throw validationFailed({ shifts: `Shift ${stranger + 1}: ${onCallMessages.person}` });
        await app.changes.write(async (tx) => {
          const inTx = createOnCallStore(tx);
          const before = inWords(await inTx.shifts());
          await inTx.replace(shifts);
          const after = inWords(await inTx.shifts());
          await tx.record({
            resource: 'on-call',
            id: '*',
            action: 'update',
            actor: request.user,
            name: 'On-call rota',
            fields: [{ field: 'shifts', before, after }],
          });
        });
        return reply.header('cache-control', 'private, no-store').send(await read());
      },
    );
  };
}

/** The rota's routes; the clock is the app's, so tests can stand at any hour of the week. */
export const onCallRoutesPlugin = fp<{ now?: () => Date }>(
  async (app, options) => {
    await app.register(onCallRoutes(options.now ?? (() => new Date())));
  },
  { name: 'on-call-routes', dependencies: ['database'], encapsulate: true },
);
