import type { MetaDescriptor } from 'react-router';
import type { SiteSettings } from '../../shared/content/settings';
import { excerpt } from '../../shared/excerpt';

interface RootData {
  settings: SiteSettings;
  origin: string;
}

interface MetaInput {
  matches: readonly ({ id: string; data?: unknown } | undefined)[];
  location: { pathname: string };
}

/**
 * Title, description, canonical address and Open Graph tags for a public page. The company name
 * and the public origin come from the root loader, so every page says them the same way.
 */
export function pageMeta(
  args: MetaInput,
  page: { title: string; description: string; image?: string; type?: 'website' | 'article'; path?: string },
): MetaDescriptor[] {
  const root = args.matches.find((match) => match?.id === 'root')?.data as RootData | undefined;
  const company = root?.settings.companyName ?? '';
  const origin = root?.origin ?? '';
  const url = `${origin}${page.path ?? args.location.pathname}`;
  const title = !company || page.title.includes(company) ? page.title : `${page.title} | ${company}`;
  const description = excerpt(page.description, { chars: 160 });
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:site_name', content: company },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: page.image ? 'summary_large_image' : 'summary' },
  ];
  if (page.image) {
    const image = page.image.startsWith('/') ? `${origin}${page.image}` : page.image;
    tags.push({ property: 'og:image', content: image });
  }
  return tags;
}
