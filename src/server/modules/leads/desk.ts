import type { FastifyInstance } from 'fastify';
import type { ContactStage } from '../../../shared/constants';
import type { ContentTypeDef } from '../../../shared/content/define';
import type { SiteSettings } from '../../../shared/content/settings';
import { stageWords } from '../../../shared/stage-words';
import { EMAIL_PATTERN } from '../../../shared/text';
import type { ContentRepository, StoredRecord } from '../../content/repository';
import type { StageChange } from '../../content/routes';
import { trackPath } from '../../content/tracking';
import type { SecretBox } from '../../crypto/secret-box';
import type { ChangeTransaction } from '../../db/change-log';
import type { Database } from '../../db/client';
import type { SessionUser } from '../../http/identity';
import type { OutgoingMail } from '../mail/outbox';
import { createSettingsStore } from '../settings/store';
import { createActivityStore } from './store';

export interface LeadDeskDeps {
  /** Present when SMTP_URL is set. */
  outbox: { enqueue(tx: Database, mail: OutgoingMail): Promise<void>; nudge(): void } | null;
  /** Opens the sealed track tokens; null on a site without a key (PostgreSQL without SECRET_KEY). */
  secretBox(): Promise<SecretBox | null>;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * The lead desk: a request's notes and history, mails to its sender, and the first response.
 * Everything it writes goes in the caller's transaction, with the change's audit row.
 */
export function createLeadDesk(app: FastifyInstance, deps: LeadDeskDeps) {
  const activity = createActivityStore(app.database);

  /** The sender's address, or null when the record has none a mail can go to. */
  function senderAddress(def: ContentTypeDef, record: StoredRecord): string | null {
    const key = Object.entries(def.fields).find(([, field]) => field.kind === 'email')?.[0];
    const address = key ? String(record[key] ?? '') : '';
    return EMAIL_PATTERN.test(address) ? address : null;
  }

  /** The sender's status page as a full link, when the server can still open their token. */
  async function statusLink(records: ContentRepository, id: string): Promise<string | null> {
    const sealed = await records.sealedTrackToken(id);
    const box = sealed ? await deps.secretBox() : null;
    if (!sealed || !box) return null;
    try {
      return `${app.siteOrigin()}${trackPath(box.open(sealed))}`;
    } catch {
      // Sealed under another SECRET_KEY (a restore onto a new key): the mail goes without the link.
      return null;
    }
  }

  /** Queue a mail to the request's sender, Reply-To the company; false when it cannot be sent. */
  async function mailSender(
    tx: ChangeTransaction,
    def: ContentTypeDef,
    records: ContentRepository,
    record: StoredRecord,
    compose: (context: { settings: SiteSettings; link: string | null; reference: string }) => {
      subject: string;
      body: string;
    },
  ): Promise<boolean> {
    const to = senderAddress(def, record);
    if (!deps.outbox || !to) return false;
    const settings = await createSettingsStore(tx).get();
    const link = await statusLink(records, record._id);
    const reference = String(record.reference ?? '') || 'to us';
    const { subject, body } = compose({ settings, link, reference });
    await deps.outbox.enqueue(tx, {
      resource: def.name,
      recordId: record._id,
      to,
      replyTo: EMAIL_PATTERN.test(settings.email) ? settings.email : undefined,
      subject: subject.slice(0, 200),
      body,
    });
    return true;
  }

  const signature = (settings: SiteSettings) => `${settings.companyName}\n${settings.phone}\n`;
  // The link on a line of its own: short lines travel as plain text, never cut by an encoding.
  const followLine = (link: string | null) => (link ? `\nFollow your request here:\n${link}\n` : '');

  return {
    activityOf: (id: string) => activity.of(id),

    /**
     * After an update in its transaction: a stage change, or a booked visit moved to another
     * time, gets its history row, the customer's mail and the first-response stamp.
     */
    async afterUpdate(tx: ChangeTransaction, change: StageChange): Promise<{ mailed: boolean }> {
      const desk = change.def.desk;
      if (!desk) return { mailed: false };
      const from = change.before[desk.stage] as ContactStage;
      const to = change.after[desk.stage] as ContactStage;
      const scheduledAt = (change.after[desk.scheduledAt] as string | null) ?? null;
      const visitMoved = to === 'scheduled' && scheduledAt !== (change.before[desk.scheduledAt] ?? null);
      if (from === to && !visitMoved) return { mailed: false };
      // A request the honeypot caught is mailed only when someone asks for it explicitly: its
      // address may be anyone's.
      const spamFlag = change.def.intake?.honeypot?.flag;
      const spam = spamFlag !== undefined && change.after[spamFlag] === true;
      const notify = change.notifyCustomer ?? (!spam && desk.notifyOn.includes(to));
      const mailed =
        notify &&
        (await mailSender(tx, change.def, change.records, change.after, ({ settings, link, reference }) => ({
          subject: `Your request ${reference}: ${lowerFirst(stageWords(to, scheduledAt, 'short'))}`,
          body: `Hello ${String(change.after[change.def.titleField] ?? '')},\n\nWhere your request ${reference} stands:\n${stageWords(to, scheduledAt)}.\n${followLine(link)}\n${signature(settings)}`,
        })));
      await activity.add(tx, {
        messageId: change.after._id,
        kind: 'stage',
        actor: change.actor,
        fromStage: from,
        toStage: to,
        scheduledAt,
        notified: mailed,
      });
      await change.records.stampOnce(change.after._id, desk.firstResponseAt);
      return { mailed };
    },

    /** An internal note on a live record; null when there is none with that id. */
    async addNote(
      tx: ChangeTransaction,
      records: ContentRepository,
      id: string,
      actor: SessionUser | null,
      text: string,
    ) {
      const record = await records.findById(id);
      if (!record) return null;
      const { note } = await activity.add(tx, { messageId: id, kind: 'note', actor, text });
      return { record, note };
    },

    /** A reply mailed to the sender and kept in the history; null when there is no such record. */
    async reply(
      tx: ChangeTransaction,
      def: ContentTypeDef,
      records: ContentRepository,
      id: string,
      actor: SessionUser | null,
      text: string,
    ) {
      const record = await records.findById(id, { forUpdate: true });
      if (!record) return null;
      const mailed = await mailSender(tx, def, records, record, ({ settings, link, reference }) => ({
        subject: `Your request ${reference}: a reply from ${settings.companyName}`,
        body: `${text}\n${followLine(link)}\n${signature(settings)}`,
      }));
      const { history } = await activity.add(tx, {
        messageId: id,
        kind: 'reply',
        actor,
        text,
        notified: mailed,
      });
      if (def.desk) await records.stampOnce(id, def.desk.firstResponseAt);
      return { record, entry: history, mailed };
    },

    /** Whether replies can be sent at all (SMTP is configured). */
    canMail: () => deps.outbox !== null,
    /** Send queued mail now rather than at the next poll. */
    nudge: () => deps.outbox?.nudge(),
  };
}

export type LeadDesk = ReturnType<typeof createLeadDesk>;
