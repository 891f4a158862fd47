import type { SiteRecord } from '../../shared/site-data';

/** A record's text field, '' when absent. */
export const text = (record: SiteRecord, key: string): string => {
  const value = record[key];
  return typeof value === 'string' ? value : value == null ? '' : String(value);
};

/** A record's image addresses, whether the field holds a list or a single image. */
export const imagesOf = (record: SiteRecord, key = 'images'): string[] => {
  const value = record[key];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v !== '');
  return typeof value === 'string' && value !== '' ? [value] : [];
};
