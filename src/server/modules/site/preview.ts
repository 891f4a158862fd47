import type { ContentTypeDef } from '../../../shared/content/define';
import { siteWords } from '../../../shared/content/settings';
import { visibleTo } from '../../../shared/content/visibility';
import type { PreviewPage, SiteData } from '../../../shared/site-data';
import { readPreviewToken } from '../../content/preview-token';
import { draftValues, readDraft, withDraft } from '../../content/publication-store';
import { asVisitorReads, type PublishableRecords } from '../../content/publishing';
import type { StoredRecord } from '../../content/repository';
import type { Database } from '../../db/client';

/**
 * What pages read in a draft's preview (decision 109): everything as visitors see it, except the
 * one record, which reads as its draft has it, on the site or not. Only this render sees it.
 */
export function withPreview(site: SiteData, type: string, record: StoredRecord): SiteData {
  // The site's words are the settings every page reads (decision 110).
  if (type === siteWords.name)
    return {
      ...site,
      settings: async () => ({ ...(await site.settings()), ...draftValues(siteWords, record) }),
    };
  type Loose = Record<string, unknown> & { _id?: unknown; slug?: unknown; sortOrder?: unknown };
  const ours = (name: string) => name === type;
  const sortKey = (entry: Loose) => Number(entry.sortOrder ?? 0);
  // Read by a type's name at run time, as the engine does; the pages keep their typed view.
  const looseList = site.list as unknown as (
    name: string,
    query?: Parameters<SiteData['list']>[1],
  ) => Promise<unknown[]>;
  const looseFindBySlug = site.findBySlug as unknown as (name: string, slug: string) => Promise<unknown>;
  const looseFindById = site.findById as unknown as (name: string, id: string) => Promise<unknown>;
  const list = async (name: string, query?: Parameters<SiteData['list']>[1]) => {
    const records = (await looseList(name, query)) as Loose[];
    if (!ours(name)) return records;
    const at = records.findIndex((entry) => entry._id === record._id);
    if (at >= 0) return records.map((entry, index) => (index === at ? record : entry));
    // Not on the site yet: shown where its position puts it, in a list that is not narrowed.
    if (query?.filters || query?.limit) return records;
    return [...records, record].sort((a, b) => sortKey(a) - sortKey(b));
  };
  const findBySlug = async (name: string, slug: string) =>
    ours(name) && record.slug === slug ? record : looseFindBySlug(name, slug);
  const findById = async (name: string, id: string) =>
    ours(name) && record._id === id ? record : looseFindById(name, id);
  // The pages' types of records are the declarations'; the record is one of them, read as such.
  return {
    ...site,
    list: list as unknown as SiteData['list'],
    findBySlug: findBySlug as unknown as SiteData['findBySlug'],
    findById: findById as unknown as SiteData['findById'],
  };
}

/** A page's name in a preview's links: `/about` is "About". */
const pageLabel = (path: string) => {
  const word = path.split('/').filter(Boolean)[0] ?? 'home';
  return word.charAt(0).toUpperCase() + word.slice(1);
};

/**
 * The page a preview link shows and what it reads; null for a link that is not valid or expired.
 * `page`: another page the record shows on (`versions.alsoOn`), else its own page is shown.
 */
export async function previewTarget(
  database: Database,
  drafted: (type: string) => PublishableRecords | undefined,
  site: SiteData,
  key: Buffer,
  request: { token: string; page?: string },
  now: Date,
): Promise<{ path: string; site: SiteData; pages: PreviewPage[] } | null> {
  const claim = readPreviewToken(key, request.token, now);
  const repository = claim ? drafted(claim.type) : undefined;
  const def: ContentTypeDef | undefined = repository?.def;
  if (!claim || !repository || !def?.versions) return null;
  const record = await repository.findById(claim.id);
  if (!record) return null;
  const draft = visibleTo(
    null,
    def,
    asVisitorReads(withDraft(record, await readDraft(database, def, record._id))),
  );
  const own = def.versions.page.replace(':slug', encodeURIComponent(String(draft.slug ?? '')));
  const others = def.versions.alsoOn ?? [];
  const path = request.page && others.includes(request.page) ? request.page : own;
  // A record on more than one page: the banner links each, under the same link.
  const pages =
    others.length === 0
      ? []
      : [own, ...others].map((shown) => ({
          label: pageLabel(shown),
          href: `/preview?${new URLSearchParams({ token: request.token, ...(shown === own ? {} : { page: shown }) })}`,
          current: shown === path,
        }));
  return { path, site: withPreview(site, def.name, draft), pages };
}
