import type { ContactStage } from '../../../shared/constants';
import type { ContentTypeDef } from '../../../shared/content/define';
import { isNewsToCustomer, tellsCustomer, visitTimeProblem } from '../../../shared/request-desk';
import {
  fieldsReachableBy,
  fieldsRoleReaches,
  type RequestPart,
  whyNotChangeable,
} from '../../../shared/request-fields';
import type { IntakeMeta, IntakeResult, UpdatedRecord, Writer } from '../../content/hooks';
import type { Intake } from '../../content/intake';
import type { ContentRepository, StoredRecord, UpdateResult } from '../../content/repository';
import { recordName } from '../../content/repository';
import { trackPath } from '../../content/tracking';
import { updateRecord, updateRecordIn } from '../../content/update';
import type { SecretBox } from '../../crypto/secret-box';
import type { ChangeLog, ChangeTransaction } from '../../db/change-log';
import type { Database } from '../../db/client';
import { validationFailed } from '../../errors';
import type { ApiKeyIdentity, SessionUser } from '../../http/identity';
import { mailSiteOf } from '../mail/layout';
import type { OutgoingMail } from '../mail/outbox';
import { createSettingsStore } from '../settings/store';
import { createEscalation, type EscalationDeps } from './escalation';
import { composeMail, confirmationMail, replyMail, stageMail } from './mail';
import { assignmentNotification, type TitleOf } from './staff-mail';
import { createRequestStore } from './store';

/** The fields of a request the desk reads and writes (decision 072). */
export const REQUEST_FIELDS = {
  stage: 'stage',
  scheduledAt: 'scheduledAt',
  firstResponseAt: 'firstResponseAt',
  assignee: 'assignee',
  service: 'service',
  spam: 'spam',
  urgent: 'urgent',
  status: 'status',
  phone: 'phone',
} as const;

/** The spec's read flag (decision 100): Pending until a staff member has seen the request. */
const STATUS = { unseen: 'Pending', seen: 'read' } as const;

export interface RequestServiceDeps {
  database: Database;
  changes: ChangeLog;
  /** The requests' repository (the `contactus` declaration's). */
  requests: ContentRepository;
  siteOrigin(): string;
  /** Present when SMTP_URL is set. */
  outbox: { enqueue(tx: Database, mail: OutgoingMail): Promise<void>; nudge(): void } | null;
  /** Opens the sealed track tokens; null on a site without a key (PostgreSQL without SECRET_KEY). */
  secretBox(): Promise<SecretBox | null>;
  /**
   * The generic door of visitors' records (content/intake.ts): the rate limit, the honeypot, the
   * track link, the audit row, and the request's `afterCreate` hook (photos, staff mail, urgent).
   */
  intake: Intake;
  /** A chosen reference's title (the service by its title rather than its slug); null when none. */
  titleOf: TitleOf;
  /** After the commit: a browser notification to the staff member a request was assigned to. */
  assignedPush?(userId: string, record: StoredRecord): void;
  /** The escalation of urgent requests left new: after how many minutes, by which clock. */
  escalation: Pick<EscalationDeps, 'minutes' | 'now' | 'log' | 'intervalMs'>;
}

/**
 * Who the history ("Assigned to Sana by On-call rota") and the audit log name when the rota
 * assigns a new urgent request (decision 095). It is nobody's account: the nil id matches none.
 */
export const ON_CALL_ROTA: SessionUser = {
  _id: '00000000-0000-0000-0000-000000000000',
  name: 'On-call rota',
  username: 'On-call rota',
  role: 'office',
};

/** Who acts, and which requests they may touch (an API key limited to one person's requests). */
export interface Acting {
  actor: SessionUser | null;
  /** The API key acting, if any: its scopes decide which fields it changes (request-fields.ts). */
  apiKey?: ApiKeyIdentity | null;
  mayChange?(request: StoredRecord): boolean;
}

/**
 * The fields of a request this writer may not change, each with why: a key reaches the groups its
 * scopes name, a staff member's session the groups their role's rights name.
 */
export function refusedChanges(writer: Writer, changed: readonly string[]): Record<string, string> {
  const role = writer.user?.role ?? 'pending';
  const reach = writer.apiKey ? fieldsReachableBy(writer.apiKey.scopes) : fieldsRoleReaches(role);
  const by = writer.apiKey ? 'key' : role;
  return Object.fromEntries(
    changed
      .filter((field) => !reach.has(field as RequestPart))
      .map((field) => [field, whyNotChangeable(field as RequestPart, by)]),
  );
}

/**
 * The request desk's rules as plain functions over the store and the repository: stage changes
 * and the customer's mail, assignment, notes, replies. No HTTP here: routes translate requests to
 * these calls, and tests call them directly. Every write is one transaction with its audit row.
 */
export function createRequestService(deps: RequestServiceDeps) {
  const store = createRequestStore(deps.database);
  const def: ContentTypeDef = deps.requests.def;
  const escalation = createEscalation({
    ...deps.escalation,
    changes: deps.changes,
    requests: deps.requests,
    store,
    outbox: () => deps.outbox,
    siteOrigin: deps.siteOrigin,
    titleOf: deps.titleOf,
  });

  /** The sender's status page as a full link, when the server can still open their token. */
  async function statusLink(records: ContentRepository, id: string): Promise<string | null> {
    const sealed = await records.sealedTrackToken(id);
    const box = sealed ? await deps.secretBox() : null;
    if (!sealed || !box) return null;
    try {
      return `${deps.siteOrigin()}${trackPath(box.open(sealed))}`;
    } catch {
      // Sealed under another SECRET_KEY (a restore onto a new key): the mail goes without the link.
      return null;
    }
  }

  /**
   * Queue a mail to the request's sender at the address they filed with (never a later correction),
   * Reply-To the company; false when it cannot be sent. Every mail to a customer comes through here.
   */
  async function mailCustomer(
    tx: ChangeTransaction,
    records: ContentRepository,
    record: StoredRecord,
    compose: ReturnType<typeof replyMail>,
  ): Promise<boolean> {
    const settings = await createSettingsStore(tx).get();
    const link = await statusLink(records, record._id);
    const to = await store.filedAddressOf(tx, record._id);
    const mail = composeMail(def, record, to, settings, link, compose);
    if (!deps.outbox || !mail) return false;
    await deps.outbox.enqueue(tx, { ...mail, carriesSecret: link !== null });
    return true;
  }

  /**
   * After an update in its transaction: news to the customer (a stage change, a booked visit moved)
   * gets its history row, the customer's mail when the rule says so, and the first-response stamp.
   */
  async function afterUpdate(change: UpdatedRecord): Promise<(() => void) | undefined> {
    refusePastVisit(change);
    await seenChanged(change);
    const [staged, assigned] = [await stageChanged(change), await assignmentChanged(change)];
    if (!staged && !assigned) return undefined;
    return () => {
      staged?.();
      assigned?.();
    };
  }

  /**
   * A visit booked for a time already past is refused (400, nothing stored, nobody mailed), by
   * the shared rule the admin forms check with; a time the request already held is not judged.
   */
  function refusePastVisit({ before, after }: UpdatedRecord) {
    const problem = visitTimeProblem(
      after[REQUEST_FIELDS.scheduledAt] as string | null,
      before[REQUEST_FIELDS.scheduledAt] as string | null,
    );
    if (problem) throw validationFailed({ [REQUEST_FIELDS.scheduledAt]: problem });
  }

  /**
   * Pending to read, whichever door it came through (the request's page opened, the spec's
   * PENDING): who saw it, kept quietly beside the history (decision 100).
   */
  async function seenChanged({ before, after, tx, actor }: UpdatedRecord) {
    const status = (record: StoredRecord) => record[REQUEST_FIELDS.status];
    if (status(before) === STATUS.seen || status(after) !== STATUS.seen) return;
    await store.addActivity(tx, { messageId: after._id, kind: 'seen', actor });
  }

  /** A stage change's history row and the customer's mail (see afterUpdate). */
  async function stageChanged(change: UpdatedRecord): Promise<(() => void) | undefined> {
    const { before, after } = change;
    const from = before[REQUEST_FIELDS.stage] as ContactStage;
    const to = after[REQUEST_FIELDS.stage] as ContactStage;
    const scheduledAt = (after[REQUEST_FIELDS.scheduledAt] as string | null) ?? null;
    const standing = (record: StoredRecord) => ({
      stage: record[REQUEST_FIELDS.stage],
      scheduledAt: record[REQUEST_FIELDS.scheduledAt],
      spam: record[REQUEST_FIELDS.spam],
    });
    if (!isNewsToCustomer(standing(before), standing(after))) return undefined;
    const choice = change.extras.notifyCustomer as boolean | undefined;
    const notify = tellsCustomer(standing(before), standing(after), choice);
    const mailed =
      notify && (await mailCustomer(change.tx, change.records, after, stageMail(to, scheduledAt)));
    await store.addActivity(change.tx, {
      messageId: after._id,
      kind: 'stage',
      actor: change.actor,
      fromStage: from,
      toStage: to,
      scheduledAt,
      notified: mailed,
    });
    await change.records.stampOnce(after._id, REQUEST_FIELDS.firstResponseAt);
    return mailed ? () => deps.outbox?.nudge() : undefined;
  }

  /**
   * Another assignee (decision 091): the history row "Assigned to X by Y", a mail to the one it went
   * to and to the one it was taken off, each at their account's address, and a browser notification
   * to the new one. Nobody hears of what they did themselves, nor the on-call rota's assignee, whom
   * the urgent page told already (decision 095).
   */
  async function assignmentChanged(change: UpdatedRecord): Promise<(() => void) | undefined> {
    const { before, after, tx, actor } = change;
    const fromId = (before[REQUEST_FIELDS.assignee] as string | null) ?? null;
    const toId = (after[REQUEST_FIELDS.assignee] as string | null) ?? null;
    if (fromId === toId) return undefined;
    const [from, to] = [
      fromId ? await store.staffMember(tx, fromId) : null,
      toId ? await store.staffMember(tx, toId) : null,
    ];
    const by = actor?.name || 'Someone';
    await store.addActivity(tx, {
      messageId: after._id,
      kind: 'assign',
      actor,
      assignedTo: toId ? (to?.name ?? 'a removed account') : null,
      assignedFrom: fromId ? (from?.name ?? 'a removed account') : null,
    });
    const scheduledAt = (after[REQUEST_FIELDS.scheduledAt] as string | null) ?? null;
    const news = {
      by,
      service: await deps.titleOf(tx, def, REQUEST_FIELDS.service, after[REQUEST_FIELDS.service]),
      visit: scheduledAt ? new Date(scheduledAt) : null,
    };
    // The rota's assignee was paged a moment ago with "it is assigned to you" (requests/hooks.ts):
    // a second mail and a second buzz at 2 am would say nothing more.
    const byRota = actor?._id === ON_CALL_ROTA._id;
    const told = [
      { id: byRota ? null : toId, member: to, news: { ...news, change: 'assigned' as const } },
      { id: fromId, member: from, news: { ...news, change: 'taken off' as const, now: to?.name ?? null } },
    ].filter(({ id, member }) => id !== null && id !== actor?._id && member?.email);
    if (!deps.outbox || told.length === 0) return undefined;
    const site = mailSiteOf(await createSettingsStore(tx).get());
    for (const { member, news: said } of told) {
      const mail = assignmentNotification(def, after, site, deps.siteOrigin(), said);
      await deps.outbox.enqueue(tx, { resource: def.name, recordId: after._id, to: member!.email!, ...mail });
    }
    const pushTo = told.find(({ news: said }) => said.change === 'assigned')?.id ?? null;
    return () => {
      deps.outbox?.nudge();
      if (pushTo) deps.assignedPush?.(pushTo, after);
    };
  }

  const hooks = { afterUpdate, refusedChanges };
  const seenHook = async (change: UpdatedRecord) => {
    await seenChanged(change);
    return undefined;
  };

  /** An update of a request's fields through the same path as the API's PUT. */
  const update = (id: string, values: Record<string, unknown>, acting: Acting, extras = {}) =>
    updateRecord(deps.changes, deps.requests, hooks, {
      id,
      values,
      actor: acting.actor,
      apiKey: acting.apiKey ?? null,
      mayChange: acting.mayChange,
      extras,
    });

  /** Audit row of a note or reply: that it happened, never its words. */
  const audited = (tx: ChangeTransaction, record: StoredRecord, field: string, actor: SessionUser | null) =>
    tx.record({
      resource: def.name,
      id: record._id,
      action: 'update',
      actor,
      name: recordName(def, record),
      fields: [{ field }],
    });

  return {
    hooks,

    /**
     * A visitor's request, from the contact form or `POST /api/contactus`: stored with its audit
     * row, its photos claimed and staff told (or on-call staff paged when urgent) in one
     * transaction; the sender's track link is in the answer, told once.
     */
    submit: (input: Record<string, unknown>, meta: IntakeMeta): Promise<IntakeResult> =>
      deps.intake(deps.requests, input, meta),

    /** A request's notes and history, each oldest first, and who has seen it. */
    activityOf: (id: string) => store.activityOf(id),

    /**
     * A staff member opened the request: a Pending one becomes read, seen by them (through the
     * same update as the spec's PENDING, so its version moves and its audit row is written). Seeing
     * is no change of the desk's work: whoever may read the request may have seen it. Answers the
     * request's status and version as they are now; null when there is none the actor reaches.
     */
    markSeen(id: string, acting: Acting) {
      return deps.changes.write(async (tx) => {
        const record = await deps.requests.in(tx).findById(id, { forUpdate: true });
        if (!record || acting.mayChange?.(record) === false) return null;
        if (record[REQUEST_FIELDS.status] === STATUS.seen) return record;
        const { result } = await updateRecordIn(
          tx,
          deps.requests,
          { afterUpdate: seenHook },
          { id, values: { [REQUEST_FIELDS.status]: STATUS.seen }, actor: acting.actor },
        );
        return result.kind === 'updated' ? result.record : null;
      });
    },

    /** The address a request's customer mail goes to: the one given when filing. */
    filedAddressOf: (id: string) => store.filedAddressOf(deps.database, id),

    /** In a new request's transaction: keep the address it was filed with for the customer's mail. */
    keepFiledAddress: (tx: ChangeTransaction, id: string) => store.keepFiledAddress(tx, id),

    /**
     * In a new request's transaction: the customer's confirmation (reference, what happens next,
     * their private track link), when they gave an address; answers whether one was queued.
     */
    confirmToCustomer: (tx: ChangeTransaction, record: StoredRecord) =>
      mailCustomer(
        tx,
        deps.requests.in(tx),
        record,
        confirmationMail(
          {
            urgent: record[REQUEST_FIELDS.urgent] === true,
            phone: String(record[REQUEST_FIELDS.phone] ?? ''),
          },
          new Date(String(record.createdAt)),
        ),
      ),

    /**
     * Move a request to another stage (with the visit's time when scheduled); the customer is
     * mailed as `tellsCustomer` decides, `notifyCustomer` being staff's explicit choice.
     */
    changeStage(
      id: string,
      change: { stage: ContactStage; scheduledAt?: string | null; notifyCustomer?: boolean },
      acting: Acting,
    ): Promise<UpdateResult> {
      const values: Record<string, unknown> = { [REQUEST_FIELDS.stage]: change.stage };
      if (change.scheduledAt !== undefined) values[REQUEST_FIELDS.scheduledAt] = change.scheduledAt;
      return update(id, values, acting, { notifyCustomer: change.notifyCustomer });
    },

    /** Give a request to a member of staff, or to nobody (null). */
    assign: (id: string, assignee: string | null, acting: Acting): Promise<UpdateResult> =>
      update(id, { [REQUEST_FIELDS.assignee]: assignee }, acting),

    /**
     * In a new urgent request's own transaction: give it to the one on call, through the same
     * update as every assignment (its history row, the assignee's mail and push). The caller runs
     * the answer's `afterCommit` once its transaction has committed.
     */
    assignOnCall: (tx: ChangeTransaction, id: string, assignee: string) =>
      updateRecordIn(tx, deps.requests, hooks, {
        id,
        values: { [REQUEST_FIELDS.assignee]: assignee },
        actor: ON_CALL_ROTA,
      }),

    /** An internal note on a live request; null when there is none the actor may touch. */
    addNote(id: string, text: string, acting: Acting) {
      return deps.changes.write(async (tx) => {
        const record = await deps.requests.in(tx).findById(id);
        if (!record || acting.mayChange?.(record) === false) return null;
        const { note } = await store.addActivity(tx, {
          messageId: id,
          kind: 'note',
          actor: acting.actor,
          text,
        });
        await audited(tx, record, 'note', acting.actor);
        return note;
      });
    },

    /**
     * A reply mailed to the sender and kept in the history; null when there is no such request (or
     * none the writer reaches), `mail-not-set-up` without SMTP, `no-address` when the customer
     * filed without an e-mail: asked only of a request the writer reaches, so nobody learns more of
     * one they do not.
     */
    async reply(id: string, text: string, acting: Acting) {
      const entry = await deps.changes.write(async (tx) => {
        const records = deps.requests.in(tx);
        const record = await records.findById(id, { forUpdate: true });
        if (!record || acting.mayChange?.(record) === false) return null;
        if (deps.outbox === null) return 'mail-not-set-up' as const;
        if (!(await store.filedAddressOf(tx, id))) return 'no-address' as const;
        const mailed = await mailCustomer(tx, records, record, replyMail(text));
        const { history } = await store.addActivity(tx, {
          messageId: id,
          kind: 'reply',
          channel: 'email',
          actor: acting.actor,
          text,
          notified: mailed,
        });
        await records.stampOnce(id, REQUEST_FIELDS.firstResponseAt);
        await audited(tx, record, 'reply', acting.actor);
        return history;
      });
      if (typeof entry === 'object' && entry) deps.outbox?.nudge();
      return entry;
    },

    /**
     * A reply staff sent on WhatsApp themselves (the customer gave no e-mail): kept in the history
     * with its words, as a mailed reply is, and a first response. Null when there is no such
     * request the writer reaches.
     */
    replyOnWhatsapp(id: string, text: string, acting: Acting) {
      return deps.changes.write(async (tx) => {
        const records = deps.requests.in(tx);
        const record = await records.findById(id, { forUpdate: true });
        if (!record || acting.mayChange?.(record) === false) return null;
        const { history } = await store.addActivity(tx, {
          messageId: id,
          kind: 'reply',
          channel: 'whatsapp',
          actor: acting.actor,
          text,
        });
        await records.stampOnce(id, REQUEST_FIELDS.firstResponseAt);
        await audited(tx, record, 'reply', acting.actor);
        return history;
      });
    },

    /**
     * Mail ESCALATED about every urgent request left new for too long, once each (escalation.ts);
     * answers the ids escalated by this call.
     */
    escalate: () => escalation.sweep(),
    /** The escalation's timer: started with the app, stopped when it closes. */
    escalation,
  };
}

export type RequestService = ReturnType<typeof createRequestService>;
