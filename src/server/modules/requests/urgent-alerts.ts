import type { FastifyInstance } from 'fastify';
import type { ContentTypeDef } from '../../../shared/content/define';
import type { PushMessage } from '../../../shared/push';
import type { StoredRecord } from '../../content/repository';
import type { ChangeTransaction } from '../../db/change-log';
import type { PushSender } from '../push/sender';
import type { TitleOf } from './staff-mail';

/**
 * A field's value as people read it: a chosen reference (the service) by its title rather than its
 * slug; null when it is empty. `tx`: the transaction the caller is in, if any.
 */
export async function readableValue(
  app: Pick<FastifyInstance, 'repositories'>,
  def: ContentTypeDef,
  key: string,
  value: unknown,
  tx?: ChangeTransaction,
): Promise<string | null> {
  const field = def.fields[key];
  if (typeof value !== 'string' || value.trim() === '') return null;
  if (field?.kind !== 'reference') return value;
  const repository = app.repositories.get(field.to);
  // Inside a transaction, read through it: an embedded database has one connection.
  const referenced = await (tx ? repository?.in(tx) : repository)?.findBySlug(value);
  const title = referenced && repository ? referenced[repository.def.titleField] : value;
  return String(title ?? value);
}

/** `readableValue` over these repositories, as the request's mails take it. */
export const titleFrom =
  (repositories: FastifyInstance['repositories']): TitleOf =>
  (tx, def, key, value) =>
    readableValue({ repositories }, def, key, value, tx);

/** The declared summary of a record (area, service by its title), as one line of a notification. */
async function summaryOf(app: FastifyInstance, def: ContentTypeDef, record: StoredRecord, otherwise: string) {
  const parts: string[] = [];
  for (const key of def.intake?.urgent?.summary ?? []) {
    const value = await readableValue(app, def, key, record[key]);
    if (value) parts.push(value);
  }
  return (parts.join(' · ') || otherwise).replace(/\s+/g, ' ').slice(0, 200);
}

const referenceOf = (record: StoredRecord) => (typeof record.reference === 'string' ? record.reference : '');

/**
 * The browser notification about a new urgent record: `URGENT CF-7Q3KX`, the declared summary
 * (area, and the service by its title rather than its slug), and the record's admin page.
 */
export async function urgentPushMessage(
  app: FastifyInstance,
  def: ContentTypeDef,
  record: StoredRecord,
): Promise<PushMessage> {
  return {
    title: `URGENT ${referenceOf(record)}`.trim(),
    body: await summaryOf(app, def, record, 'Emergency request'),
    url: `${def.admin.path}/${encodeURIComponent(record._id)}`,
    tag: `urgent-${record._id}`,
  };
}

/** The browser notification to the staff member a record was assigned to (decision 091). */
export async function assignedPushMessage(
  app: FastifyInstance,
  def: ContentTypeDef,
  record: StoredRecord,
): Promise<PushMessage> {
  return {
    title: `Assigned to you: ${referenceOf(record) || 'a request'}`,
    body: await summaryOf(app, def, record, 'A request'),
    url: `${def.admin.path}/${encodeURIComponent(record._id)}`,
    tag: `assigned-${record._id}`,
  };
}

/**
 * Pages the browsers of the staff paged about a new urgent record (and the assignee's about a
 * record assigned to them), after its commit and apart from the visitor's answer: push services
 * can be slow or down, and a notification is best effort (the on-call mail is the one that is
 * queued and retried). `settled()` waits for those under way (closing, tests).
 */
export function createUrgentAlerts(app: FastifyInstance, push: PushSender) {
  const underway = new Set<Promise<unknown>>();
  const send = (message: Promise<PushMessage>, userId: string | null, what: string) => {
    const work = message
      .then((ready) => push.notifyStaff(ready, userId))
      .catch((error: unknown) => app.log.error({ err: error }, `${what} push notifications failed`))
      .finally(() => underway.delete(work));
    underway.add(work);
  };
  return {
    /** The URGENT notification to each staff member paged about a new urgent record (decision 095). */
    created(def: ContentTypeDef, record: StoredRecord, userIds: readonly string[]) {
      for (const userId of userIds) send(urgentPushMessage(app, def, record), userId, 'urgent');
    },
    /** The browser notification to the one a record was assigned to; best effort, like `created`. */
    assigned(def: ContentTypeDef, record: StoredRecord, userId: string) {
      send(assignedPushMessage(app, def, record), userId, 'assignment');
    },
    async settled() {
      while (underway.size > 0) await Promise.all(underway);
    },
  };
}
