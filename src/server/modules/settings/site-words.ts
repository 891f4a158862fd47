import { SITE_WORDS_ID, type SiteSettings, siteWords } from '../../../shared/content/settings';
import type { PublishableRecords } from '../../content/publishing';
import type { StoredRecord, UpdateResult } from '../../content/repository';
import type { ChangeTransaction } from '../../db/change-log';
import type { Database } from '../../db/client';
import { createSettingsStore } from './store';

/** The settings as the one record of the site's words: every value, and when the words went live. */
export function wordsRecord(settings: SiteSettings, publishedAt: string | null): StoredRecord {
  return { ...settings, _id: SITE_WORDS_ID, publishedAt } as unknown as StoredRecord;
}

/**
 * The site's public words as records publishing works on (decision 110): one record, the settings
 * row, read and written through the settings store. Its draft, versions and schedule are kept
 * where every drafted type keeps them, under `SITE_WORDS_ID`.
 */
export function siteWordsRecords(database: Database): PublishableRecords {
  const store = createSettingsStore(database);
  return {
    def: siteWords,
    async findById(id, options = {}) {
      if (id !== SITE_WORDS_ID) return null;
      // The row is held first, then read: what is read stays true until commit.
      const publishedAt = await store.wordsPublishedAt(options.forUpdate);
      return wordsRecord(await store.get(), publishedAt);
    },
    async findBySlug() {
      return null;
    },
    async update(id, values): Promise<UpdateResult> {
      if (id !== SITE_WORDS_ID) return { kind: 'missing' };
      const { publishedAt, ...words } = values;
      const kept = Object.fromEntries(Object.entries(words).filter(([key]) => key in siteWords.fields));
      const at = typeof publishedAt === 'string' ? new Date(publishedAt) : undefined;
      const updated = await store.update(kept, undefined, at);
      if (!updated) return { kind: 'missing' };
      return { kind: 'updated', record: wordsRecord(updated, await store.wordsPublishedAt()) };
    },
    in(tx: ChangeTransaction) {
      return siteWordsRecords(tx);
    },
  };
}
