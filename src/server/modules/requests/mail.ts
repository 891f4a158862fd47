import type { ContactStage } from '../../../shared/constants';
import type { ContentTypeDef } from '../../../shared/content/define';
import type { SiteSettings } from '../../../shared/content/settings';
import { stageWords } from '../../../shared/stage-words';
import { EMAIL_PATTERN } from '../../../shared/text';
import type { StoredRecord } from '../../content/repository';
import type { OutgoingMail } from '../mail/outbox';

/** What every mail to a request's customer is written from. */
export interface CustomerMailContext {
  settings: SiteSettings;
  /** The customer's status page, when the server can still open their token. */
  link: string | null;
  /** The request's reference, or "to us" for a request stored before references existed. */
  reference: string;
  /** The customer's name as they gave it. */
  name: string;
}

type Compose = (context: CustomerMailContext) => { subject: string; body: string };

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const signature = (settings: SiteSettings) => `${settings.companyName}\n${settings.phone}\n`;
// The link on a line of its own: short lines travel as plain text, never cut by an encoding.
const followLine = (link: string | null) => (link ? `\nFollow your request here:\n${link}\n` : '');

/** The mail telling a customer where their request stands now. */
export const stageMail =
  (stage: ContactStage, scheduledAt: string | null): Compose =>
  ({ settings, link, reference, name }) => ({
    subject: `Your request ${reference}: ${lowerFirst(stageWords(stage, scheduledAt, 'short'))}`,
    body: `Hello ${name},\n\nWhere your request ${reference} stands:\n${stageWords(stage, scheduledAt)}.\n${followLine(link)}\n${signature(settings)}`,
  });

/** Staff's reply to a customer, as written, with the status link and the company's signature. */
export const replyMail =
  (text: string): Compose =>
  ({ settings, link, reference }) => ({
    subject: `Your request ${reference}: a reply from ${settings.companyName}`,
    body: `${text}\n${followLine(link)}\n${signature(settings)}`,
  });

/**
 * A mail to the request's customer at `filedAddress`, the address they gave when filing (never a
 * later correction of the record's e-mail: decision 010), Reply-To the company; null when there is
 * nobody to mail.
 */
export function composeMail(
  def: ContentTypeDef,
  record: StoredRecord,
  filedAddress: string | null,
  settings: SiteSettings,
  link: string | null,
  compose: Compose,
): OutgoingMail | null {
  if (!filedAddress || !EMAIL_PATTERN.test(filedAddress)) return null;
  const reference = String(record.reference ?? '') || 'to us';
  const name = String(record[def.titleField] ?? '');
  const { subject, body } = compose({ settings, link, reference, name });
  return {
    resource: def.name,
    recordId: record._id,
    to: filedAddress,
    replyTo: EMAIL_PATTERN.test(settings.email) ? settings.email : undefined,
    subject: subject.slice(0, 200),
    body,
  };
}
