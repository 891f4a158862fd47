import type { AccessRule, Permission } from '../permissions';
import type { Field, FieldValue } from './fields';

export type { AccessRule };

export interface ContentAccess {
  list: AccessRule;
  read: AccessRule;
  create: AccessRule;
  update: AccessRule;
  delete: AccessRule;
  /** Publishing a draft, scheduling it, taking a record off the site: types with `versions` only. */
  publish?: AccessRule;
}

/**
 * The right a route needs that changes what visitors see of a type as a whole, not one record's
 * draft (the display order): the publish right of a type with versions, else its update right.
 * The server's route and the admin's buttons read this one rule.
 */
export const liveChangeRule = (def: Pick<ContentTypeDef, 'versions' | 'access'>): AccessRule =>
  def.versions ? (def.access.publish ?? def.access.update) : def.access.update;

/**
 * A type whose records are edited as drafts before visitors see them (decision 109): each record
 * has its published values (what every public surface reads) and at most one working draft, every
 * publish keeps a version, and a draft can be previewed at a secret link and published on a schedule.
 */
export interface VersionsDef {
  drafts: true;
  /**
   * The public page a record shows on, for its preview: a path, `:slug` standing for the record's
   * slug (`/services/:slug`), or the list page it appears on (`/about`).
   */
  page: string;
  /** Other public pages the record shows on, which its preview can show too (`&page=`). */
  alsoOn?: readonly string[];
  /** How many published versions each record keeps (the oldest go first); 50 when absent. */
  keep?: number;
}

export interface ContentTypeDef<F extends Record<string, Field> = Record<string, Field>> {
  /** API resource name, the spec's §7 path segment: GET /api/{name}. */
  name: string;
  /** Singular and plural labels for people ('Service', 'Services'). */
  label: string;
  plural: string;
  /**
   * The resource's name in the API document's operation ids (`listContactMessages`) where the
   * labels read badly there; without it, the labels run together (`ServiceCenter`).
   */
  apiNoun?: { one: string; many: string };
  /** SQL table holding the records. */
  table: string;
  fields: F;
  /** The field that names a record in lists, notifications and the audit log. */
  titleField: keyof F & string;
  /** Services get a unique URL slug made from this field. */
  slugFrom?: keyof F & string;
  /**
   * A field no two live records share, compared case-insensitively (a subscriber's e-mail).
   * Creating a duplicate answers the existing record instead of storing a second one.
   */
  uniqueField?: keyof F & string;
  access: ContentAccess;
  versions?: VersionsDef;
  /**
   * Safeguards for records the public sends in (the contact form, the newsletter sign-up); see
   * server/content/intake.ts. What a type does with a new record beyond these (a request's mails
   * and photos, a subscriber's confirmation) is its module's `afterCreate` hook (decision 088).
   */
  intake?: {
    /**
     * A form field people never see (`field`). A bot that fills it gets the normal success answer,
     * but its record is stored with the boolean field `flag` set, for staff to review or purge.
     */
    honeypot?: { field: string; flag: keyof F & string };
    /**
     * Records one client address may send per window, the route's declared write limit; the
     * budget is an env variable per bucket (CONTACT_RATE_LIMIT, SUBSCRIBE_RATE_LIMIT; see intake.ts).
     */
    rateLimit?: { bucket: string; windowMinutes: number; message: string };
    /**
     * The sender must confirm from a link mailed to them (subscribers). Creating answers 202 with
     * `acknowledgement` whether the address was new or known, so the answer tells nobody who is
     * on the list; the confirmation mail is server/modules/subscriptions/hooks.ts.
     */
    doubleOptIn?: { acknowledgement: string };
    /**
     * Every new record gets a short `reference` (`<prefix>-7Q3K`) and an unguessable link to a
     * private status page (`/track/<token>`), of which only the token's SHA-256 is stored; see
     * server/content/tracking.ts and docs/decisions/071.
     */
    track?: { prefix: string };
    /**
     * The sender may attach up to `max` photos, each sent first through its own door
     * (`POST /api/<name>/photos`) and named here by the token it answered; staff alone see them.
     * See server/modules/requests and docs/decisions/074.
     */
    photos?: { max: number };
    /**
     * Records with the boolean field `flag` set are emergencies that page a person: everyone on the
     * settings' on-call list is mailed at once (with SMTP_URL), staff who turned browser
     * notifications on are pushed one, and a record still at `stage.open` in `stage.field` after
     * URGENT_ESCALATE_MINUTES is mailed once more, as ESCALATED, to the notify address and every
     * admin. `details`: the fields after the reference in those subjects (area, phone). See
     * server/modules/requests and docs/decisions/073.
     */
    urgent?: {
      flag: keyof F & string;
      details: readonly (keyof F & string)[];
      stage: { field: keyof F & string; open: string };
      /** What the push notification's body names besides the details (the service). */
      summary: readonly (keyof F & string)[];
    };
  };
  list: {
    /** 'position' is the staff-editable order; 'newest' puts the latest first (the inbox). */
    order: 'position' | 'newest';
    /**
     * With order 'newest': the date field that says how new a record is (a project's completion
     * day) instead of when it was stored; records without one come last.
     */
    newestBy?: keyof F & string;
    /** Paginated lists answer { data, totalCount } (the spec's contactus shape). */
    paginated?: boolean;
    /** Fields matched by ?q= (case-insensitive substring). */
    search?: readonly (keyof F & string)[];
    /** Fields that can be filtered by exact value in the query string. */
    filters?: readonly (keyof F & string)[];
    /** Filter values applied when the query string names none (`spam: 'false'` hides spam). */
    defaultFilters?: Partial<Record<keyof F & string, string>>;
    /**
     * Further orders a client may ask for by name (`?order=queue`); without one the list keeps
     * `order`. Each gets an index of its own (server/content/table.ts).
     */
    orders?: Record<string, RankedOrder<keyof F & string>>;
    /**
     * Filters used together on a list that grows without bound (the inbox's stage and service):
     * each combination gets an index, newest first, so a filtered page is one index range.
     */
    indexes?: readonly (readonly (keyof F & string)[])[];
  };
  admin: {
    /** The admin screen's path (the spec's routes where they exist). */
    path: string;
    /** The heading of the admin list. */
    title: string;
    view: 'table' | 'cards';
    /** Columns shown in the admin table, in order. */
    columns: readonly (keyof F & string)[];
    /** Column headings where they differ from the field label. */
    columnLabels?: Partial<Record<keyof F & string, string>>;
  };
}

/**
 * An order that puts some records first: those matching \`first[0]\` (every named field equal to its
 * value), then those matching \`first[1]\`, and so on, each group oldest first, because the one
 * waiting longest is next; then everything else, newest first.
 */
export interface RankedOrder<K extends string = string> {
  /** What the order is for, in the API description. */
  summary: string;
  first: readonly Partial<Record<K, string | boolean>>[];
}

/** A table name as SQL text may carry it unquoted. */
export const SQL_IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
/** A field key, whose column is its snake_case (`firstResponseAt` → `first_response_at`). */
const FIELD_KEY = /^[a-z][a-zA-Z0-9]*$/;

/**
 * Check a declaration and keep its literal type: the name, the access rules, the slug and each
 * field's kind travel to every reader, so `site.list('service')` knows a service's fields and a
 * misspelt one is a compile error (see `ContentRecord`).
 */
export function defineContentType<const F extends Record<string, Field>, const D extends ContentTypeDef<F>>(
  def: D & ContentTypeDef<F>,
): D {
  // Names that become SQL identifiers are written into statements as they are: only plain ones pass.
  if (!SQL_IDENTIFIER.test(def.table))
    throw new Error(`${def.name}: table '${def.table}' is not a plain SQL name`);
  for (const key of Object.keys(def.fields))
    if (!FIELD_KEY.test(key))
      throw new Error(`${def.name}: field '${key}' cannot name a column (letters and digits only)`);
  for (const column of def.admin.columns) {
    if (!(column in def.fields)) throw new Error(`${def.name}: admin column '${column}' is not a field`);
  }
  if (!(def.titleField in def.fields)) throw new Error(`${def.name}: titleField is not a field`);
  if (def.versions && !def.access.publish)
    throw new Error(`${def.name}: a type with versions needs access.publish, the right to publish`);
  if (def.versions?.page.includes(':slug') && !def.slugFrom)
    throw new Error(`${def.name}: versions.page names :slug, but the type has no slug`);
  if (def.list.newestBy && (def.list.order !== 'newest' || !(def.list.newestBy in def.fields)))
    throw new Error(`${def.name}: list.newestBy must name a field of a list ordered 'newest'`);
  const ordered = Object.values(def.list.orders ?? {}).flatMap((order) => order.first.flatMap(Object.keys));
  for (const key of [...ordered, ...(def.list.indexes ?? []).flat()])
    if (!(key in def.fields)) throw new Error(`${def.name}: list order or index names '${key}', not a field`);
  return def;
}

/** A content type's noun in API operation ids: its declared `apiNoun`, or its labels run together. */
export function apiNounOf(def: ContentTypeDef): { one: string; many: string } {
  const pascal = (words: string) =>
    words
      .split(/[^a-zA-Z0-9]+/)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join('');
  return def.apiNoun ?? { one: pascal(def.label), many: pascal(def.plural) };
}

/**
 * Where a record of a type with versions stands: not on the site (`draft`), waiting for its time
 * (`scheduled`), on the site as saved (`published`), or on the site with a draft of changes (`changed`).
 */
export const PUBLICATION_STATUSES = ['draft', 'scheduled', 'published', 'changed'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

/** What staff read about a versioned record's publication besides its values. */
export interface PublicationMeta {
  status: PublicationStatus;
  /** When its values on the site were published; null when it is not on the site. */
  publishedAt: string | null;
  /** When its draft is scheduled to be published. */
  publishAt: string | null;
  /** The working draft: `stale` when a later publish happened after it was begun. */
  draft: { version: number; updatedAt: string; updatedBy: string | null; stale: boolean } | null;
}

/** Columns every stored record carries besides its declared fields. */
export interface RecordMeta {
  _id: string;
  createdAt: string;
  updatedAt: string;
  version: number;
  sortOrder: number;
}

/** The keys of fields declared `staffOnly: true`: `visibleTo` leaves them out for visitors. */
export type StaffOnlyKeys<F extends Record<string, Field>> = {
  [K in keyof F]: F[K] extends { staffOnly: true } ? K : never;
}[keyof F];

/** A record's declared values; a staff-only value may be absent (the reader was not staff). */
export type FieldValues<F extends Record<string, Field>> = {
  [K in Exclude<keyof F, StaffOnlyKeys<F>>]: FieldValue<F[K]>;
} & { [K in StaffOnlyKeys<F>]?: FieldValue<F[K]> };

/** A stored record of a content type as the API returns it. */
export type ContentRecord<D extends ContentTypeDef> = FieldValues<D['fields']> &
  RecordMeta &
  (D extends { slugFrom: string } ? { slug: string } : unknown) &
  // A request's photos: staff's addresses of them (one record), or how many (a list's rows).
  (D extends { intake: { photos: object } } ? { photos?: string[]; photoCount?: number } : unknown) &
  // Where it stands between its draft and the site: for its editors only (decision 109).
  (D extends { versions: object } ? Partial<PublicationMeta> : unknown);

/** A record as an anonymous visitor (and every public page) receives it: no staff-only field. */
export type PublicRecord<D extends ContentTypeDef> = Omit<ContentRecord<D>, StaffOnlyKeys<D['fields']>>;

/** A singleton record (the site settings): declared fields, one row. */
export interface SingletonDef<F extends Record<string, Field> = Record<string, Field>> {
  name: string;
  label: string;
  fields: F;
  /** Named groups of fields for the admin form. */
  groups: { title: string; fields: (keyof F & string)[] }[];
  access: { read: AccessRule; update: AccessRule };
  /** Who reads the fields marked `staffOnly`: holders of this right (else any approved staff member). */
  staffOnlyRight?: Permission;
}

export function defineSingleton<const F extends Record<string, Field>>(
  def: SingletonDef<F>,
): SingletonDef<F> {
  const grouped = new Set(def.groups.flatMap((g) => g.fields));
  for (const key of Object.keys(def.fields)) {
    if (!grouped.has(key)) throw new Error(`${def.name}: field '${key}' is in no group`);
  }
  return def;
}
