import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Database } from '../../db/client';
import { holdsSecretLink, redactSecretLinksIn } from '../../http/secret-urls';
import { isLaidOut, type LaidOutMail } from './layout';
import { createOutboxStore, type DueMail, type SentCopy } from './outbox-store';

export interface OutgoingMail {
  resource: string;
  recordId: string;
  to: string;
  replyTo?: string;
  /** Subject, text and HTML, as the one mail layout wrote them (layout.ts): nothing else is queued. */
  content: LaidOutMail;
  /** Extra headers sent as they are (List-Unsubscribe on mail to subscribers). */
  headers?: Record<string, string>;
  /**
   * It carries a secret link (a reset, a confirmation, a status page): once delivered, the stored
   * copy keeps the links without their secrets. A body or header holding a link of the list
   * (src/shared/secret-links.ts) is marked so anyway.
   */
  carriesSecret?: boolean;
}

/** Said in place of a marked mail's body when no link of the list could be found in it to redact. */
const REMOVED_BODY = '[The text of this mail was removed after delivery: it carried a secret.]';

/** What a delivered mail that carried a secret keeps: the same text, each secret link without its secret. */
export function sentCopyOf(mail: Pick<DueMail, 'body' | 'html' | 'headers'>): SentCopy {
  const body = redactSecretLinksIn(mail.body);
  const html = redactSecretLinksIn(mail.html);
  const headers = mail.headers
    ? Object.fromEntries(
        Object.entries(mail.headers).map(([name, value]) => [name, redactSecretLinksIn(value)]),
      )
    : null;
  const redactedHeaders = JSON.stringify(headers) !== JSON.stringify(mail.headers);
  const redacted = body !== mail.body || html !== mail.html || redactedHeaders;
  return { body: redacted ? body : REMOVED_BODY, html: redacted ? html : '', headers };
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

/** A delivered mail is deleted by maintenance this many days after it was sent. */
export const SENT_MAIL_DAYS = 30;

/** While one instance sends a claimed row, others see it as not due for this long. */
const LEASE_SECONDS = 120;
const MAX_DELAY_MS = 3_600_000;
const BATCH = 10;

/**
 * Transactional outbox: a mail is a row written with the record it announces, and a worker in
 * every instance sends due rows. A failed send is logged and retried with backoff; the row stays
 * until it is sent, so neither a crash nor an SMTP outage loses a notification.
 */
export function createMailOutbox(database: Database, options: MailOutboxOptions) {
  // Made with the first mail to send: a site without mail never loads nodemailer.
  let transport: Promise<Transporter> | undefined;
  // The timeouts beside the URL: as a second argument they would be defaults of each message.
  const connect = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    ));
  const pollMs = options.pollMs ?? 5_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = true;

  const delayAfter = (attempts: number) =>
    Math.min(options.retryBaseMs * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS) / 1000;

  const store = createOutboxStore(database);

  async function send(row: DueMail): Promise<boolean> {
    try {
      await (await connect()).sendMail({
        from: options.from,
        // Addresses as objects: nodemailer then takes each as one mailbox instead of parsing a
        // string that could name several ("a@x.example, b@y.example") or carry a display name.
        to: { name: '', address: row.toAddress },
        replyTo: row.replyTo ? { name: '', address: row.replyTo } : undefined,
        subject: row.subject,
        text: row.body,
        // A mail queued before the layout had an HTML part goes as text.
        html: row.html || undefined,
        headers: row.headers ?? undefined,
      });
      await store.markSent(row.id, row.carriesSecret ? sentCopyOf(row) : null);
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const delay = delayAfter(row.attempts);
      options.log.warn(
        { err: error, mailId: row.id, attempts: row.attempts, retryInSeconds: delay },
        'notification e-mail failed; it stays queued and will be retried',
      );
      await store.putOff(row.id, delay, message.slice(0, 1000));
      // Come back when the retry is due rather than at the next poll.
      setTimeout(() => outbox.nudge(), delay * 1000 + 20).unref();
      return false;
    }
  }

  const outbox = {
    /** Queue a mail inside the caller's transaction. */
    async enqueue(tx: Database, mail: OutgoingMail): Promise<void> {
      // The type says so already; this says it to a caller that cast its way past it.
      if (!isLaidOut(mail.content))
        throw new TypeError('A mail must be written by the mail layout (mail/layout.ts).');
      const headers = mail.headers ?? {};
      const { subject, text, html } = mail.content;
      await createOutboxStore(tx).insert({
        resource: mail.resource,
        recordId: mail.recordId,
        to: mail.to,
        subject,
        body: text,
        html,
        replyTo: mail.replyTo ?? null,
        headers,
        carriesSecret:
          mail.carriesSecret === true ||
          holdsSecretLink(text) ||
          holdsSecretLink(html) ||
          Object.values(headers).some(holdsSecretLink),
      });
    },

    /** Send what is due now; answers how many were sent and how many failed. */
    async deliverDue(): Promise<{ sent: number; failed: number }> {
      let sent = 0;
      let failed = 0;
      for (;;) {
        const rows = await store.claimDue(BATCH, LEASE_SECONDS);
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
