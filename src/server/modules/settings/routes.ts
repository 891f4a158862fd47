import { isDeepStrictEqual } from 'node:util';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { singletonSchemas } from '../../../shared/content/schema';
import { rightToChange, settings as settingsDef } from '../../../shared/content/settings';
import { visibleTo } from '../../../shared/content/visibility';
import { may, roleDeclaration } from '../../../shared/permissions';
import type { Role } from '../../../shared/roles';
import type { ChoiceCheck } from '../../content/choices';
import { fieldChanges } from '../../db/change-log';
import { conflict, HttpError } from '../../errors';
import { errorSchema } from '../../http/schemas';
import { createSettingsStore, type SettingsStore } from './store';

/**
 * A setting changes only with its part's right (the site's public words, or the operations): a
 * change the role does not reach is refused with 403 naming each field, before anything is
 * stored. A value sent unchanged is no change (a form sends every field it shows).
 */
function refuseOutsideRole(
  role: Role | undefined,
  values: Record<string, unknown>,
  current: Record<string, unknown>,
) {
  const refused = Object.keys(values).filter(
    (key) => !isDeepStrictEqual(values[key], current[key]) && !may(role, rightToChange(key)),
  );
  if (refused.length === 0) return;
  const label = roleDeclaration(role ?? 'pending').label;
  throw new HttpError(403, `Your role (${label}) does not change these settings.`, {
    fields: Object.fromEntries(
      refused.map((key) => [
        key,
        `${settingsDef.fields[key as keyof typeof settingsDef.fields]?.label ?? key} is an admin's setting.`,
      ]),
    ),
  });
}

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
        refuseOutsideRole(
          request.user?.role,
          values,
          (await store.get()) as unknown as Record<string, unknown>,
        );
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
