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
  /**
   * Take a contact message from a page's form post (the form without JavaScript), through the same
   * validation and safeguards as POST /api/contactus.
   */
  sendContactMessage(input: Record<string, unknown>, meta: { ip: string }): Promise<ContactResult>;
  /** The confirmation link's button (double opt-in); a token works once. */
  confirmSubscription(token: string): Promise<{ ok: boolean; message: string }>;
  /** The unsubscribe link's button; the subscriber is removed for good. */
  unsubscribe(token: string): Promise<{ ok: boolean; message: string }>;
}

export type ContactResult =
  | { ok: true }
  | { ok: false; status: number; error: string; fields?: Record<string, string> };

export interface RequestContext {
  site: SiteData;
  user: PublicUser | null;
  /** The nonce this response's Content-Security-Policy allows inline scripts with. */
  nonce: string;
  /** The public origin, for canonical URLs and sitemaps. */
  origin: string;
  /** The visitor's address (from X-Forwarded-For only when TRUST_PROXY is set). */
  clientIp: string;
}
