import { data, redirect } from 'react-router';
import { contentTypesByName, type SluggedPublicTypeName } from '../../shared/content/types';
import { redirectTargetOr } from '../../shared/redirect-target';
import type { SiteData, SiteRecord } from '../../shared/site-data';

/**
 * The record a page's address names. An address a record had before its slug changed answers 301
 * to the record's page now (its declaration's `versions.page`), so old links and search results
 * keep working; anything else is the page's 404.
 */
export async function recordAtAddress<N extends SluggedPublicTypeName>(
  context: { site: SiteData; origin: string },
  type: N,
  slug: string,
): Promise<SiteRecord<N>> {
  const record = await context.site.findBySlug(type, slug);
  if (record) return record;
  const page = contentTypesByName.get(type)?.versions?.page;
  const moved = page ? await context.site.movedTo(type, slug) : null;
  const target = page && moved ? page.replace(':slug', encodeURIComponent(moved)) : null;
  if (target) throw redirect(redirectTargetOr(target, context.origin, '/home'), 301);
  throw data(null, { status: 404 });
}
