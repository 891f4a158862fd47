import { SITE_WORDS_ID, type SiteSettings, siteWords } from '../../../shared/content/settings';
import type { PublishableRecords } from '../../content/publishing';
import type { StoredRecord, UpdateResult } from '../../content/repository';
import type { ChangeTransaction } from '../../db/change-log';
import type { Database } from '../../db/client';
import { createSettingsStore, type WordsState } from './store';

/**
 * The settings as the one record of the site's words: every value, when the words went live, and
 * the words' own version (an operations setting saved does not move it).
 */
export function wordsRecord(settings: SiteSettings, words: WordsState): StoredRecord {
  return {
    ...settings,
    _id: SITE_WORDS_ID,
    publishedAt: words.publishedAt,
    version: words.version,
  } as unknown as StoredRecord;
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
      const words = await store.words(options.forUpdate);
      return wordsRecord(await store.get(), words);
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
      return { kind: 'updated', record: wordsRecord(updated, await store.words()) };
    },
    in(tx: ChangeTransaction) {
      return siteWordsRecords(tx);
    },
  };
}
