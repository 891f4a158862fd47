import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Database, Db } from '../../db/client';

export interface OutgoingMail {
  resource: string;
  recordId: string;
  to: string;
  replyTo?: string;
  subject: string;
  body: string;
  /** Extra headers sent as they are (List-Unsubscribe on mail to subscribers). */
  headers?: Record<string, string>;
}

export interface MailOutboxOptions {
  smtpUrl: string;
  from: string;
  /** Delay before the first retry; each further failure doubles it, up to an hour. */
  retryBaseMs: number;
  /** How often due mail is looked for besides the nudge after each new message. */
  pollMs?: number;
  log: FastifyBaseLogger;
}

/** While one instance sends a claimed row, others see it as not due for this long. */
const LEASE_SECONDS = 120;
const MAX_DELAY_MS = 3_600_000;
const BATCH = 10;

interface DueRow {
  id: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  body: string;
  headers: Record<string, string> | null;
  attempts: number;
}

/**
 * Transactional outbox: a mail is a row written with the record it announces, and a worker in
 * every instance sends due rows. A failed send is logged and retried with backoff; the row stays
 * until it is sent, so neither a crash nor an SMTP outage loses a notification.
 */
export function createMailOutbox(database: Database, options: MailOutboxOptions) {
  // Made with the first mail to send: a site without mail never loads nodemailer.
  let transport: Promise<Transporter> | undefined;
  const connect = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(options.smtpUrl, {
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      } as never),
    ));
  const pollMs = options.pollMs ?? 5_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = true;

  const delayAfter = (attempts: number) =>
    Math.min(options.retryBaseMs * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS) / 1000;

  async function claim(): Promise<DueRow[]> {
    return database.query<DueRow>(
      `update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $1)
        where id in (
          select id from mail_outbox where sent_at is null and next_attempt_at <= now()
           order by created_at limit $2 for update skip locked)
        returning id, to_address, reply_to, subject, body, headers, attempts`,
      [LEASE_SECONDS, BATCH],
    );
  }

  async function send(row: DueRow): Promise<boolean> {
    try {
      await (await connect()).sendMail({
        from: options.from,
        // Addresses as objects: nodemailer then takes each as one mailbox instead of parsing a
        // string that could name several ("a@x.example, b@y.example") or carry a display name.
        to: { name: '', address: row.to_address },
        replyTo: row.reply_to ? { name: '', address: row.reply_to } : undefined,
        subject: row.subject,
        text: row.body,
        headers: row.headers ?? undefined,
      });
      await database.query('update mail_outbox set sent_at = now(), last_error = null where id = $1', [
        row.id,
      ]);
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const delay = delayAfter(row.attempts);
      options.log.warn(
        { err: error, mailId: row.id, attempts: row.attempts, retryInSeconds: delay },
        'notification e-mail failed; it stays queued and will be retried',
      );
      await database.query(
        `update mail_outbox set next_attempt_at = now() + make_interval(secs => $2), last_error = $3 where id = $1`,
        [row.id, delay, message.slice(0, 1000)],
      );
      // Come back when the retry is due rather than at the next poll.
      setTimeout(() => outbox.nudge(), delay * 1000 + 20).unref();
      return false;
    }
  }

  const outbox = {
    /** Queue a mail inside the caller's transaction. */
    async enqueue(tx: Db, mail: OutgoingMail): Promise<void> {
      await tx.execute(sql`insert into mail_outbox (resource, record_id, to_address, reply_to, subject, body, headers)
        values (${mail.resource}, ${mail.recordId}, ${mail.to}, ${mail.replyTo ?? null}, ${mail.subject}, ${mail.body},
                ${JSON.stringify(mail.headers ?? {})}::jsonb)`);
    },

    /** Send what is due now; answers how many were sent and how many failed. */
    async deliverDue(): Promise<{ sent: number; failed: number }> {
      let sent = 0;
      let failed = 0;
      for (;;) {
        const rows = await claim();
        for (const row of rows) (await send(row)) ? sent++ : failed++;
        if (rows.length < BATCH) return { sent, failed };
      }
    },

    /** Look for due mail soon (after a new message was stored). Runs one delivery at a time. */
    nudge(): void {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = outbox
        .deliverDue()
        .catch((error: unknown) => options.log.error({ err: error }, 'mail outbox delivery failed'))
        .finally(() => {
          running = null;
          if (again) {
            again = false;
            outbox.nudge();
          }
        });
    },

    start(): void {
      stopped = false;
      const tick = () => {
        outbox.nudge();
        timer = setTimeout(tick, pollMs);
        timer.unref();
      };
      tick();
    },

    /** Stop polling and wait for a delivery in progress. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
      if (transport) (await transport).close();
    },
  };
  return outbox;
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
