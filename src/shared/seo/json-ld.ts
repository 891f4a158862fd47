import type { SiteSettings } from '../content/settings';

export interface JsonLdService {
  title: string;
  slug: string;
}

/**
 * schema.org LocalBusiness for search engines, built from the editable site settings: who the
 * company is, how to reach it, that it works around the clock, and what it offers.
 */
export function localBusinessJsonLd(
  settings: Pick<
    SiteSettings,
    'companyName' | 'tagline' | 'phone' | 'email' | 'address' | 'city' | 'country'
  > &
    Partial<Pick<SiteSettings, 'facebookUrl' | 'instagramUrl' | 'linkedinUrl' | 'youtubeUrl'>>,
  services: readonly JsonLdService[],
  origin: string,
): Record<string, unknown> {
  const sameAs = [
    settings.facebookUrl,
    settings.instagramUrl,
    settings.linkedinUrl,
    settings.youtubeUrl,
  ].filter((url): url is string => Boolean(url));
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${origin}/#business`,
    name: settings.companyName,
    description: settings.tagline,
    url: `${origin}/home`,
    telephone: settings.phone,
    email: settings.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: settings.address,
      addressLocality: settings.city,
      addressCountry: settings.country,
    },
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
      opens: '00:00',
      closes: '23:59',
    },
    ...(sameAs.length > 0 ? { sameAs } : {}),
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Services',
      itemListElement: services.map((service) => ({
        '@type': 'Offer',
        itemOffered: {
          '@type': 'Service',
          name: service.title,
          url: `${origin}/services/${encodeURIComponent(service.slug)}`,
        },
      })),
    },
  };
}

/** JSON for a <script type="application/ld+json">: nothing in it can close the script element. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
