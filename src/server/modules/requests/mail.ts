import type { ContactStage } from '../../../shared/constants';
import type { ContentTypeDef } from '../../../shared/content/define';
import type { SiteSettings } from '../../../shared/content/settings';
import { whatHappensNext } from '../../../shared/request-receipt';
import { stageWords } from '../../../shared/stage-words';
import { EMAIL_PATTERN } from '../../../shared/text';
import type { StoredRecord } from '../../content/repository';
import { action, fields, layMail, type MailContent, mailSiteOf, note, paragraph } from '../mail/layout';
import type { OutgoingMail } from '../mail/outbox';

/** What every mail to a request's customer is written from. */
export interface CustomerMailContext {
  settings: SiteSettings;
  /** The site's time zone, the one clock every time in a mail is read in. */
  zone: string;
  /** The customer's status page, when the server can still open their token. */
  link: string | null;
  /** The request's reference, or "to us" for a request stored before references existed. */
  reference: string;
  /** The customer's name as they gave it. */
  name: string;
}

type Compose = (context: CustomerMailContext) => MailContent;

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const followBlock = (link: string | null) => (link ? [action('Follow your request here', link)] : []);

/** The mail telling a customer where their request stands now. */
export const stageMail =
  (stage: ContactStage, scheduledAt: string | null): Compose =>
  ({ link, reference, name, zone }) => ({
    subject: `Your request ${reference}: ${lowerFirst(stageWords(stage, scheduledAt, 'short', zone))}`,
    heading: `Your request ${reference}`,
    blocks: [
      paragraph(
        `Hello ${name},\n\nWhere your request ${reference} stands:\n${stageWords(stage, scheduledAt, 'long', zone)}.`,
      ),
      ...followBlock(link),
    ],
  });

/** Staff's reply to a customer, as written, with the status link and the company's signature. */
export const replyMail =
  (text: string): Compose =>
  ({ settings, link, reference }) => ({
    subject: `Your request ${reference}: a reply from ${settings.companyName}`,
    heading: `A reply about your request ${reference}`,
    blocks: [paragraph(text), ...followBlock(link)],
  });

/**
 * The confirmation a customer gets when their request gives an e-mail address: the reference,
 * what happens next in the thank-you page's own words (request-receipt.ts; escalation's minutes are
 * the staff's alarm, not a promise to the customer) and the private track link, which they keep here.
 */
export const confirmationMail =
  (request: { urgent: boolean; phone: string }, receivedAt: Date): Compose =>
  ({ settings, link, reference, name }) => ({
    subject: `We have your request ${reference}`,
    heading: `We have your request ${reference}`,
    blocks: [
      paragraph(`Hello ${name},\n\nThank you for contacting ${settings.companyName}.`),
      fields([
        ['Reference', reference],
        ['Received', receivedAt],
        ['What happens next', whatHappensNext(request)],
      ]),
      ...followBlock(link),
      note(
        `Keep this e-mail: the link is private to you and shows where your request stands. If it is urgent, call us on ${settings.phone}.`,
      ),
    ],
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
  const site = mailSiteOf(settings);
  return {
    resource: def.name,
    recordId: record._id,
    to: filedAddress,
    replyTo: EMAIL_PATTERN.test(settings.email) ? settings.email : undefined,
    content: layMail(site, compose({ settings, zone: site.timeZone, link, reference, name })),
  };
}
