import { isDeepStrictEqual } from 'node:util';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicationShape, singletonSchemas } from '../../../shared/content/schema';
import {
  rightToChange,
  SETTINGS_OPERATIONS,
  SITE_WORD_KEYS,
  SITE_WORDS_ID,
  settings as settingsDef,
  siteWords,
} from '../../../shared/content/settings';
import { visibleTo } from '../../../shared/content/visibility';
import { may, roleDeclaration } from '../../../shared/permissions';
import type { Role } from '../../../shared/roles';
import type { ChoiceCheck } from '../../content/choices';
import { publicationRoutes } from '../../content/publication-routes';
import { publicationOf, readDraft, withDraft } from '../../content/publication-store';
import {
  asDraftQuery,
  mayPublish,
  PUBLISH_REFUSED,
  type PublishQueue,
  readsDrafts,
  recordPublish,
  saveDraft,
} from '../../content/publishing';
import { fieldChanges } from '../../db/change-log';
import { conflict, HttpError, validationFailed } from '../../errors';
import { errorSchema } from '../../http/schemas';
import { siteWordsRecords, wordsRecord } from './site-words';
import { createSettingsStore, type SettingsStore } from './store';

/**
 * A setting changes only with its part's right (the site's public words, or the operations): a
 * change the role does not reach is refused with 403 naming each field, before anything is
 * stored. A value sent unchanged is no change (a form sends every field it shows).
 */
function refuseOutsideRole(role: Role | undefined, changed: string[]) {
  const refused = changed.filter((key) => !may(role, rightToChange(key)));
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

/** The keys of `values` that differ from the settings as they are: a value sent unchanged is no change. */
const changedKeys = (values: Record<string, unknown>, current: Record<string, unknown>) =>
  Object.keys(values).filter((key) => !isDeepStrictEqual(values[key], current[key]));

const isOperation = (key: string) => (SETTINGS_OPERATIONS as readonly string[]).includes(key);

/**
 * `GET` and `PUT /api/settings`. The site's words are drafted like the content (decision 110): a
 * `PUT` with `"publish": false` saves them into the draft, one without puts them on the site at
 * once (an editor's or an admin's right), keeping a version. The operations' settings are never
 * drafted: they take effect when saved.
 */
export function settingsRoutes(
  store: SettingsStore,
  checkChoices: ChoiceCheck,
  queue: () => PublishQueue,
): FastifyPluginAsyncZod {
  const schemas = singletonSchemas(settingsDef);
  const response = schemas.stored
    .extend({ version: z.number().int(), updatedAt: z.string(), ...publicationShape })
    .partial();
  return async (app) => {
    // Publish, schedule, preview and the versions of the words: the content's routes, at one record.
    await app.register(
      publicationRoutes(siteWordsRecords(app.database), {}, queue, {
        base: '/api/settings',
        tags: ['settings'],
        label: siteWords.label,
        record: response,
        one: SITE_WORDS_ID,
        declared: settingsDef,
      }),
    );

    app.get(
      '/api/settings',
      {
        config: { access: settingsDef.access.read },
        schema: {
          tags: ['settings'],
          summary: 'The site settings; staff who change the words read their draft with `?draft=1`',
          querystring: z.object({ draft: z.string().max(8).optional() }),
          response: { 200: response },
        },
      },
      async (request) => {
        const current = await store.get();
        if (!readsDrafts(request, siteWords)) return visibleTo(request.user, settingsDef, current);
        const record = wordsRecord(current, await store.words());
        const draft = await readDraft(app.database, siteWords, SITE_WORDS_ID);
        // The draft's read carries the words' version (what a draft save sends back); the plain
        // read the settings' own (what a save of them sends back).
        const read = asDraftQuery(request.query.draft) ? withDraft(record, draft) : current;
        return visibleTo(request.user, settingsDef, { ...read, ...publicationOf(record, draft) });
      },
    );

    app.put(
      '/api/settings',
      {
        config: { access: settingsDef.access.update },
        schema: {
          tags: ['settings'],
          summary:
            'Change some or all settings; send the version you edited. `"publish": false` saves the words as a draft',
          body: schemas.update,
          response: { 200: response, 400: errorSchema, 403: errorSchema, 409: errorSchema },
        },
      },
      async (request) => {
        const { version, publish, ...values } = request.body as Record<string, unknown> & {
          version?: number;
          publish?: boolean;
        };
        const current = (await store.get()) as unknown as Record<string, unknown>;
        const changed = changedKeys(values, current);
        refuseOutsideRole(request.user?.role, changed);
        // A reference in the settings names a live record, like one in any record.
        await checkChoices(settingsDef, values, current);
        const words = Object.fromEntries(
          Object.entries(values).filter(([key]) => (SITE_WORD_KEYS as string[]).includes(key)),
        );
        const wordsChanged = changed.some((key) => !isOperation(key));
        const operationsChanged = changed.filter(isOperation);

        if (publish === false) {
          if (operationsChanged.length > 0)
            throw validationFailed(
              Object.fromEntries(
                operationsChanged.map((key) => [
                  key,
                  `${settingsDef.fields[key as keyof typeof settingsDef.fields]?.label ?? key} is not drafted: save it without "publish": false.`,
                ]),
              ),
            );
          const outcome = await app.changes.write((tx) =>
            saveDraft(tx, siteWordsRecords(tx), {
              id: SITE_WORDS_ID,
              values: words,
              expected: version,
              actor: request.user,
              now: new Date(),
              mayPublish: mayPublish(request, siteWords),
            }),
          );
          if (outcome.kind === 'stale') throw conflict(visibleTo(request.user, settingsDef, outcome.current));
          if (outcome.kind === 'missing') throw new Error('The settings record is missing.');
          return visibleTo(request.user, settingsDef, outcome.record);
        }

        if (wordsChanged && !mayPublish(request, siteWords)) throw new HttpError(403, PUBLISH_REFUSED);
        const now = new Date();
        const updated = await app.changes.write(async (tx) => {
          const settings = createSettingsStore(tx);
          // The row is held, then what changes is decided against it: a value another save changed
          // meanwhile is a change, with the right it needs, and only changed values are written.
          const wordsBefore = await settings.words(true);
          const before = await settings.get();
          if (version !== undefined && version !== before.version) return null;
          const changedNow = changedKeys(values, before as unknown as Record<string, unknown>);
          refuseOutsideRole(request.user?.role, changedNow);
          const publishing = changedNow.some((key) => !isOperation(key));
          if (publishing && !mayPublish(request, siteWords)) throw new HttpError(403, PUBLISH_REFUSED);
          if (changedNow.length === 0) return before;
          const after = await settings.update(
            Object.fromEntries(changedNow.map((key) => [key, values[key]])),
            version,
            publishing ? now : undefined,
          );
          if (!after) return null;
          // The words that went on the site are a publish (a version kept, its audit entry); the
          // operations changed are an entry of their own.
          if (publishing)
            await recordPublish(tx, siteWordsRecords(tx), {
              before: wordsRecord(before, wordsBefore),
              after: wordsRecord(after, { publishedAt: now.toISOString(), version: wordsBefore.version + 1 }),
              actor: request.user,
              action: 'update',
            });
          const operations = changedNow.filter(isOperation);
          if (operations.length > 0)
            await tx.record({
              resource: 'settings',
              id: '1',
              action: 'update',
              actor: request.user,
              name: settingsDef.label,
              fields: fieldChanges(
                settingsDef.fields,
                before as unknown as Record<string, unknown>,
                after as unknown as Record<string, unknown>,
                operations,
              ),
            });
          return after;
        });
        if (!updated) throw conflict(visibleTo(request.user, settingsDef, await store.get()));
        return visibleTo(request.user, settingsDef, updated);
      },
    );
  };
}
