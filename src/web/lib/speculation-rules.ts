import { PUBLIC_PAGE_PATTERNS } from '../../shared/seo/public-pages';

/**
 * The browser's speculation rules for public pages: a link to a public page is prerendered when
 * the visitor hovers or touches it, so the click shows a page that is already drawn. Only the
 * public pages' patterns are listed, so admin paths, /logout and /api are never fetched ahead;
 * a link with a query string (a confirm or unsubscribe code) is never fetched ahead either.
 */
export const SPECULATION_RULES = JSON.stringify({
  prerender: [
    {
      where: {
        and: [
          { href_matches: PUBLIC_PAGE_PATTERNS },
          { not: { selector_matches: 'a[href*="?"], [rel~="nofollow"], [download]' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
});
