import type { Database } from '../../db/client';

/** One queued mail as the worker sends it. */
export interface DueMail {
  id: string;
  toAddress: string;
  replyTo: string | null;
  subject: string;
  body: string;
  /** The HTML part; empty for a mail queued before mails had one. */
  html: string;
  headers: Record<string, string> | null;
  attempts: number;
  /** Its body or headers hold a secret link: once delivered, the stored copy loses the secret. */
  carriesSecret: boolean;
}

/** What a delivered mail keeps in place of what it was sent with. */
export interface SentCopy {
  body: string;
  html: string;
  headers: Record<string, string> | null;
}

/** The mail_outbox rows: queued in a record's transaction, claimed, sent or put off by the worker. */
export function createOutboxStore(database: Database) {
  return {
    async insert(mail: {
      resource: string;
      recordId: string;
      to: string;
      replyTo: string | null;
      subject: string;
      body: string;
      html: string;
      headers: Record<string, string>;
      carriesSecret: boolean;
    }): Promise<void> {
      await database.query(
        `insert into mail_outbox (resource, record_id, to_address, reply_to, subject, body, headers, carries_secret, html)
         values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9)`,
        [
          mail.resource,
          mail.recordId,
          mail.to,
          mail.replyTo,
          mail.subject,
          mail.body,
          JSON.stringify(mail.headers),
          mail.carriesSecret,
          mail.html,
        ],
      );
    },

    /**
     * Take up to `batch` due rows, counting an attempt on each and making it not due for
     * `leaseSeconds`, so other instances skip it while this one sends (rows they hold are skipped).
     */
    claimDue(batch: number, leaseSeconds: number): Promise<DueMail[]> {
      return database.query<DueMail>(
        `update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $1)
          where id in (
            select id from mail_outbox where sent_at is null and next_attempt_at <= now()
             order by created_at limit $2 for update skip locked)
          returning id, to_address as "toAddress", reply_to as "replyTo", subject, body, html, headers, attempts,
                    carries_secret as "carriesSecret"`,
        [leaseSeconds, batch],
      );
    },

    /** Delivered: a mail that carried a secret keeps `copy` (its links without their secrets) instead. */
    async markSent(id: string, copy: SentCopy | null): Promise<void> {
      await database.query(
        `update mail_outbox set sent_at = now(), last_error = null,
                body = coalesce($2, body), headers = coalesce($3::jsonb, headers), html = coalesce($4, html)
          where id = $1`,
        [id, copy?.body ?? null, copy?.headers ? JSON.stringify(copy.headers) : null, copy?.html ?? null],
      );
    },

    /** Delivered mail older than `before` is deleted: answers how many. */
    async deleteSentBefore(before: Date): Promise<number> {
      const rows = await database.query<{ id: string }>(
        'delete from mail_outbox where sent_at is not null and sent_at < $1 returning id',
        [before.toISOString()],
      );
      return rows.length;
    },

    async putOff(id: string, delaySeconds: number, error: string): Promise<void> {
      await database.query(
        `update mail_outbox set next_attempt_at = now() + make_interval(secs => $2), last_error = $3 where id = $1`,
        [id, delaySeconds, error],
      );
    },
  };
}
