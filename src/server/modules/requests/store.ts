import type { ContactStage } from '../../../shared/constants';
import type { OpenRequest } from '../../../shared/deactivation';
import type { HistoryEntry, Note, ReplyChannel, RequestActivity } from '../../../shared/request-desk';
import type { Database } from '../../db/client';
import type { SessionUser } from '../../http/identity';

type ActivityKind = 'note' | 'stage' | 'reply' | 'assign' | 'seen';

/**
 * One thing done on a request: a note, a stage change, a reply, an assignment, or its first sight
 * by staff (table contact_activity, 0720, 0860 and 0950).
 */
export interface NewActivity {
  messageId: string;
  kind: ActivityKind;
  actor: SessionUser | null;
  text?: string;
  fromStage?: ContactStage;
  toStage?: ContactStage;
  scheduledAt?: string | null;
  notified?: boolean;
  /** An assignment: the names of who has it now and who had it before (null: nobody). */
  assignedTo?: string | null;
  assignedFrom?: string | null;
  /** A reply: how it reached the customer. */
  channel?: ReplyChannel;
}

interface Row {
  id: string;
  kind: ActivityKind;
  actor_name: string;
  text: string | null;
  from_stage: ContactStage | null;
  to_stage: ContactStage | null;
  scheduled_at: string | null;
  notified: boolean | null;
  assigned_to: string | null;
  assigned_from: string | null;
  channel: ReplyChannel | null;
  created_at: string;
}

const utc = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const COLUMNS = `id::text as id, kind, actor_name, text, from_stage, to_stage,
  ${utc('scheduled_at')} as scheduled_at, notified, assigned_to, assigned_from, channel,
  ${utc('created_at')} as created_at`;

const asNote = (row: Row): Note => ({
  _id: row.id,
  author: row.actor_name,
  createdAt: row.created_at,
  text: row.text ?? '',
});

/** A stage change, reply or assignment as the request's history shows it: only what the entry has. */
function asHistory(row: Row): HistoryEntry {
  const entry: HistoryEntry = {
    _id: row.id,
    kind: row.kind === 'note' || row.kind === 'seen' ? 'stage' : row.kind,
    at: row.created_at,
    by: row.actor_name,
  };
  if (row.kind === 'assign') {
    entry.assignedTo = row.assigned_to;
    entry.assignedFrom = row.assigned_from;
  } else if (row.kind === 'stage') {
    if (row.from_stage) entry.from = row.from_stage;
    if (row.to_stage) entry.to = row.to_stage;
    entry.scheduledAt = row.scheduled_at;
  } else {
    entry.text = row.text ?? '';
    // Replies from before 0950 were all mailed.
    entry.channel = row.channel ?? 'email';
  }
  if (row.notified !== null) entry.notified = row.notified;
  return entry;
}

/** Requests escalated per transaction: a backlog after a long outage goes out in batches. */
export const ESCALATION_BATCH = 50;

/**
 * Claims the urgent requests left in their open stage since before `$1`, stamping them escalated
 * at `$2`: rows another instance is claiming are skipped, rows it claimed no longer match. Spam
 * (the honeypot's catch) is never escalated.
 */
const CLAIM_DUE_URGENT = `update contact_messages set escalated_at = $2
   where id in (select id from contact_messages
                 where urgent and escalated_at is null and deleted_at is null and stage = $3 and not spam
                   and created_at <= $1
                 order by created_at limit ${ESCALATION_BATCH}
                 for update skip locked)
     and escalated_at is null and stage = $3
   returning id::text as id`;

/**
 * The request module's SQL beside the generic repository's: a request's activity (in rows of its
 * own, so adding one never changes the request's version; the actor's name is kept as it was then,
 * accounts are renamed and deleted) and the escalation's claim.
 */
export function createRequestStore(database: Database) {
  return {
    /** Store one entry; inside the write's transaction (`tx`), like every change. */
    async addActivity(tx: Database, entry: NewActivity): Promise<{ note: Note; history: HistoryEntry }> {
      const [row] = await tx.query<Row>(
        `insert into contact_activity
           (message_id, kind, actor_id, actor_name, text, from_stage, to_stage, scheduled_at, notified,
            assigned_to, assigned_from, channel)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         returning ${COLUMNS}`,
        [
          entry.messageId,
          entry.kind,
          entry.actor?._id ?? null,
          entry.actor?.name || 'Someone',
          entry.text ?? null,
          entry.fromStage ?? null,
          entry.toStage ?? null,
          entry.scheduledAt ?? null,
          entry.notified ?? null,
          entry.assignedTo ?? null,
          entry.assignedFrom ?? null,
          entry.channel ?? null,
        ],
      );
      if (!row) throw new Error('contact_activity insert returned no row');
      return { note: asNote(row), history: asHistory(row) };
    },

    /**
     * A request's notes and history, each oldest first, and who saw it last turn from Pending to
     * read (shown quietly, not in the history).
     */
    async activityOf(messageId: string): Promise<RequestActivity> {
      const rows = await database.query<Row>(
        `select ${COLUMNS} from contact_activity where message_id = $1::uuid order by created_at, id`,
        [messageId],
      );
      const seen = rows.findLast((row) => row.kind === 'seen');
      return {
        notes: rows.filter((row) => row.kind === 'note').map(asNote),
        history: rows.filter((row) => row.kind !== 'note' && row.kind !== 'seen').map(asHistory),
        seen: seen ? { by: seen.actor_name, at: seen.created_at } : null,
      };
    },

    /** Claim the urgent requests due for escalation (in `tx`); answers their ids. */
    async claimDueUrgent(tx: Database, due: { cutoff: Date; at: Date; openStage: string }) {
      const rows = await tx.query<{ id: string }>(CLAIM_DUE_URGENT, [
        due.cutoff.toISOString(),
        due.at.toISOString(),
        due.openStage,
      ]);
      return rows.map((row) => row.id);
    },

    /**
     * Keep the address a new request was filed with apart from its e-mail field (in the request's
     * transaction): mail to the customer goes there, whatever the field is corrected to later.
     */
    async keepFiledAddress(tx: Database, messageId: string): Promise<void> {
      await tx.query(
        'update contact_messages set filed_email = email where id = $1 and filed_email is null',
        [messageId],
      );
    },

    /** The address the customer filed with (0820); null when there is none. */
    async filedAddressOf(tx: Database, messageId: string): Promise<string | null> {
      const [row] = await tx.query<{ email: string | null }>(
        'select filed_email as email from contact_messages where id = $1',
        [messageId],
      );
      return row?.email || null;
    },

    /** A staff account's name and confirmed address (null when it has none); null when it is gone. */
    async staffMember(tx: Database, userId: string): Promise<{ name: string; email: string | null } | null> {
      const [row] = await tx.query<{ name: string; email: string | null }>(
        'select name, email from users where id::text = $1',
        [userId],
      );
      return row ?? null;
    },

    /** Every admin's address, oldest account first; a deactivated admin hears nothing. */
    async adminAddresses(tx: Database): Promise<string[]> {
      const rows = await tx.query<{ email: string }>(
        `select email from users
          where role = 'admin' and deactivated_at is null and email is not null order by created_at`,
      );
      return rows.map((row) => row.email);
    },
  };
}

/**
 * The requests assigned to a staff member that are still open (not done or lost, not deleted),
 * oldest first: what someone must take over when that person is deactivated.
 */
export async function openRequestsAssignedTo(tx: Database, userId: string): Promise<OpenRequest[]> {
  const rows = await tx.query<{ _id: string; reference: string | null; name: string; stage: ContactStage }>(
    `select id::text as "_id", reference, name, stage from contact_messages
      where assignee::text = $1 and deleted_at is null and stage not in ('done', 'lost')
      order by created_at, id`,
    [userId],
  );
  return rows.map(({ reference, ...row }) => (reference ? { ...row, reference } : row));
}

export type RequestStore = ReturnType<typeof createRequestStore>;
