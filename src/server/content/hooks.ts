import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { RouteKeyScope } from '../../shared/api-keys';
import type { ChangeTransaction } from '../db/change-log';
import type { ApiKeyIdentity, SessionUser } from '../http/identity';
import type { ContentRepository, StoredRecord } from './repository';

/** What became of a visitor's new record (content/intake.ts). */
export type IntakeResult =
  /** `trackToken`: the new record's track link token (`intake.track`), told once, never stored. */
  | { kind: 'created'; record: StoredRecord; trackToken?: string }
  /** The type's unique field matched a live record: nothing new was stored. */
  | { kind: 'existed'; record: StoredRecord }
  | { kind: 'limited'; message: string; retryAfter: number };

/** Who sends a new record: `countedAtEdge` when the route's write limit already counted it. */
export interface IntakeMeta {
  /** The sender's network, the key its per-address budget counts (http/client-network.ts). */
  ip: string;
  user: SessionUser | null;
  countedAtEdge?: boolean;
}

/** An update as a type's hook hears of it: inside the update's transaction, after the row changed. */
export interface UpdatedRecord {
  tx: ChangeTransaction;
  /** The type's repository bound to the transaction. */
  records: ContentRepository;
  before: StoredRecord;
  after: StoredRecord;
  actor: SessionUser | null;
  /** The body's keys that are not fields, as the type's `updateExtras` declared them. */
  extras: Record<string, unknown>;
}

/** Who writes a record: a staff member's session, or an API key (with `user` standing for it). */
export interface Writer {
  user: SessionUser | null;
  apiKey: ApiKeyIdentity | null;
}

/** A new record as a type's hook hears of it: inside its transaction, before its audit row. */
export interface CreatedRecord {
  tx: ChangeTransaction;
  /** The type's repository bound to the transaction. */
  records: ContentRepository;
  record: StoredRecord;
  /** The body's keys that are not fields, as the type's `createExtras` names them (photo tokens). */
  extras: Record<string, unknown>;
  /** Whether the declaration's honeypot caught it (then nobody should be bothered by it). */
  flagged: boolean;
  /**
   * The type's unique value was already stored: `record` is that record, nothing new was. The hook
   * runs all the same, and must do the same work (decision 010, "Same work either way").
   */
  existed: boolean;
}

/**
 * What a module adds to the generic routes of one content type, as Payload's collection hooks do:
 * the engine stays CRUD and never names a type; a type's own work (the request desk's history,
 * mails and photos) lives in its module and comes in through these. Every member is optional.
 */
export interface ContentHooks {
  /**
   * The type's own door for a visitor's new record (a request's `submit`), used by the API's create
   * route and the page forms; it must come through intake, whose safeguards nobody may skip.
   */
  submit?(input: Record<string, unknown>, meta: IntakeMeta): Promise<IntakeResult>;
  /** Body keys a new record takes besides its fields, never stored (a request's `photos`). */
  createExtras?: readonly string[];
  /**
   * Inside a new record's transaction (a duplicate of a unique record too, told `existed`): a
   * request's photos claimed and its mails queued. May answer work to run after the commit (nudge
   * the outbox).
   */
  afterCreate?(created: CreatedRecord): Promise<(() => void) | undefined>;
  /**
   * Inside an update's transaction, after the row and its audit row were written. May answer work
   * to run after the commit (send queued mail now).
   */
  afterUpdate?(change: UpdatedRecord): Promise<(() => void) | undefined>;
  /**
   * Which of the fields an update changes this writer may not change, each with why (a request:
   * the key's scopes or the staff's reach against its field groups). Any answer refuses the whole
   * update with 403 naming them, and nothing is stored. Fields sent unchanged are not asked about
   * (the spec's whole-record PUT sends every field back).
   */
  refusedChanges?(writer: Writer, changed: readonly string[]): Record<string, string>;
  /** Body keys an update takes besides the fields, never stored (`notifyCustomer`). */
  updateExtras?: z.ZodRawShape;
  /** What one record's answer adds for this reader, and the shape it adds to the API document. */
  read?: {
    shape: z.ZodRawShape;
    load(record: StoredRecord, reader: SessionUser | null): Promise<Record<string, unknown>>;
  };
  /** What a list page's rows add for this reader (one query for the page, not one per row). */
  listRows?(rows: Record<string, unknown>[], reader: SessionUser | null): Promise<Record<string, unknown>[]>;
  /**
   * The API key scope an operation needs (or several, any one of which: `refusedChanges` then says
   * what each reaches); without this hook public content takes `content:*` and anything else no
   * key at all (decision 081).
   */
  keyScope?(operation: 'read' | 'write' | 'create' | 'delete'): RouteKeyScope | undefined;
  /** The field naming whom a record is assigned to: a key limited to a person sees only theirs. */
  assigneeField?: string;
  /** Routes of the type's own beside the generic ones (`/api/contactus/:id/notes`). */
  routes?: FastifyPluginAsyncZod;
}

/** The hooks of every type that has some, by type name; filled by modules before routes register. */
export type ContentHookRegistry = Map<string, ContentHooks>;
