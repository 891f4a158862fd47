import {
  SERVICE_CATEGORY_LABELS,
  type ServiceCategory,
  TRUNCATE_WORDS,
  truncateWords,
} from '../../shared/constants';
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

export interface ServiceCardData extends ServiceSummary {
  excerpt: string;
}

export const toServiceCard = (record: SiteRecord<'service'>): ServiceCardData => ({
  ...toServiceSummary(record),
  image: record.images[0] ?? record.icon,
  excerpt: truncateWords(record.description, TRUNCATE_WORDS.serviceDescription),
});

export interface ServiceDetailData extends ServiceSummary {
  description: string;
  icon: string;
  images: string[];
}

export const toServiceDetail = (record: SiteRecord<'service'>): ServiceDetailData => ({
  ...toServiceSummary(record),
  description: record.description,
  icon: record.icon,
  images: record.images,
});

export interface ClientCardData {
  id: string;
  name: string;
  phone: string;
  address: string;
}

export const toClientCard = (record: SiteRecord<'client'>): ClientCardData => ({
  id: record._id,
  name: record.name,
  phone: record.phone,
  address: truncateWords(record.address, TRUNCATE_WORDS.clientAddress),
});
