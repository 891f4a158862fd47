import { type SiteSettings, settings } from '../../../shared/content/settings';
import { storedValue } from '../../../shared/content/stored-values';
import type { Database } from '../../db/client';
import { DEFAULT_SETTINGS } from './defaults';

/** Where the site's words stand apart from the other settings. */
export interface WordsState {
  publishedAt: string | null;
  version: number;
}

type Row = { data: Record<string, unknown>; version: number; updatedAt: Date | string };

function toSettings(row: Row): SiteSettings {
  const values: Record<string, unknown> = { ...DEFAULT_SETTINGS, ...row.data };
  // Each value in its field's shape (a list's rows with every sub-field), as content records are.
  for (const [key, field] of Object.entries(settings.fields))
    if (values[key] !== undefined) values[key] = storedValue(field, values[key]);
  return {
    ...values,
    version: Number(row.version),
    updatedAt: new Date(row.updatedAt).toISOString(),
  } as SiteSettings;
}

/** The single settings record, created with the defaults the first time it is read. */
export function createSettingsStore(database: Database) {
  return {
    async get(): Promise<SiteSettings> {
      const select = 'select data, version, updated_at as "updatedAt" from settings where id = 1';
      let [row] = await database.query<Row>(select);
      if (!row) {
        await database.query('insert into settings (id, data) values (1, $1) on conflict (id) do nothing', [
          JSON.stringify(DEFAULT_SETTINGS),
        ]);
        [row] = await database.query<Row>(select);
      }
      return toSettings(row as Row);
    },

    /**
     * Merge `values`; with `expectedVersion`, only when nobody saved in between. Null means stale.
     * `publishedAt`: the site's words in `values` go on the site at that time (decision 110).
     */
    async update(
      values: Record<string, unknown>,
      expectedVersion?: number,
      publishedAt?: Date,
    ): Promise<SiteSettings | null> {
      await this.get();
      const [row] = await database.query<Row>(
        `update settings set data = data || $1::jsonb, version = version + 1, updated_at = now(),
            published_at = coalesce($3::timestamptz, published_at),
            words_version = words_version + case when $3::timestamptz is null then 0 else 1 end
          where id = 1 and ($2::int is null or version = $2::int)
          returning data, version, updated_at as "updatedAt"`,
        [JSON.stringify(values), expectedVersion ?? null, publishedAt?.toISOString() ?? null],
      );
      return row ? toSettings(row) : null;
    },

    /**
     * When the site's words last went on the site, and their own version (decision 110);
     * `forUpdate` holds the row until commit.
     */
    async words(forUpdate = false): Promise<WordsState> {
      await this.get();
      const [row] = await database.query<{ publishedAt: Date | string | null; version: number }>(
        `select published_at as "publishedAt", words_version as version from settings where id = 1${forUpdate ? ' for update' : ''}`,
      );
      return {
        publishedAt: row?.publishedAt ? new Date(row.publishedAt).toISOString() : null,
        version: Number(row?.version ?? 1),
      };
    },
  };
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;
