import type { ContentTypeDef } from '../../../shared/content/define';
import { EMAIL_PATTERN } from '../../../shared/text';
import type { StoredRecord } from '../../content/repository';

/**
 * The mails to staff about a request: the notification of a new one, and the page of an urgent one
 * (URGENT at once, ESCALATED when nobody moved it on in time). Every value a visitor wrote is kept
 * to its own lines and out of headers.
 */

/** Line breaks of every kind, and other control characters, none of which belong in a header. */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]+/gu;
const LINE_BREAK = /\r\n?|[\n\u2028\u2029]/;

/**
 * One field of the notification as `Label: value`. A value of several lines continues on lines
 * indented by two spaces, so nothing a visitor writes can start a line of its own and pass for
 * another field ("Email: ...") or for the footer of the mail.
 */
function notificationLine(label: string, value: string): string {
  const [first = '', ...rest] = value.split(LINE_BREAK);
  return [`${label}: ${first}`, ...rest.map((line) => `  ${line}`)].join('\n');
}

/** Every field people filled in, one `Label: value` each. */
function fieldLines(def: ContentTypeDef, record: StoredRecord): string {
  return Object.entries(def.fields)
    .filter(([, field]) => field.input === 'always')
    .map(([key, field]) =>
      notificationLine(
        field.label,
        field.kind === 'boolean' ? (record[key] ? 'yes' : 'no') : String(record[key] ?? ''),
      ),
    )
    .join('\n');
}

/** Only a plain mailbox answers the mail: never a list, a display name or a query. */
function replyToOf(def: ContentTypeDef, record: StoredRecord): string | undefined {
  const emailKey = Object.entries(def.fields).find(([, field]) => field.kind === 'email')?.[0];
  const replyTo = emailKey ? String(record[emailKey] ?? '') : '';
  return EMAIL_PATTERN.test(replyTo) ? replyTo : undefined;
}

/** The mail that tells staff about a new record: every field people filled in, and where to answer. */
export function staffNotification(
  def: ContentTypeDef,
  record: StoredRecord,
  siteOrigin: string,
  photoCount: number,
) {
  const link = `${siteOrigin}${def.admin.path}`;
  const sender = String(record[def.titleField] ?? '').replace(CONTROL_CHARACTERS, ' ');
  return {
    subject: `New ${def.label.toLowerCase()} from ${sender}`.slice(0, 200),
    // The link on a line of its own: short lines travel as plain text, never cut by an encoding.
    body: `${fieldLines(def, record)}\n${photoLines(def, record, siteOrigin, photoCount)}\nReceived ${record.createdAt}.\nOpen the inbox: ${link}\n`,
    replyTo: replyToOf(def, record),
  };
}

/**
 * The photos a visitor sent, as lines of a staff mail: how many, and the request's page that shows
 * them. The pictures themselves stay on the site, behind a staff session (decision 074).
 */
function photoLines(def: ContentTypeDef, record: StoredRecord, siteOrigin: string, count: number): string {
  if (count === 0) return '';
  const photos = count === 1 ? '1 photo' : `${count} photos`;
  return `\nWith ${photos} of the fault, on the request's page:\n${recordAdminUrl(def, siteOrigin, record._id)}\n`;
}

/** A record's value as one line of a subject: control characters and runs of space made one space. */
function subjectPart(value: unknown): string {
  return String(value ?? '')
    .replace(CONTROL_CHARACTERS, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The subject of a mail about an urgent record: the word that says why (URGENT, ESCALATED), the
 * reference and the declared details (area, phone), as `URGENT CF-7Q3KX · Gulberg · 03001234567`.
 */
export function urgentSubject(def: ContentTypeDef, word: string, record: Record<string, unknown>): string {
  const details = (def.intake?.urgent?.details ?? []).map((key) => subjectPart(record[key]));
  const head = `${word} ${subjectPart(record.reference) || subjectPart(record[def.titleField])}`;
  return [head, ...details.filter(Boolean)].join(' · ').slice(0, 200);
}

/** The admin page of one record: where a mail about it sends staff. */
export const recordAdminUrl = (def: ContentTypeDef, siteOrigin: string, id: string) =>
  `${siteOrigin}${def.admin.path}/${encodeURIComponent(id)}`;

/**
 * The mail that pages a person about an urgent record (`word`: URGENT, or ESCALATED when nobody
 * moved it on in time): the subject carries what is needed to act from a phone's lock screen, the
 * body every field and the request's own page.
 */
export function urgentNotification(
  def: ContentTypeDef,
  record: StoredRecord,
  siteOrigin: string,
  word: string,
  opening: string,
  photoCount = 0,
) {
  const reference = subjectPart(record.reference);
  return {
    subject: urgentSubject(def, word, record),
    body: [
      opening,
      '',
      ...(reference ? [`Reference: ${reference}`] : []),
      fieldLines(def, record),
      ...(photoCount > 0 ? [`Photos of the fault: ${photoCount}`] : []),
      '',
      `Received ${record.createdAt}.`,
      `Open the request: ${recordAdminUrl(def, siteOrigin, record._id)}`,
      '',
    ].join('\n'),
    replyTo: replyToOf(def, record),
  };
}

/** What a mail about an assignment says besides the request: who did it, and the service's title. */
export interface AssignmentNews {
  /** Assigned to the person mailed, or taken off them. */
  change: 'assigned' | 'taken off';
  /** Who did it, by name. */
  by: string;
  /** Who has it now when it was taken off the person mailed (null: nobody). */
  now?: string | null;
  /** The requested service by its title, when there is one. */
  service: string | null;
  /** The visit's time in the company's words, when one is booked. */
  visit: string | null;
}

/**
 * The mail telling a staff member a request was given to them (`Job CF-7Q3KX assigned to you:
 * Geyser repair in Clifton`) or taken off them: the reference, service, area, visit time and the
 * request's page. Values a visitor wrote stay one line each, and out of the subject but the area.
 */
export function assignmentNotification(
  def: ContentTypeDef,
  record: StoredRecord,
  siteOrigin: string,
  news: AssignmentNews,
) {
  const reference = subjectPart(record.reference) || 'without a reference';
  const area = subjectPart(record.area);
  const service = subjectPart(news.service);
  const what = [service, area ? `in ${area}` : ''].filter(Boolean).join(' ');
  const subject =
    news.change === 'assigned'
      ? `Job ${reference} assigned to you${what ? `: ${what}` : ''}`
      : `Job ${reference} taken off you${what ? `: ${what}` : ''}`;
  const opening =
    news.change === 'assigned'
      ? `${subjectPart(news.by)} assigned job ${reference} to you.`
      : `${subjectPart(news.by)} took job ${reference} off you${news.now ? `; ${subjectPart(news.now)} has it now` : ''}.`;
  return {
    subject: subject.slice(0, 200),
    body: [
      opening,
      '',
      notificationLine('Reference', reference),
      notificationLine('Service', service || 'not given'),
      notificationLine('Area', area || 'not given'),
      notificationLine('Visit', news.visit ?? 'not booked yet'),
      '',
      `Open the request: ${recordAdminUrl(def, siteOrigin, record._id)}`,
      '',
    ].join('\n'),
  };
}
