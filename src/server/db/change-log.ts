import type { AuditAction, FieldChange } from '../../shared/audit';
import type { Field } from '../../shared/content/fields';
import type { SessionUser } from '../http/identity';
import type { Database } from './client';

/** Field names that never reach the log, even as names of changed fields. */
const SECRET_FIELD = /pass(word)?|secret|token|hash/i;

/** A change as its writer reports it, inside the write's transaction. */
export interface Change {
  /** A content type's name, or 'settings', 'media', 'users', 'session'. */
  resource: string;
  /** The record's id; '*' for a change of many records at once (a new order). */
  id: string;
  action: AuditAction;
  actor: SessionUser | null;
  /** The record's name as staff know it (its title); null or absent when it is personal data. */
  name?: string | null;
  /** Only the fields whose value changed; see `fieldChanges`. */
  fields?: FieldChange[];
}

/** What caches and other instances hear once a change is committed: which record, never values. */
export interface ChangeEvent {
  resource: string;
  id: string;
  action: AuditAction;
  fields?: string[];
}

/** A transaction in which changes can be recorded. */
export interface ChangeTransaction extends Database {
  /** Store the audit row of `change` in this transaction and announce it once it commits. */
  record(change: Change): Promise<void>;
}

/** Sends a committed change to other instances; runs inside the transaction (NOTIFY waits for commit). */
export type ChangeAnnouncer = (tx: Database, events: ChangeEvent[]) => Promise<void>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields among `keys` whose value differs between `before` and `after`. Personal fields (as
 * their declaration says) and secrets are named without their values; a record that did not exist
 * (create) has no `before`, one that is gone has no `after`.
 */
export function fieldChanges(
  fields: Record<string, Pick<Field, 'personal'>>,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  keys: Iterable<string> = Object.keys(fields),
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of keys) {
    const old = before?.[field];
    const now = after?.[field];
    if (before && after && same(old, now)) continue;
    if (!before && (now === undefined || now === null || now === '')) continue;
    if (fields[field]?.personal || SECRET_FIELD.test(field)) {
      changes.push({ field });
      continue;
    }
    const change: FieldChange = { field };
    if (before) change.before = old ?? null;
    if (after) change.after = now ?? null;
    changes.push(change);
  }
  return changes;
}

/**
 * "A change happened" as one call inside the write's transaction: the audit row is stored with the
 * change or not at all (a failing audit insert fails the write), other instances are told with
 * NOTIFY, which PostgreSQL delivers on commit, and this process's caches hear after the commit.
 */
export function createChangeLog(database: Database) {
  const listeners = new Set<(event: ChangeEvent) => void>();
  const announcers: ChangeAnnouncer[] = [];

  function tell(event: ChangeEvent) {
    for (const listener of listeners) listener(event);
  }

  async function insert(tx: Database, change: Change) {
    // Secret names are left out entirely, whoever reports them (as the log always did).
    const fields = (change.fields ?? []).filter(({ field }) => !SECRET_FIELD.test(field));
    const unique = [...new Map(fields.map((entry) => [entry.field, entry])).values()];
    await tx.query(
      `insert into audit_log (actor_id, actor_name, action, resource, record_id, record_name, fields, changes)
       values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
      [
        change.actor?._id ?? null,
        change.actor?.username ?? null,
        change.action,
        change.resource,
        String(change.id),
        change.name ? String(change.name).slice(0, 200) : null,
        JSON.stringify(unique.map(({ field }) => field)),
        JSON.stringify(unique),
      ],
    );
  }

  return {
    /**
     * Run `work` in one transaction; every `tx.record(change)` writes its audit row in it. When
     * anything fails, the write, its audit rows and its announcements are all rolled back.
     */
    async write<T>(work: (tx: ChangeTransaction) => Promise<T>): Promise<T> {
      const events: ChangeEvent[] = [];
      const result = await database.transaction(async (tx) => {
        const changeTx: ChangeTransaction = {
          ...tx,
          record: async (change) => {
            await insert(tx, change);
            events.push({
              resource: change.resource,
              id: String(change.id),
              action: change.action,
              fields: (change.fields ?? []).map(({ field }) => field),
            });
          },
        };
        const value = await work(changeTx);
        if (events.length) for (const announce of announcers) await announce(tx, events);
        return value;
      });
      for (const event of events) tell(event);
      return result;
    },

    /** Hear every committed change of this process and, through `heard`, of other instances. */
    onChange(listener: (event: ChangeEvent) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** How many listeners are attached (a stream that ended must leave none behind). */
    listenerCount(): number {
      return listeners.size;
    },

    /** A change committed by another instance (modules/cluster). */
    heard(event: ChangeEvent) {
      tell(event);
    },

    /** Also send committed changes elsewhere, from inside their transaction. */
    announceWith(announcer: ChangeAnnouncer) {
      announcers.push(announcer);
    },
  };
}

export type ChangeLog = ReturnType<typeof createChangeLog>;
