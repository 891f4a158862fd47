import type { FastifyInstance } from 'fastify';
import { createBlobStore } from '../db/blob-store';
import { pruneRateLimits } from '../plugins/rate-limiter';
import { SENT_MAIL_DAYS } from './mail/outbox';
import { createOutboxStore } from './mail/outbox-store';
import { vacuumAnalyze } from './maintenance-store';
import { createSubscriptionStore } from './subscriptions/store';
import { recordPurged } from './trash/trash';

/** Advisory-lock key of the maintenance job: instances sharing a database take turns. */
const MAINTENANCE_LOCK = 7_314_020;
const HOUR_MS = 3600 * 1000;

export interface MaintenanceResult {
  /** Records deleted for good because they sat in the trash past the retention period. */
  purged: number;
  /** Subscribers removed because they did not confirm within a week of their confirmation mail. */
  unconfirmedRemoved: number;
  /** Delivered mails deleted because they were sent more than SENT_MAIL_DAYS ago. */
  sentMailDeleted: number;
}

/**
 * Housekeeping any instance may run at any time: purge records that sat in the trash longer than
 * TRASH_RETENTION_DAYS, remove subscribers who never confirmed, delete mail delivered more than
 * SENT_MAIL_DAYS ago, forget ended rate-limit windows and expired sessions.
 */
export async function runMaintenance(
  app: FastifyInstance,
  options: { purgeExpiredSessions: () => Promise<unknown>; now?: Date },
): Promise<MaintenanceResult> {
  const now = options.now ?? new Date();
  const before = new Date(now.getTime() - app.env.TRASH_RETENTION_DAYS * 24 * HOUR_MS);
  return app.database.withLock(MAINTENANCE_LOCK, async () => {
    let purged = 0;
    for (const repository of app.repositories.values()) {
      purged += await app.changes.write(async (tx) => {
        const ids = await repository.in(tx).purge({ before });
        await recordPurged(tx, repository.def.name, ids, null);
        return ids.length;
      });
    }
    // Only once a confirmation could have been sent: without SMTP, subscribers wait and stay.
    let unconfirmedRemoved = 0;
    if (app.mailOutbox) {
      unconfirmedRemoved = await app.changes.write(async (tx) => {
        const ids = await createSubscriptionStore(tx).purgeUnconfirmed(now);
        await recordPurged(tx, 'subscribers', ids, null);
        return ids.length;
      });
    }
    // Mail still waiting to be sent stays, whatever its age: it is deleted once delivered and old.
    const sentMailDeleted = await createOutboxStore(app.database).deleteSentBefore(
      new Date(now.getTime() - SENT_MAIL_DAYS * 24 * HOUR_MS),
    );
    await pruneRateLimits(app.database);
    // Pictures whose bytes were written but whose rows never were (a crash, a failed transaction).
    await createBlobStore(app.database).sweepUnkept(new Date(now.getTime() - HOUR_MS));
    await options.purgeExpiredSessions();
    // Embedded PGlite runs no autovacuum: without this, deleted rows pile up, statistics go stale
    // and index-only scans of a big inbox turn into table reads (docs/decisions/050).
    if (app.database.kind === 'pglite') await vacuumAnalyze(app.database);
    return { purged, unconfirmedRemoved, sentMailDeleted };
  });
}

/** Run the maintenance a minute after start, then hourly, until the app closes. */
export function scheduleMaintenance(app: FastifyInstance, purgeExpiredSessions: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = runMaintenance(app, { purgeExpiredSessions })
      .then((result) => {
        if (result.purged || result.unconfirmedRemoved || result.sentMailDeleted)
          app.log.info(result, 'maintenance: purged');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'maintenance failed'));
    timer = setTimeout(run, HOUR_MS);
    timer.unref();
  };
  timer = setTimeout(run, 60_000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    await running;
  });
}
