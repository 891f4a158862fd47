import type { PublicUser } from './auth';
import type { SiteSettings } from './content/settings';

/** A stored record as the pages receive it. */
export type SiteRecord = Record<string, unknown> & {
  _id: string;
  createdAt: string;
  updatedAt: string;
  version: number;
};

/**
 * What server-rendered pages may read, handed to React Router loaders as the load context.
 * The server implements it over its repositories; the web code only knows this interface.
 */
export interface SiteData {
  settings(): Promise<SiteSettings>;
  /** The public records of a content type, in display order. */
  list(type: string): Promise<SiteRecord[]>;
  findBySlug(type: string, slug: string): Promise<SiteRecord | null>;
}

export interface RequestContext {
  site: SiteData;
  user: PublicUser | null;
  /** The nonce this response's Content-Security-Policy allows inline scripts with. */
  nonce: string;
  /** The public origin, for canonical URLs and sitemaps. */
  origin: string;
}
