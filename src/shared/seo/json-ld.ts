import { openDays, WEEKDAY_LABELS, type WeeklyHours } from '../content/hours';
import type { SiteSettings } from '../content/settings';
import type { MapPoint } from '../location';
import { ratingOf, type TrustSettings } from '../trust-signals';
import { centerPath, projectPath, servicePath } from './public-pages';

export interface JsonLdService {
  title: string;
  slug: string;
}

/**
 * schema.org LocalBusiness for search engines, built from the editable site settings: who the
 * company is, how to reach it, that it works around the clock, and what it offers; with the trust
 * signals that are set, its rating (only with a count: Google ignores a rating without one), the
 * year it was founded and its certifications.
 */
export function localBusinessJsonLd(
  settings: Pick<
    SiteSettings,
    'companyName' | 'tagline' | 'phone' | 'email' | 'address' | 'city' | 'country'
  > &
    Partial<Pick<SiteSettings, 'facebookUrl' | 'instagramUrl' | 'linkedinUrl' | 'youtubeUrl'>> &
    Partial<Pick<TrustSettings, 'ratingValue' | 'ratingCount' | 'foundedYear' | 'certifications'>>,
  services: readonly JsonLdService[],
  origin: string,
): Record<string, unknown> {
  const sameAs = [
    settings.facebookUrl,
    settings.instagramUrl,
    settings.linkedinUrl,
    settings.youtubeUrl,
  ].filter((url): url is string => Boolean(url));
  const id = businessId(origin);
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': id,
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
    ...trustJsonLd(settings),
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Services',
      itemListElement: services.map((service) => ({
        '@type': 'Offer',
        itemOffered: {
          '@type': 'Service',
          name: service.title,
          url: `${origin}${servicePath(service.slug)}`,
          provider: { '@id': id },
        },
      })),
    },
  };
}

/** The trust signals search engines read: each only when it is set. */
function trustJsonLd(
  settings: Partial<Pick<TrustSettings, 'ratingValue' | 'ratingCount' | 'foundedYear' | 'certifications'>>,
): Record<string, unknown> {
  const rating = ratingOf(settings.ratingValue);
  const count = settings.ratingCount ?? 0;
  const certifications = (settings.certifications ?? []).filter((c) => c.name.trim() !== '');
  return {
    ...(rating !== null && count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating,
            reviewCount: count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(settings.foundedYear ? { foundingDate: String(settings.foundedYear) } : {}),
    ...(certifications.length > 0
      ? {
          hasCredential: certifications.map((c) => ({
            '@type': 'EducationalOccupationalCredential',
            name: c.name.trim(),
            ...(c.number?.trim() ? { identifier: c.number.trim() } : {}),
            ...(c.url?.trim() ? { url: c.url.trim() } : {}),
            ...(c.issuer.trim() ? { recognizedBy: { '@type': 'Organization', name: c.issuer.trim() } } : {}),
          })),
        }
      : {}),
  };
}

/** A page's own address of a picture (`/media/…`) as the absolute URL structured data needs. */
const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);

/**
 * The week as schema.org opening hours: days with the same hours share one specification, in
 * calendar order of their first day; a closed day has none.
 */
export function openingHoursSpecification(week: WeeklyHours | null | undefined): Record<string, unknown>[] {
  const groups = new Map<string, string[]>();
  for (const [day, hours] of openDays(week)) {
    const key = `${hours.opens}-${hours.closes}`;
    groups.set(key, [...(groups.get(key) ?? []), WEEKDAY_LABELS[day]]);
  }
  return [...groups].map(([key, days]) => {
    const [opens, closes] = key.split('-');
    return { '@type': 'OpeningHoursSpecification', dayOfWeek: days, opens, closes };
  });
}

export interface JsonLdCenter {
  name: string;
  slug: string;
  phone: string;
  address: string;
  images: readonly string[];
  hours: WeeklyHours;
  areas: readonly string[];
  /** Where its door is, when the center's map location is set. */
  point?: MapPoint | null;
}

/**
 * schema.org LocalBusiness of one service center, a branch of the company: its own name, address,
 * phone, hours and areas. A center without an address is no place search engines can list: null.
 * Without a phone of its own it gives the company's.
 */
export function serviceCenterJsonLd(
  center: JsonLdCenter,
  settings: Pick<SiteSettings, 'phone' | 'country'>,
  origin: string,
): Record<string, unknown> | null {
  if (!center.address.trim()) return null;
  const url = `${origin}${centerPath(center.slug)}`;
  const hours = openingHoursSpecification(center.hours);
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${url}#center`,
    name: center.name,
    url,
    telephone: center.phone || settings.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: center.address,
      addressCountry: settings.country,
    },
    ...(center.images.length > 0 ? { image: center.images.map((image) => absolute(origin, image)) } : {}),
    ...(hours.length > 0 ? { openingHoursSpecification: hours } : {}),
    ...(center.areas.length > 0 ? { areaServed: [...center.areas] } : {}),
    ...(center.point
      ? { geo: { '@type': 'GeoCoordinates', latitude: center.point.lat, longitude: center.point.lng } }
      : {}),
    parentOrganization: { '@id': businessId(origin) },
  };
}

/** What a project's structured data says: the page's own words, no field a reader cannot see. */
export interface JsonLdProject {
  title: string;
  slug: string;
  /** One or two sentences on the job: the problem and the result. */
  description: string;
  /** Addresses of the after picture first, then the rest (site-relative or absolute). */
  images: readonly string[];
  /** The completion day, `YYYY-MM-DD`, when known. */
  completedOn: string | null;
  /** Neighbourhood or city, when given. */
  area: string;
  service: JsonLdService | null;
}

/**
 * schema.org CreativeWork for a finished job (a project page): what was done, where and when, for
 * which service, made by the business (the layout's LocalBusiness, named by its `@id`).
 */
export function projectJsonLd(project: JsonLdProject, origin: string): Record<string, unknown> {
  const absolute = (src: string) => (src.startsWith('/') ? `${origin}${src}` : src);
  const business = { '@id': businessId(origin) };
  return {
    '@context': 'https://schema.org',
    '@type': 'CreativeWork',
    '@id': `${origin}${projectPath(project.slug)}#project`,
    name: project.title,
    description: project.description,
    url: `${origin}${projectPath(project.slug)}`,
    ...(project.images.length > 0 ? { image: project.images.map(absolute) } : {}),
    ...(project.completedOn ? { dateCreated: project.completedOn, datePublished: project.completedOn } : {}),
    ...(project.service
      ? {
          about: {
            '@type': 'Service',
            name: project.service.title,
            url: `${origin}${servicePath(project.service.slug)}`,
            provider: business,
          },
        }
      : {}),
    ...(project.area
      ? { locationCreated: { '@type': 'Place', name: project.area, address: project.area } }
      : {}),
    creator: business,
    author: business,
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

/** The business every page's LocalBusiness describes, as other structured data points to it. */
export const businessId = (origin: string) => `${origin}/#business`;

/**
 * schema.org FAQPage of a page's questions and answers (a service's FAQs), or null when there are
 * none: an FAQPage without a question is not one.
 */
export function faqPageJsonLd(
  faqs: readonly { question: string; answer: string }[],
  url: string,
): Record<string, unknown> | null {
  if (faqs.length === 0) return null;
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    '@id': `${url}#faq`,
    url,
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  };
}

/**
 * schema.org Service for a service's page: what it is, who provides it (the site's LocalBusiness),
 * where, and its price guidance as the description of an offer (a guide such as "Call-out from
 * Rs 2,500" is not a price a machine could read, so it is never put in `price`).
 */
export function serviceJsonLd(
  service: {
    title: string;
    description: string;
    slug: string;
    categoryLabel: string;
    price: string;
    image?: string;
  },
  settings: Pick<SiteSettings, 'city' | 'country'>,
  origin: string,
): Record<string, unknown> {
  const url = `${origin}/services/${encodeURIComponent(service.slug)}`;
  const image = service.image
    ? service.image.startsWith('/')
      ? `${origin}${service.image}`
      : service.image
    : '';
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    '@id': `${url}#service`,
    name: service.title,
    description: service.description,
    url,
    serviceType: service.categoryLabel,
    provider: { '@id': businessId(origin) },
    areaServed: { '@type': 'City', name: settings.city },
    ...(image ? { image } : {}),
    ...(service.price ? { offers: { '@type': 'Offer', description: service.price, url } } : {}),
  };
}
