import type { ContentTypeDef } from '../../../shared/content/define';
import { EMAIL_PATTERN } from '../../../shared/text';
import type { StoredRecord } from '../../content/repository';
import type { ChangeTransaction } from '../../db/change-log';
import {
  action,
  fields,
  type LaidOutMail,
  layMail,
  type MailSite,
  type MailValue,
  mailSiteOf,
  oneLine,
  paragraph,
} from '../mail/layout';
import { createSettingsStore } from '../settings/store';

/**
 * The mails to staff about a request: the notification of a new one, the page of an urgent one
 * (URGENT at once, ESCALATED when nobody moved it on in time) and an assignment's news. All go
 * through the one mail layout; every value a visitor wrote is kept to its own value and out of
 * headers, and a chosen service is named by its title, never its slug.
 */

/** A chosen reference's title (the service by its title rather than its slug); null when none. */
export type TitleOf = (
  tx: ChangeTransaction,
  def: ContentTypeDef,
  key: string,
  value: unknown,
) => Promise<string | null>;

/** What every staff mail about one request is written from, read in the change's transaction. */
export interface RequestFacts {
  site: MailSite;
  origin: string;
  /** Each field a visitor fills in, by key, as people read it (a service by its title). */
  readable: Record<string, string>;
}

/** The facts of `record` for a staff mail: the settings' name, phone and zone, and readable values. */
export async function requestFacts(
  tx: ChangeTransaction,
  def: ContentTypeDef,
  record: StoredRecord,
  origin: string,
  titleOf: TitleOf,
): Promise<RequestFacts> {
  const readable: Record<string, string> = {};
  for (const [key, field] of Object.entries(def.fields)) {
    if (field.input !== 'always') continue;
    const value = record[key];
    readable[key] =
      field.kind === 'boolean'
        ? value
          ? 'yes'
          : 'no'
        : field.kind === 'reference'
          ? ((await titleOf(tx, def, key, value)) ?? '')
          : String(value ?? '');
  }
  return { site: mailSiteOf(await createSettingsStore(tx).get()), origin, readable };
}

/** Every field people filled in, as labelled rows. */
const fieldRows = (def: ContentTypeDef, facts: RequestFacts): [string, MailValue][] =>
  Object.entries(def.fields)
    .filter(([key]) => key in facts.readable)
    .map(([key, field]) => [field.label, facts.readable[key] || '–']);

/** Only a plain mailbox answers the mail: never a list, a display name or a query. */
function replyToOf(def: ContentTypeDef, record: StoredRecord): string | undefined {
  const emailKey = Object.entries(def.fields).find(([, field]) => field.kind === 'email')?.[0];
  const replyTo = emailKey ? String(record[emailKey] ?? '') : '';
  return EMAIL_PATTERN.test(replyTo) ? replyTo : undefined;
}

/** The admin page of one record: where a mail about it sends staff. */
export const recordAdminUrl = (def: ContentTypeDef, siteOrigin: string, id: string) =>
  `${siteOrigin}${def.admin.path}/${encodeURIComponent(id)}`;

/**
 * The subject of a mail about an urgent record: the word that says why (URGENT, ESCALATED), the
 * reference and the declared details as people read them (service by its title, area, phone):
 * `URGENT CF-7Q3KX · Geyser repair · Clifton · 03001234567`, enough to act from a lock screen.
 */
export function urgentSubject(def: ContentTypeDef, word: string, readable: Record<string, unknown>): string {
  const details = (def.intake?.urgent?.details ?? []).map((key) => oneLine(readable[key]));
  const head = `${word} ${oneLine(readable.reference) || oneLine(readable[def.titleField])}`;
  return [head, ...details.filter(Boolean)].join(' · ').slice(0, 200);
}

/** Who is on call, as a staff mail about an urgent request says it. */
export interface OnCallNews {
  /** The names of the staff on call now, in the rota's order; empty when nobody is. */
  names: readonly string[];
}

const onCallLine = (onCall: OnCallNews) =>
  onCall.names.length > 0
    ? onCall.names.join(', ')
    : 'Nobody is on call now: every admin is paged. Set up the on-call rota under On call.';

/**
 * The mail about a new request. An urgent one (`urgent` given: the word, URGENT or ESCALATED, and
 * the opening line) reads as one: the word and reference first in the subject, a red band, and
 * who is on call; a calm one says who it is from.
 */
export function requestNotification(
  def: ContentTypeDef,
  record: StoredRecord,
  facts: RequestFacts,
  options: { photoCount: number; urgent?: { word: string; opening: string; onCall: OnCallNews } },
): { content: LaidOutMail; replyTo: string | undefined } {
  const reference = oneLine(record.reference);
  const { urgent, photoCount } = options;
  const sender = oneLine(record[def.titleField]);
  const readable: Record<string, string> = { ...facts.readable, reference };
  const calmSubject = [
    `New request ${reference}`.trim() + (sender ? ` from ${sender}` : ''),
    ...(def.intake?.urgent?.summary ?? []).map((key) => oneLine(readable[key])).filter(Boolean),
  ].join(' · ');
  const rows: [string, MailValue][] = [
    ...(reference ? [['Reference', reference] as [string, MailValue]] : []),
    ...fieldRows(def, facts),
    ...(photoCount > 0
      ? [['Photos of the fault', `${photoCount}, on the request's page`] as [string, MailValue]]
      : []),
    ['Received', new Date(String(record.createdAt))],
  ];
  const open = action('Open the request', recordAdminUrl(def, facts.origin, record._id));
  const content = layMail(facts.site, {
    subject: urgent ? urgentSubject(def, urgent.word, readable) : calmSubject,
    heading: urgent ? `Emergency request ${reference}` : `New request ${reference}`,
    urgent: urgent ? `${urgent.word} · emergency request` : undefined,
    // An urgent mail puts its button above the details: one tap from a phone's lock screen.
    blocks: urgent
      ? [paragraph(urgent.opening), fields([['On call', onCallLine(urgent.onCall)]]), open, fields(rows)]
      : [fields(rows), open],
  });
  return { content, replyTo: replyToOf(def, record) };
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
  /** The visit's time, when one is booked. */
  visit: Date | null;
}

/**
 * The mail telling a staff member a request was given to them (`Job CF-7Q3KX assigned to you:
 * Geyser repair in Clifton`) or taken off them: the reference, service, area, visit time and the
 * request's page. Values a visitor wrote stay one line each, and out of the subject but the area.
 */
export function assignmentNotification(
  def: ContentTypeDef,
  record: StoredRecord,
  site: MailSite,
  origin: string,
  news: AssignmentNews,
): { content: LaidOutMail } {
  const reference = oneLine(record.reference) || 'without a reference';
  const area = oneLine(record.area);
  const service = oneLine(news.service);
  const what = [service, area ? `in ${area}` : ''].filter(Boolean).join(' ');
  const subject =
    news.change === 'assigned'
      ? `Job ${reference} assigned to you${what ? `: ${what}` : ''}`
      : `Job ${reference} taken off you${what ? `: ${what}` : ''}`;
  const opening =
    news.change === 'assigned'
      ? `${oneLine(news.by)} assigned job ${reference} to you.`
      : `${oneLine(news.by)} took job ${reference} off you${news.now ? `; ${oneLine(news.now)} has it now` : ''}.`;
  return {
    content: layMail(site, {
      subject,
      heading: news.change === 'assigned' ? `Job ${reference} is yours` : `Job ${reference} taken off you`,
      blocks: [
        paragraph(opening),
        fields([
          ['Reference', reference],
          ['Service', service || 'not given'],
          ['Area', area || 'not given'],
          ['Visit', news.visit ?? 'not booked yet'],
        ]),
        action('Open the request', recordAdminUrl(def, origin, record._id)),
      ],
    }),
  };
}
