import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { singletonSchemas } from '../../../shared/content/schema';
import { settings as settingsDef } from '../../../shared/content/settings';
import { visibleTo } from '../../../shared/content/visibility';
import type { ChoiceCheck } from '../../content/choices';
import { fieldChanges } from '../../db/change-log';
import { conflict } from '../../errors';
import { errorSchema } from '../../http/schemas';
import { createSettingsStore, type SettingsStore } from './store';

export function settingsRoutes(store: SettingsStore, checkChoices: ChoiceCheck): FastifyPluginAsyncZod {
  const schemas = singletonSchemas(settingsDef);
  const response = schemas.stored.extend({ version: z.number().int(), updatedAt: z.string() }).partial();
  return async (app) => {
    app.get(
      '/api/settings',
      {
        config: { access: settingsDef.access.read },
        schema: { tags: ['settings'], summary: 'The site settings', response: { 200: response } },
      },
      async (request) => visibleTo(request.user, settingsDef, await store.get()),
    );

    app.put(
      '/api/settings',
      {
        config: { access: settingsDef.access.update },
        schema: {
          tags: ['settings'],
          summary: 'Change some or all settings; send the version you edited',
          body: schemas.update,
          response: { 200: response, 400: errorSchema, 409: errorSchema },
        },
      },
      async (request) => {
        const { version, ...values } = request.body as Record<string, unknown> & { version?: number };
        // A reference in the settings names a live record, like one in any record.
        await checkChoices(settingsDef, values, (await store.get()) as unknown as Record<string, unknown>);
        const updated = await app.changes.write(async (tx) => {
          const settings = createSettingsStore(tx);
          const before = (await settings.get()) as unknown as Record<string, unknown>;
          const after = await settings.update(values, version);
          if (after)
            await tx.record({
              resource: 'settings',
              id: '1',
              action: 'update',
              actor: request.user,
              name: settingsDef.label,
              fields: fieldChanges(
                settingsDef.fields,
                before,
                after as unknown as Record<string, unknown>,
                Object.keys(values),
              ),
            });
          return after;
        });
        if (!updated) throw conflict(await store.get());
        return updated;
      },
    );
  };
}
