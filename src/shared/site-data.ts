import type { PublicUser } from './auth';
import type { ContactStage } from './constants';
import type { PublicRecord } from './content/define';
import type { SiteSettings } from './content/settings';
import type { ContentTypeOf, PublicTypeName, SluggedPublicTypeName } from './content/types';

/**
 * A record of the public type `N` as pages receive it, typed by its declaration: reading a field
 * the declaration does not have is a compile error, not an empty string on the page.
 */
export type SiteRecord<N extends PublicTypeName> = PublicRecord<ContentTypeOf<N>>;

/**
 * What server-rendered pages may read, handed to React Router loaders as the load context.
 * The server implements it over its repositories; the web code only knows this interface.
 */
export interface SiteData {
  settings(): Promise<SiteSettings>;
  /**
   * The public records of a content type, in display order: with a query, only those its declared
   * filters let through (`{ service: id }`), and at most `limit` of them.
   */
  list<N extends PublicTypeName>(type: N, query?: SiteListQuery): Promise<SiteRecord<N>[]>;
  findBySlug<N extends SluggedPublicTypeName>(type: N, slug: string): Promise<SiteRecord<N> | null>;
  /** The slug a record has now, when `slug` is an address it had before it changed; else null. */
  movedTo(type: SluggedPublicTypeName, slug: string): Promise<string | null>;
  /** One public record by its id (what a reference by id holds), or null when none is live. */
  findById<N extends PublicTypeName>(type: N, id: string): Promise<SiteRecord<N> | null>;
  /**
   * Take a visitor's form posted to a page without JavaScript (a request, a subscription)
   * through the same validation and safeguards as its POST /api/<type>.
   */
  submitForm(type: PublicFormType, input: Record<string, unknown>, meta: { ip: string }): Promise<FormResult>;
  /**
   * A contact request as its sender's private status page shows it (`/track/<token>`), or null
   * for a token that names none. Nothing else of the request leaves the server.
   */
  trackRequest(token: string): Promise<TrackedRequest | null>;
  /** The confirmation link's button (double opt-in); a token works once. */
  confirmSubscription(token: string): Promise<{ ok: boolean; message: string }>;
  /** The unsubscribe link's button; the subscriber is removed for good. */
  unsubscribe(token: string): Promise<{ ok: boolean; message: string }>;
  /** The button behind the link mailed to an account's new e-mail address; a token works once. */
  confirmAccountEmail(token: string): Promise<{ ok: boolean; message: string }>;
  /** What the sign-up page offers: the claim while the site has no admin, else a request if open. */
  signupStatus(): Promise<SignupStatus>;
}

/** Whether the site has an admin yet, and whether anyone may ask for an account (decision 094). */
export interface SignupStatus {
  claimed: boolean;
  signupOpen: boolean;
}

/** Which records of a list a page wants: equal to the type's declared filters, and how many. */
export interface SiteListQuery {
  filters?: Record<string, string>;
  limit?: number;
}

/** What a request's status page shows: never the sender's details, staff notes or other requests. */
export interface TrackedRequest {
  reference: string;
  /** The title of the service asked about, when one was and it is still published. */
  service: string | null;
  /** ISO time the request arrived. */
  receivedAt: string;
  stage: ContactStage;
  /** ISO time of the scheduled visit, when staff have set one. */
  scheduledAt: string | null;
}

/** The types visitors create through a form on a public page. */
export type PublicFormType = 'contactus' | 'subscribers';

export type FormResult =
  /** `message`: what the API answers a visitor too (the subscription's "check your inbox"). */
  /** `receipt`: a tracked request's reference and private status page. */
  | { ok: true; message?: string; receipt?: { reference: string; trackUrl: string } }
  | { ok: false; status: number; error: string; fields?: Record<string, string> };

/**
 * The photos a page form posted as multipart/form-data (the contact form without JavaScript),
 * checked and stored unclaimed by the server before the page's action runs: their tokens, or the
 * first refusal (its status and what to tell the visitor).
 */
export interface FormUploads {
  photos: string[];
  error: { status: number; message: string } | null;
}

export interface RequestContext {
  site: SiteData;
  user: PublicUser | null;
  /** The nonce this response's Content-Security-Policy allows inline scripts with. */
  nonce: string;
  /** The public origin, for canonical URLs and sitemaps. */
  origin: string;
  /**
   * The visitor's network, the key per-address budgets count (an IPv4 address, an IPv6 /64; from
   * X-Forwarded-For only when TRUST_PROXY is set).
   */
  clientIp: string;
  /**
   * The one script a public page loads (its islands), or null when the site runs without a build
   * of it. Public pages do not hydrate (docs/decisions/067).
   */
  islandScript: string | null;
  /** The time now (a test's fixed moment): what "open now" on a center page is worked out at. */
  now(): Date;
  /** Present when the page was posted as multipart/form-data. */
  uploads?: FormUploads;
  /**
   * The page is a draft's preview (`/preview?token=…`, decision 109): marked across the top, never
   * indexed, and without the islands (no service worker, no prefetching from a secret address).
   */
  preview?: boolean;
  /** A preview's other pages, for a record shown on more than one (the site's words): its links. */
  previewPages?: readonly PreviewPage[];
}

/** One page a preview link can show, and the link that shows it. */
export interface PreviewPage {
  label: string;
  href: string;
  current: boolean;
}
