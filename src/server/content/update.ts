import { type ChangeLog, type ChangeTransaction, fieldChanges } from '../db/change-log';
import { fieldsRefused } from '../errors';
import type { SessionUser } from '../http/identity';
import type { ContentHooks, UpdatedRecord, Writer } from './hooks';
import { recordPublish } from './publishing';
import { type ContentRepository, recordName, type StoredRecord, type UpdateResult } from './repository';

export interface RecordUpdate {
  id: string;
  /** The declared fields to change; nothing else is stored. */
  values: Record<string, unknown>;
  /** The version the client edited; absent means no check. */
  expected?: number;
  actor: SessionUser | null;
  /** The API key the update came with, if any: with the actor, what the type's `refusedChanges` asks. */
  apiKey?: Writer['apiKey'];
  /** Body keys that are not fields, for the type's hooks (`notifyCustomer`). */
  extras?: Record<string, unknown>;
  /** False when the caller may not touch this record (an API key limited to another's requests). */
  mayChange?(before: StoredRecord): boolean;
}

/**
 * One update of a record, whichever door it came through (the API's PUT, a module's service): the
 * row, its audit row and what the type's `afterUpdate` hook does, in one transaction; then the
 * hook's after-commit work. The record is answered as stored after the hook ran.
 */
export async function updateRecord(
  changes: ChangeLog,
  repository: ContentRepository,
  hooks: ContentHooks | undefined,
  update: RecordUpdate,
): Promise<UpdateResult> {
  const { result, afterCommit } = await changes.write((tx) => updateRecordIn(tx, repository, hooks, update));
  afterCommit?.();
  return result;
}

/**
 * The same update inside a transaction the caller already holds (a new urgent request given to
 * whoever is on call, in the request's own transaction): the caller runs `afterCommit` once its
 * transaction has committed.
 */
export async function updateRecordIn(
  tx: ChangeTransaction,
  repository: ContentRepository,
  hooks: ContentHooks | undefined,
  update: RecordUpdate,
): Promise<{ result: UpdateResult; afterCommit?: () => void }> {
  const { def } = repository;
  const records = repository.in(tx);
  const before = await records.findById(update.id, { forUpdate: true });
  if (!before || update.mayChange?.(before) === false) return { result: { kind: 'missing' } };
  // A write to a type with drafts publishes at once (the spec's clients know no drafts): its values
  // go on the site, a record taken off comes back, and the publish keeps a version (decision 109).
  const published = def.versions ? { publishedAt: new Date().toISOString() } : {};
  const outcome = await records.update(update.id, { ...update.values, ...published }, update.expected);
  if (outcome.kind !== 'updated') return { result: outcome };
  const changes = fieldChanges(def.fields, before, outcome.record, Object.keys(update.values));
  // Judged on the values as stored, so a field sent back as it was read is no change; thrown
  // inside the transaction, so a refused update leaves nothing behind.
  const refused = hooks?.refusedChanges?.(
    { user: update.actor, apiKey: update.apiKey ?? null },
    changes.map(({ field }) => field),
  );
  if (refused && Object.keys(refused).length > 0) throw fieldsRefused(refused);
  if (def.versions)
    await recordPublish(tx, repository, {
      before,
      after: outcome.record,
      actor: update.actor,
      action: 'update',
    });
  else
    await tx.record({
      resource: def.name,
      id: outcome.record._id,
      action: 'update',
      actor: update.actor,
      name: recordName(def, outcome.record),
      fields: changes,
    });
  if (!hooks?.afterUpdate) return { result: outcome };
  const change: UpdatedRecord = {
    tx,
    records,
    before,
    after: outcome.record,
    actor: update.actor,
    extras: update.extras ?? {},
  };
  const afterCommit = await hooks.afterUpdate(change);
  // The hook may have stamped something (the first response): answer the record as stored.
  const stored = (await records.findById(update.id)) ?? outcome.record;
  return { result: { kind: 'updated', record: stored }, afterCommit };
}
