import {
  SERVICE_CATEGORY_LABELS,
  type ServiceCategory,
  TRUNCATE_WORDS,
  truncateWords,
} from '../../shared/constants';
import type { SiteRecord } from '../../shared/site-data';
import { imagesOf, text } from './records';

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

export const toServiceSummary = (record: SiteRecord): ServiceSummary => {
  const category = text(record, 'serviceName') as ServiceCategory;
  return {
    id: record._id,
    slug: text(record, 'slug'),
    title: text(record, 'title'),
    category,
    categoryLabel: SERVICE_CATEGORY_LABELS[category] ?? category,
    image: text(record, 'icon') || (imagesOf(record)[0] ?? ''),
  };
};

export interface ServiceCardData extends ServiceSummary {
  excerpt: string;
}

export const toServiceCard = (record: SiteRecord): ServiceCardData => ({
  ...toServiceSummary(record),
  image: imagesOf(record)[0] ?? text(record, 'icon'),
  excerpt: truncateWords(text(record, 'description'), TRUNCATE_WORDS.serviceDescription),
});

export interface ServiceDetailData extends ServiceSummary {
  description: string;
  icon: string;
  images: string[];
}

export const toServiceDetail = (record: SiteRecord): ServiceDetailData => ({
  ...toServiceSummary(record),
  description: text(record, 'description'),
  icon: text(record, 'icon'),
  images: imagesOf(record),
});

export interface ClientCardData {
  id: string;
  name: string;
  phone: string;
  address: string;
}

export const toClientCard = (record: SiteRecord): ClientCardData => ({
  id: record._id,
  name: text(record, 'name'),
  phone: text(record, 'phone'),
  address: truncateWords(text(record, 'address'), TRUNCATE_WORDS.clientAddress),
});
