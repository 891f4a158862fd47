import { createHash, randomBytes } from 'node:crypto';
import { secretLink } from '../../../shared/secret-links';
import type { Database } from '../../db/client';
import { action, layMail, type MailSite, note, paragraph } from '../mail/layout';

/** An unconfirmed address is removed this long after its confirmation mail was queued. */
const CONFIRMATION_DAYS = 7;
const DAY_MS = 86_400_000;
/**
 * A known, unconfirmed address asked again is mailed a fresh confirmation at most this often: a
 * lost mail can be asked for again, and nobody can fill someone's inbox by typing their address.
 */
const RESEND_MINUTES = 60;

const newToken = () => randomBytes(32).toString('base64url');
/** Tokens are 256 random bits, so a plain hash is enough: a stolen table gives no working link. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The pages a subscriber's links open, and the one-click address mail clients post to (RFC 8058). */
function subscriptionLinks(origin: string, tokens: { confirm: string; unsubscribe: string }) {
  return {
    confirm: secretLink('subscriptionConfirm', tokens.confirm, origin),
    unsubscribe: secretLink('unsubscribe', tokens.unsubscribe, origin),
    oneClickUnsubscribe: secretLink('oneClickUnsubscribe', tokens.unsubscribe, origin),
  };
}

/** Headers every mail to a subscriber carries, so mail clients show their own unsubscribe button. */
function unsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClickUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export function createSubscriptionStore(database: Database) {
  return {
    /**
     * Inside the transaction that stored a subscriber, new or already known: one statement either
     * way, so the database does the same work whether or not the address was on the list (decision
     * 010, "Same work either way"). An address not yet confirmed, never mailed or last mailed over
     * RESEND_MINUTES ago, gets fresh link tokens (the last mail's links stop working) and one
     * confirmation mail; a confirmed address, or one mailed within the hour, gets nothing new.
     */
    async queueConfirmation(tx: Database, subscriberId: string, options: { origin: string; site: MailSite }) {
      const tokens = { confirm: newToken(), unsubscribe: newToken() };
      const links = subscriptionLinks(options.origin, tokens);
      const company = options.site.companyName || 'us';
      const mail = layMail(options.site, {
        subject: `Please confirm your subscription to ${company}`,
        heading: 'Please confirm your subscription',
        blocks: [
          paragraph(
            `Someone, hopefully you, asked to receive news and maintenance tips from ${company} at this address.`,
          ),
          action('Confirm subscription', links.confirm),
          note(
            `If it was not you, ignore this e-mail: without confirmation the address is removed in ${CONFIRMATION_DAYS} days and gets no other mail.`,
          ),
          note(`Unsubscribe: ${links.unsubscribe}`),
        ],
      });
      await tx.query(
        `with due as (
           update subscribers
              set confirm_token_hash = $2, unsubscribe_token_hash = $3, confirmation_sent_at = now()
            where id = $1 and not confirmed
              and (confirmation_sent_at is null
                   or confirmation_sent_at < now() - make_interval(mins => $4))
           returning id, email
         )
         insert into mail_outbox (resource, record_id, to_address, subject, body, html, headers, carries_secret)
         select 'subscribers', id::text, email, $5, $6, $8, $7::jsonb, true from due`,
        [
          subscriberId,
          hashOf(tokens.confirm),
          hashOf(tokens.unsubscribe),
          RESEND_MINUTES,
          mail.subject,
          mail.text,
          JSON.stringify(unsubscribeHeaders(links.oneClickUnsubscribe)),
          mail.html,
        ],
      );
    },

    /** Confirm the subscriber a link belongs to; a link works once. Answers whether it did. */
    async confirm(token: string): Promise<{ id: string } | null> {
      const [row] = await database.query<{ id: string }>(
        `update subscribers set confirmed = true, confirm_token_hash = null, updated_at = now(),
                version = version + 1
          where confirm_token_hash = $1 and deleted_at is null and not confirmed
          returning id`,
        [hashOf(token)],
      );
      return row ?? null;
    },

    /** Remove the subscriber for good (no trash: they asked to be forgotten). */
    async unsubscribe(token: string): Promise<{ id: string } | null> {
      const [row] = await database.query<{ id: string }>(
        'delete from subscribers where unsubscribe_token_hash = $1 returning id',
        [hashOf(token)],
      );
      // Mail still queued for the address would reach someone who just left.
      if (row)
        await database.query(
          `delete from mail_outbox where resource = 'subscribers' and record_id = $1 and sent_at is null`,
          [row.id],
        );
      return row ?? null;
    },

    /** Remove addresses whose confirmation went out more than CONFIRMATION_DAYS before `now`. */
    async purgeUnconfirmed(now: Date): Promise<string[]> {
      const rows = await database.query<{ id: string }>(
        `delete from subscribers
          where not confirmed and confirmation_sent_at is not null and confirmation_sent_at < $1
          returning id`,
        [new Date(now.getTime() - CONFIRMATION_DAYS * DAY_MS)],
      );
      return rows.map((row) => row.id);
    },
  };
}

export type SubscriptionStore = ReturnType<typeof createSubscriptionStore>;
