import { USERS_ACCESS } from '../../shared/auth';
import { CONTACT_STAGES, type ContactStage } from '../../shared/constants';
import { contactus } from '../../shared/content/types';
import { may, mayCall } from '../../shared/permissions';
import type { HistoryEntry, Note, Seen } from '../../shared/request-desk';
import type { Role } from '../../shared/roles';
import { whatsappHref } from '../../shared/whatsapp';

/**
 * The request desk's plain helpers, apart from React: how staff name each stage, the queue's URL
 * filters, and the links that reach a customer (who hears of a change: shared/request-desk.ts).
 */

export const STAGE_LABELS: Record<ContactStage, string> = {
  new: 'New',
  contacted: 'Contacted',
  scheduled: 'Scheduled',
  done: 'Done',
  lost: 'Lost',
};

export const stageLabel = (stage: unknown) =>
  (CONTACT_STAGES as readonly unknown[]).includes(stage) ? STAGE_LABELS[stage as ContactStage] : 'New';

/** What the request's page knows beyond the declared fields (the server sets or joins these). */
export interface RequestExtras {
  reference?: string | null;
  scheduledAt?: string | null;
  assignee?: string | null;
  followUpAt?: string | null;
  firstResponseAt?: string | null;
  /** Staff-only addresses of the fault's photos (a request's page). */
  photos?: string[];
  /** How many photos the request has (a queue row). */
  photoCount?: number;
  notes?: Note[];
  history?: HistoryEntry[];
  /** Where replies and stage mails go: the address given when filing (a request's page). */
  filedEmail?: string | null;
  /** Who on the staff saw it first, while it is read (a request's page; decision 100). */
  seen?: Seen | null;
}

/**
 * The address a reply to this request is mailed to: the one its customer filed with; '' when they
 * filed with a phone alone (decision 096). A queue row, which carries no filed address, says its e-mail.
 */
export const replyAddress = (message: { email?: unknown; filedEmail?: string | null }) =>
  message.filedEmail !== undefined ? (message.filedEmail ?? '') : String(message.email ?? '');

export interface StaffMember {
  _id: string;
  name: string;
}

/** Requests are assigned once the declaration has the field; the staff list comes with it. */
export const assigneesServed = 'assignee' in contactus.fields;

/**
 * Who may be assigned (`GET /api/users/staff`); none while requests cannot be assigned, and none
 * asked for by a role that may not read the staff.
 */
export async function readStaff(
  role: Role,
  read: <T>(path: string) => Promise<T | null>,
): Promise<StaffMember[]> {
  if (!assigneesServed || !mayCall(role, USERS_ACCESS.staff)) return [];
  const staff = await read<StaffMember[] | { data: StaffMember[] }>('/api/users/staff');
  return staff ? (Array.isArray(staff) ? staff : staff.data) : [];
}

/**
 * What a role may do on a request's page, each by the rule of the route it calls: the page shows
 * only those parts, so nobody meets a refusal.
 */
export const requestAbilities = (role: Role) => ({
  work: may(role, 'requests:work'),
  /** Choosing an assignee needs the staff's names too. */
  assign: may(role, 'requests:assign') && mayCall(role, USERS_ACCESS.staff),
  reply: may(role, 'requests:reply'),
  spam: may(role, 'requests:spam'),
  remove: mayCall(role, contactus.access.delete),
});

/** The queue's filters, as the URL holds them; each is sent only when the list declares it. */
export const QUEUE_FILTERS = ['stage', 'service', 'assignee', 'urgent', 'status', 'spam'] as const;
const declaredFilters: readonly string[] = contactus.list.filters ?? [];
/** The queue order (urgent new first, then the oldest new), when the list declares it. */
export const queueOrderServed = 'queue' in (contactus.list.orders ?? {});

/** The list request's query for the queue URL's filters, search and page. */
export function queueQuery(url: URL, pageSize: number) {
  const filters = new URLSearchParams();
  const q = url.searchParams.get('q')?.trim();
  if (q) filters.set('q', q);
  for (const name of QUEUE_FILTERS) {
    const value = url.searchParams.get(name)?.trim();
    if (value && declaredFilters.includes(name)) filters.set(name, value);
  }
  const page = Math.max(1, Math.floor(Number(url.searchParams.get('page'))) || 1);
  const query = new URLSearchParams(filters);
  if (queueOrderServed) query.set('order', 'queue');
  query.set('page', String(page));
  query.set('pageSize', String(pageSize));
  return { filters, query, page };
}

/** A WhatsApp chat with the customer, the first line already naming their request. */
export function customerWhatsappHref(phone: string, reference: string | null | undefined, company: string) {
  const about = reference ? `your request ${reference}` : 'your request';
  const text = `Hello, this is ${company} about ${about}.`;
  return whatsappHref(phone, text);
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
];

/** How long ago, as a busy person reads a queue (`5 min. ago`, `yesterday`); the exact time goes in a title. */
export function timeAgo(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '';
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((then - now) / 1000);
  if (Math.abs(seconds) < 60) return 'just now';
  let unit: Intl.RelativeTimeFormatUnit = 'minute';
  let size = 60;
  for (const [name, length] of STEPS) {
    if (Math.abs(seconds) >= length) {
      unit = name;
      size = length;
    }
  }
  if (unit === 'week' && Math.abs(seconds) > 8 * 7 * 24 * 60 * 60)
    return new Date(then).toLocaleDateString('en-GB');
  return relative.format(Math.trunc(seconds / size), unit);
}
