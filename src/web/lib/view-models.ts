import {
  SERVICE_CATEGORIES,
  SERVICE_CATEGORY_LABELS,
  type ServiceCategory,
  TRUNCATE_WORDS,
  truncateWords,
} from '../../shared/constants';
import { excerpt } from '../../shared/excerpt';
import type { SiteRecord } from '../../shared/site-data';

/**
 * The shapes pages receive from their loaders: only what they show, so the page data embedded in
 * the HTML for hydration stays small.
 */
export interface ServiceSummary {
  id: string;
  slug: string;
  title: string;
  category: ServiceCategory;
  categoryLabel: string;
  image: string;
}

export const toServiceSummary = (record: SiteRecord<'service'>): ServiceSummary => ({
  id: record._id,
  slug: record.slug,
  title: record.title,
  category: record.serviceName,
  categoryLabel: SERVICE_CATEGORY_LABELS[record.serviceName],
  image: record.icon || (record.images[0] ?? ''),
});

/** Rupees as a price reads: `Rs 2,500`; a visit that costs nothing is `Free`. */
export const formatRupees = (amount: number) =>
  amount === 0 ? 'Free' : `Rs ${amount.toLocaleString('en-US')}`;

/** A service's one sentence: its summary, else the start of its description, never cut mid-word. */
export const serviceSentence = (record: SiteRecord<'service'>) =>
  record.summary || excerpt(record.description, { chars: 140 });

/** A service as a compact row: title, one sentence, its call-out price ('' when unset). */
export interface ServiceRowData {
  id: string;
  slug: string;
  title: string;
  category: ServiceCategory;
  summary: string;
  calloutPrice: number | null;
}

export const toServiceRow = (record: SiteRecord<'service'>): ServiceRowData => ({
  id: record._id,
  slug: record.slug,
  title: record.title,
  category: record.serviceName,
  summary: serviceSentence(record),
  calloutPrice: record.calloutPrice,
});

/** A trade (SERVICE_CATEGORIES) as the home page shows it: its lowest call-out and one line. */
export interface TradeData {
  category: ServiceCategory;
  label: string;
  /** The lowest call-out price of its services; null when none has one. */
  fromPrice: number | null;
  /** Its first service's summary (staff order the services). */
  benefit: string;
  count: number;
}

export function toTrades(records: readonly SiteRecord<'service'>[]): TradeData[] {
  return SERVICE_CATEGORIES.flatMap((category) => {
    const services = records.filter((r) => r.serviceName === category);
    const first = services[0];
    if (!first) return [];
    const prices = services.flatMap((s) => (s.calloutPrice === null ? [] : [s.calloutPrice]));
    return [
      {
        category,
        label: SERVICE_CATEGORY_LABELS[category],
        fromPrice: prices.length > 0 ? Math.min(...prices) : null,
        benefit: serviceSentence(first),
        count: services.length,
      },
    ];
  });
}

export interface ServiceDetailData extends ServiceSummary {
  description: string;
  icon: string;
  images: string[];
  /** What a customer asks before calling, each '' or null when unset: prices in rupees, warranty, duration, a price note. */
  calloutPrice: number | null;
  nightPrice: number | null;
  warranty: string;
  price: string;
  duration: string;
  steps: { title: string; description: string }[];
  faqs: { question: string; answer: string }[];
}

export const toServiceDetail = (record: SiteRecord<'service'>): ServiceDetailData => ({
  ...toServiceSummary(record),
  description: record.description,
  icon: record.icon,
  images: record.images,
  calloutPrice: record.calloutPrice,
  nightPrice: record.nightPrice,
  warranty: record.warranty,
  price: record.price,
  duration: record.duration,
  steps: record.steps,
  faqs: record.faqs,
});

export interface TestimonialData {
  id: string;
  name: string;
  position: string;
  /** Where the customer is; optional for pages that build a quote of their own. */
  area?: string;
  text: string;
  rating: number;
  image: string;
}

export const toTestimonial = (record: SiteRecord<'testimonial'>): TestimonialData => ({
  id: record._id,
  name: record.name,
  position: record.position,
  area: record.area,
  text: record.text,
  rating: record.rating,
  image: record.image,
});

/**
 * A client as proof of work: who they are and what we did for them. Never their phone number (a
 * visitor tapping it would call the client) nor their address: the card is not a phone book.
 */
export interface ClientCardData {
  id: string;
  name: string;
  work: string;
  logo: string;
}

export const toClientCard = (record: SiteRecord<'client'>): ClientCardData => ({
  id: record._id,
  name: record.name,
  work: record.work,
  logo: record.images[0] ?? '',
});

/** A service as a project names it: its title and where its page is. */
export interface ServiceLink {
  title: string;
  slug: string;
}

/** Each live service by id: what a project's service reference holds. */
export const serviceLinksById = (services: readonly SiteRecord<'service'>[]): Map<string, ServiceLink> =>
  new Map(services.map((s) => [s._id, { title: s.title, slug: s.slug }]));

/** A calendar day (`2026-03-14`) as people read it: `14 March 2026`; empty when unset or unreadable. */
export function dayLabel(day: string | null): string {
  const at = day ? new Date(`${day}T00:00:00Z`) : null;
  if (!at || Number.isNaN(at.getTime())) return '';
  return at.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export interface ProjectCardData {
  id: string;
  slug: string;
  title: string;
  area: string;
  /** `YYYY-MM-DD`, for a `<time>` element; the label is what the visitor reads. */
  completedOn: string | null;
  completedLabel: string;
  /** The finished job (the after picture), else any picture of it. */
  image: string;
  service: ServiceLink | null;
}

export const toProjectCard = (
  record: SiteRecord<'project'>,
  services: ReadonlyMap<string, ServiceLink>,
): ProjectCardData => ({
  id: record._id,
  slug: record.slug,
  title: record.title,
  area: record.area,
  completedOn: record.completedOn,
  completedLabel: dayLabel(record.completedOn),
  image: record.after || record.before || (record.images[0] ?? ''),
  service: (record.service && services.get(record.service)) || null,
});

export interface ProjectDetailData extends ProjectCardData {
  before: string;
  after: string;
  images: string[];
  problem: string;
  work: string;
  result: string;
  /** The client's name, when the project names a client still listed. */
  client: string | null;
  testimonial: { quote: string; name: string; position: string } | null;
}

export const toProjectDetail = (
  record: SiteRecord<'project'>,
  services: ReadonlyMap<string, ServiceLink>,
  client: SiteRecord<'client'> | null,
  testimonial: SiteRecord<'testimonial'> | null,
): ProjectDetailData => ({
  ...toProjectCard(record, services),
  before: record.before,
  after: record.after,
  images: record.images,
  problem: record.problem,
  work: record.work,
  result: record.result,
  client: client?.name ?? null,
  testimonial: testimonial
    ? { quote: testimonial.text, name: testimonial.name, position: testimonial.position }
    : null,
});
