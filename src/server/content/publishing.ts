import type { FastifyRequest } from 'fastify';
import type { ContentTypeDef, PublicationMeta } from '../../shared/content/define';
import { mayCall } from '../../shared/permissions';
import { type ChangeTransaction, fieldChanges } from '../db/change-log';
import type { Database } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import type { JobQueue } from '../db/job-queue';
import { HttpError, validationFailed } from '../errors';
import type { SessionUser } from '../http/identity';
import {
  type DraftRow,
  deleteDraft,
  draftKeys,
  draftValues,
  keepVersion,
  moveAddress,
  publicationOf,
  readDraft,
  readVersion,
  withDraft,
  writeDraft,
} from './publication-store';
import { type FindOptions, recordName, type StoredRecord, type UpdateResult } from './repository';

/**
 * What staff do with a versioned record's draft (decision 109): save it, publish it now or at a
 * time, take the record off the site, restore an old version into it. Each runs inside the
 * caller's change transaction; only what visitors see (a publish, an unpublish) and the schedule
 * are audit entries, so a draft saved every few seconds while typing writes none.
 */

/**
 * What publishing needs of the records it works on: a content type's repository, or the site's
 * public words (the settings' one record, modules/settings/site-words.ts).
 */
export interface PublishableRecords {
  def: ContentTypeDef;
  findById(id: string, options?: Pick<FindOptions, 'forUpdate'>): Promise<StoredRecord | null>;
  findBySlug(slug: string): Promise<StoredRecord | null>;
  update(id: string, values: Record<string, unknown>): Promise<UpdateResult>;
  /** The same records inside a change's transaction. */
  in(tx: ChangeTransaction): PublishableRecords;
}

/** What a scheduled publish is queued as: one pending job per record (modules/jobs). */
export const PUBLISH_JOB = 'publish';
export const publishJobKey = (type: string, id: string) => `${PUBLISH_JOB}:${type}:${id}`;

/** The queue a schedule is kept on: the site's one job queue. */
export type PublishQueue = Pick<JobQueue, 'enqueue' | 'cancel'>;

/**
 * Whether a request reads a type's records as staff do (drafts, records off the site, where each
 * stands) rather than as visitors do: whoever may edit the type. Everyone else reads what is on
 * the site, exactly as an anonymous visitor does.
 */
export function readsDrafts(request: FastifyRequest, def: ContentTypeDef): boolean {
  const { user, apiKey } = request;
  // A key reads as its writers do only with the scope to write: a `content:read` key (a site or an
  // app showing the content) reads what visitors read, whoever it stands for.
  if (apiKey && !apiKey.scopes.includes('content:write')) return false;
  return Boolean(def.versions) && !user?.twoFactorSetupRequired && mayCall(user?.role, def.access.update);
}

/** Said to someone who may save drafts of a type but not publish them. */
export const PUBLISH_REFUSED =
  'Publishing needs an editor or an admin. Save your change as a draft ("publish": false) and ask one to publish it.';

/**
 * Whether a request may put a record of `def` on the site: the type's publish right, held by the
 * person (or the person a key is limited to); a key limited to nobody publishes as its
 * `content:write` scope already allowed (the spec's clients write without drafts).
 */
export function mayPublish(request: FastifyRequest, def: ContentTypeDef): boolean {
  if (!def.versions || !def.access.publish) return true;
  if (request.apiKey && !request.apiKey.userId) return true;
  return mayCall(request.user?.role, def.access.publish);
}

/**
 * A record as visitors read it: what is on the site, without the bookkeeping of when it went there
 * (the public API's records look as they did before drafts existed).
 */
export function asVisitorReads<R extends Record<string, unknown>>(record: R): R {
  if (!('publishedAt' in record)) return record;
  const { publishedAt: _publishedAt, ...rest } = record;
  return rest as R;
}

/** `?draft=1`: the record as its draft has it. */
export const asDraftQuery = (value: unknown) => value === '1' || value === 'true';

/** A versioned record as staff read it: the row (or its draft, `withDraft`) and where it stands. */
export type StaffRecord = StoredRecord & PublicationMeta;

export type DraftOutcome =
  | { kind: 'saved'; record: StaffRecord }
  | { kind: 'missing' }
  | { kind: 'stale'; current: StaffRecord };

const staffView = (record: StoredRecord, draft: DraftRow | null, asDraft: boolean): StaffRecord => ({
  ...(asDraft ? withDraft(record, draft) : record),
  ...publicationOf(record, draft),
});

/** A record as staff read it, from the pool or a transaction; `asDraft` overlays its draft. */
export async function readForStaff(
  db: Database,
  repository: PublishableRecords,
  record: StoredRecord,
  asDraft: boolean,
): Promise<StaffRecord> {
  return staffView(record, await readDraft(db, repository.def, record._id), asDraft);
}

/** The version a draft edit is checked against: the draft's own, or the record's when it has none. */
const currentVersion = (record: StoredRecord, draft: DraftRow | null) => draft?.version ?? record.version;

/**
 * An address another live record holds cannot be a draft's: told now, not at the publish that
 * would fail on it.
 */
async function checkSlugFree(repository: PublishableRecords, id: string, slug: unknown) {
  if (typeof slug !== 'string') return;
  const holder = await repository.findBySlug(slug);
  if (holder && holder._id !== id)
    throw validationFailed({ slug: 'Another record has this address. Choose another.' });
}

/** Save `values` (any of the editable fields, the address) into the record's draft. */
export async function saveDraft(
  tx: ChangeTransaction,
  repository: PublishableRecords,
  update: {
    id: string;
    values: Record<string, unknown>;
    expected?: number;
    actor: SessionUser | null;
    now: Date;
    /**
     * Whether the saver may publish. A scheduled draft changed by someone who may not is no longer
     * scheduled: what goes on the site at its time is what a publisher saw.
     */
    mayPublish: boolean;
  },
): Promise<DraftOutcome> {
  const { def } = repository;
  const records = repository.in(tx);
  const record = await records.findById(update.id, { forUpdate: true });
  if (!record) return { kind: 'missing' };
  const draft = await readDraft(tx, def, record._id, true);
  if (update.expected !== undefined && update.expected !== currentVersion(record, draft))
    return { kind: 'stale', current: staffView(record, draft, true) };
  const keys = new Set(draftKeys(def));
  const given = Object.fromEntries(Object.entries(update.values).filter(([key]) => keys.has(key)));
  await checkSlugFree(records, record._id, given.slug);
  const next: DraftRow = {
    values: { ...(draft?.values ?? draftValues(def, record)), ...given },
    version: Math.max(currentVersion(record, draft), record.version) + 1,
    basedOn: draft ? draft.basedOn : ((record.publishedAt as string | null) ?? null),
    updatedAt: update.now.toISOString(),
    updatedBy: update.actor?._id ?? null,
    publishAt: update.mayPublish ? (draft?.publishAt ?? null) : null,
    scheduledBy: update.mayPublish ? (draft?.scheduledBy ?? null) : null,
  };
  await writeDraft(tx, def, record._id, next);
  // The queue's job stays; when it runs it finds no time on the draft and publishes nothing.
  if (draft?.publishAt && !next.publishAt)
    await recordUnscheduled(tx, def, record, draft.publishAt, update.actor);
  return { kind: 'saved', record: staffView(record, next, true) };
}

/**
 * What every publish does besides changing the row, whichever door it came through (this module's
 * publish, or a write that publishes at once): keep the version, move the old address, and the
 * audit entry.
 */
export async function recordPublish(
  tx: ChangeTransaction,
  repository: PublishableRecords,
  change: {
    before: StoredRecord | null;
    after: StoredRecord;
    actor: SessionUser | null;
    action: 'publish' | 'update' | 'create';
  },
): Promise<void> {
  const { def } = repository;
  const { before, after } = change;
  const fields = fieldChanges(
    def.fields,
    before,
    after,
    draftKeys(def).filter((key) => key !== 'slug'),
  );
  if (before && def.slugFrom && before.slug !== after.slug) {
    await moveAddress(tx, def, after._id, String(before.slug), String(after.slug));
    fields.push({ field: 'slug', before: before.slug, after: after.slug });
  }
  await keepVersion(tx, def, after, { before, fields, actor: change.actor });
  await tx.record({
    resource: def.name,
    id: after._id,
    action: change.action,
    actor: change.actor,
    name: recordName(def, after),
    fields,
  });
}

/**
 * Put the record's draft on the site now (or, without a draft, the record as it is, when it is off
 * the site). `expected`: the draft's version the publisher saw, refused when it moved on since.
 */
export async function publishNow(
  tx: ChangeTransaction,
  repository: PublishableRecords,
  queue: PublishQueue,
  publish: {
    id: string;
    actor: SessionUser | null;
    now: Date;
    expected?: number;
    /** The queue's own run of the schedule: its job is being run, not called off. */
    scheduled?: boolean;
  },
): Promise<DraftOutcome> {
  const { def } = repository;
  const records = repository.in(tx);
  const before = await records.findById(publish.id, { forUpdate: true });
  if (!before) return { kind: 'missing' };
  const draft = await readDraft(tx, def, before._id, true);
  if (publish.expected !== undefined && publish.expected !== currentVersion(before, draft))
    return { kind: 'stale', current: staffView(before, draft, true) };
  if (!draft && before.publishedAt) return { kind: 'saved', record: staffView(before, null, false) };
  const values = { ...(draft?.values ?? {}), publishedAt: publish.now.toISOString() };
  let outcome: UpdateResult;
  try {
    outcome = await records.update(before._id, values);
  } catch (error) {
    if (isUniqueViolation(error))
      throw validationFailed({ slug: 'Another record has this address. Choose another, then publish.' });
    throw error;
  }
  if (outcome.kind !== 'updated') return { kind: 'missing' };
  if (draft) await deleteDraft(tx, def, before._id);
  if (draft?.publishAt && !publish.scheduled) await queue.cancel(tx, publishJobKey(def.name, before._id));
  await recordPublish(tx, repository, {
    before,
    after: outcome.record,
    actor: publish.actor,
    action: 'publish',
  });
  return { kind: 'saved', record: staffView(outcome.record, null, false) };
}

/**
 * The queue's run of a scheduled publish. It publishes only a draft that still has its time (saving
 * it without the right to publish calls the time off) and that no later publish overtook: a draft
 * begun before values that were published since would put the older ones back, so its schedule is
 * called off instead, for a person to look at.
 */
export async function publishScheduled(
  tx: ChangeTransaction,
  repository: PublishableRecords,
  queue: PublishQueue,
  run: { id: string; actor: SessionUser | null; now: Date },
): Promise<'published' | 'not scheduled' | 'overtaken'> {
  const { def } = repository;
  const record = await repository.in(tx).findById(run.id, { forUpdate: true });
  const draft = record ? await readDraft(tx, def, record._id, true) : null;
  if (!record || !draft?.publishAt) return 'not scheduled';
  if (publicationOf(record, draft).draft?.stale) {
    await writeDraft(tx, def, record._id, { ...draft, publishAt: null, scheduledBy: null });
    await recordUnscheduled(tx, def, record, draft.publishAt, run.actor);
    return 'overtaken';
  }
  await publishNow(tx, repository, queue, { id: run.id, actor: run.actor, now: run.now, scheduled: true });
  return 'published';
}

/** The audit entry of a schedule called off, by a person or by the queue's run. */
function recordUnscheduled(
  tx: ChangeTransaction,
  def: ContentTypeDef,
  record: StoredRecord,
  publishAt: string | null,
  actor: SessionUser | null,
) {
  return tx.record({
    resource: def.name,
    id: record._id,
    action: 'unschedule',
    actor,
    name: recordName(def, record),
    fields: [{ field: 'publishAt', before: publishAt }],
  });
}

/** Take the record off the site; its values, draft and schedule stay. */
export async function unpublish(
  tx: ChangeTransaction,
  repository: PublishableRecords,
  change: { id: string; actor: SessionUser | null },
): Promise<DraftOutcome> {
  const { def } = repository;
  const records = repository.in(tx);
  const before = await records.findById(change.id, { forUpdate: true });
  if (!before) return { kind: 'missing' };
  const draft = await readDraft(tx, def, before._id);
  if (!before.publishedAt) return { kind: 'saved', record: staffView(before, draft, false) };
  const outcome = await records.update(before._id, { publishedAt: null });
  if (outcome.kind !== 'updated') return { kind: 'missing' };
  await tx.record({
    resource: def.name,
    id: before._id,
    action: 'unpublish',
    actor: change.actor,
    name: recordName(def, before),
  });
  return { kind: 'saved', record: staffView(outcome.record, draft, false) };
}

/**
 * Publish the draft at `at` through the job queue (one job per record: a new time replaces the old).
 * A record without a draft gets one of its values, so what goes live is fixed now.
 */
export async function schedulePublish(
  tx: ChangeTransaction,
  repository: PublishableRecords,
  queue: PublishQueue,
  schedule: { id: string; at: Date; actor: SessionUser | null; now: Date; expected?: number },
): Promise<DraftOutcome> {
  const { def } = repository;
  const records = repository.in(tx);
  const record = await records.findById(schedule.id, { forUpdate: true });
  if (!record) return { kind: 'missing' };
  const draft = await readDraft(tx, def, record._id, true);
  if (schedule.expected !== undefined && schedule.expected !== currentVersion(record, draft))
    return { kind: 'stale', current: staffView(record, draft, true) };
  if (!draft && record.publishedAt)
    throw new HttpError(409, 'There is nothing to publish: this record has no unpublished changes.');
  const next: DraftRow = draft
    ? { ...draft, publishAt: schedule.at.toISOString(), scheduledBy: schedule.actor?._id ?? null }
    : {
        values: draftValues(def, record),
        version: record.version + 1,
        basedOn: null,
        updatedAt: schedule.now.toISOString(),
        updatedBy: schedule.actor?._id ?? null,
        publishAt: schedule.at.toISOString(),
        scheduledBy: schedule.actor?._id ?? null,
      };
  await writeDraft(tx, def, record._id, next);
  await queue.enqueue(tx, {
    kind: PUBLISH_JOB,
    key: publishJobKey(def.name, record._id),
    dueAt: schedule.at,
    // Who scheduled it travels with the job: the publish is theirs in the audit log.
    payload: { type: def.name, id: record._id, actor: schedule.actor },
    createdBy: schedule.actor?._id ?? null,
  });
  await tx.record({
    resource: def.name,
    id: record._id,
    action: 'schedule',
    actor: schedule.actor,
    name: recordName(def, record),
    fields: [{ field: 'publishAt', after: next.publishAt }],
  });
  return { kind: 'saved', record: staffView(record, next, true) };
}

/**
 * The draft without its time, its job cancelled and the audit entry, for a record the caller holds
 * locked: the record, then its draft, then the job's row, the order the queue's run takes them in.
 * Answers the draft as it now is.
 */
async function callOff(
  tx: ChangeTransaction,
  def: ContentTypeDef,
  queue: PublishQueue,
  change: { record: StoredRecord; actor: SessionUser | null },
): Promise<DraftRow | null> {
  const { record } = change;
  const draft = await readDraft(tx, def, record._id, true);
  // A job can outlive its draft's time (a save by someone who may not publish leaves it): gone too.
  await queue.cancel(tx, publishJobKey(def.name, record._id));
  if (!draft?.publishAt) return draft;
  const next = { ...draft, publishAt: null, scheduledBy: null };
  await writeDraft(tx, def, record._id, next);
  await recordUnscheduled(tx, def, record, draft.publishAt, change.actor);
  return next;
}

/** Call off a scheduled publish; the draft stays. */
export async function cancelSchedule(
  tx: ChangeTransaction,
  repository: PublishableRecords,
  queue: PublishQueue,
  change: { id: string; actor: SessionUser | null },
): Promise<DraftOutcome> {
  const record = await repository.in(tx).findById(change.id, { forUpdate: true });
  if (!record) return { kind: 'missing' };
  const draft = await callOff(tx, repository.def, queue, { record, actor: change.actor });
  return { kind: 'saved', record: staffView(record, draft, true) };
}

/**
 * A record that went to the trash, or came back from it, is scheduled for nothing (decision 109):
 * its draft loses its time and the queue its job, as when someone calls the schedule off, so a
 * record brought back does not go on the site at a time chosen before it was deleted. `record` is
 * the row the caller's delete or restore just locked.
 */
export async function unscheduleTrashed(
  tx: ChangeTransaction,
  def: ContentTypeDef,
  queue: PublishQueue,
  change: { record: StoredRecord; actor: SessionUser | null },
): Promise<void> {
  if (def.versions) await callOff(tx, def, queue, change);
}

/** Make version `n` the record's draft; it is published only when someone publishes it. */
export async function restoreVersion(
  tx: ChangeTransaction,
  repository: PublishableRecords,
  restore: { id: string; n: number; actor: SessionUser | null; now: Date; mayPublish: boolean },
): Promise<DraftOutcome | { kind: 'no-version' }> {
  const version = await readVersion(tx, repository.def, restore.id, restore.n);
  if (!version) return { kind: 'no-version' };
  const { def } = repository;
  // A field the type gained after the version was kept keeps its current value.
  const values = Object.fromEntries(
    Object.entries(version.values).filter(([key]) => draftKeys(def).includes(key)),
  );
  return saveDraft(tx, repository, {
    id: restore.id,
    values,
    actor: restore.actor,
    now: restore.now,
    mayPublish: restore.mayPublish,
  });
}
