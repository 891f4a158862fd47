import type { FastifyInstance } from 'fastify';
import type { ContentTypeDef } from '../../../shared/content/define';
import type { PushMessage } from '../../../shared/push';
import type { StoredRecord } from '../../content/repository';
import type { PushSender } from '../push/sender';

/**
 * The browser notification about a new urgent record: `URGENT CF-7Q3KX`, the declared summary
 * (area, and the service by its title rather than its slug), and the record's admin page.
 */
export async function urgentPushMessage(
  app: FastifyInstance,
  def: ContentTypeDef,
  record: StoredRecord,
): Promise<PushMessage> {
  const parts: string[] = [];
  for (const key of def.intake?.urgent?.summary ?? []) {
    const field = def.fields[key];
    const value = record[key];
    if (typeof value !== 'string' || value.trim() === '') continue;
    if (field?.kind === 'reference') {
      const referenced = await app.repositories.get(field.to)?.findBySlug(value);
      const title = referenced ? referenced[app.repositories.get(field.to)!.def.titleField] : value;
      parts.push(String(title ?? value));
    } else parts.push(value);
  }
  const reference = typeof record.reference === 'string' ? record.reference : '';
  return {
    title: `URGENT ${reference}`.trim(),
    body: (parts.join(' · ') || 'Emergency request').replace(/\s+/g, ' ').slice(0, 200),
    url: `${def.admin.path}/${encodeURIComponent(record._id)}`,
    tag: `urgent-${record._id}`,
  };
}

/**
 * Pages staff's browsers about a new urgent record, after its commit and apart from the visitor's
 * answer: push services can be slow or down, and a notification is best effort (the on-call mail
 * is the one that is queued and retried). `settled()` waits for those under way (closing, tests).
 */
export function createUrgentAlerts(app: FastifyInstance, push: PushSender) {
  const underway = new Set<Promise<unknown>>();
  return {
    created(def: ContentTypeDef, record: StoredRecord) {
      const work = urgentPushMessage(app, def, record)
        .then((message) => push.notifyStaff(message))
        .catch((error: unknown) => app.log.error({ err: error }, 'urgent push notifications failed'))
        .finally(() => underway.delete(work));
      underway.add(work);
    },
    async settled() {
      while (underway.size > 0) await Promise.all(underway);
    },
  };
}
