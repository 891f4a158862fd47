import fp from 'fastify-plugin';
import { contactus } from '../../../shared/content/types';
import type { StoredRecord } from '../../content/repository';
import type { Escalation } from './escalation';
import { requestHooks } from './hooks';
import { liveRoutes } from './live-routes';
import { photoRoutes } from './photo-routes';
import { createPhotoStore, type PhotoStore } from './photo-store';
import { createRequestService, type RequestService } from './service';
import { requestStatsRoutes } from './stats-routes';
import { createRequestStatsStore } from './stats-store';
import { tapRoutes } from './tap-routes';
import { createTapStore } from './tap-store';
import { createUrgentAlerts, titleFrom } from './urgent-alerts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Visitors' photos of a fault: stored unclaimed, claimed by a request, swept (decision 074). */
    requestPhotos: PhotoStore;
    /** Urgent requests: push notifications under way, and the escalation of those left new. */
    urgent: {
      /** Resolves when the push notifications already started have been sent or given up. */
      settled(): Promise<void>;
      /** Browser notifications about a new urgent request to the staff paged, after its commit; never awaited. */
      created(record: StoredRecord, userIds: readonly string[]): void;
      /** The escalation sweep of urgent requests left new. */
      escalation: Escalation;
    };
    /** The request desk's rules (stage changes, assignment, notes, replies). */
    requests: RequestService;
  }
}

export interface RequestsPluginOptions {
  /** The clock of the escalation; tests move it instead of waiting. */
  now?: () => Date;
}

/**
 * The request module's application-wide part: its service, its hooks into the content
 * engine (`app.contentHooks`), photos, urgent alerts and the escalation of urgent requests left new.
 */
export const requestsPlugin = fp<RequestsPluginOptions>(
  async (app, options) => {
    const requests = app.repositories.get(contactus.name);
    if (!requests) throw new Error(`no repository for ${contactus.name}`);
    const alerts = createUrgentAlerts(app, app.push);
    const now = options.now ?? (() => new Date());
    const service = createRequestService({
      database: app.database,
      changes: app.changes,
      requests,
      siteOrigin: () => app.siteOrigin(),
      outbox: app.mailOutbox,
      intake: app.intake,
      secretBox: app.secretBox,
      titleOf: titleFrom(app.repositories),
      assignedPush: (userId, record) => alerts.assigned(requests.def, record, userId),
      escalation: {
        log: app.log,
        now,
        minutes: app.env.URGENT_ESCALATE_MINUTES,
      },
    });
    app.decorate('requests', service);
    const photos = createPhotoStore(app.database);
    app.decorate('requestPhotos', photos);

    const { escalation } = service;
    const urgentCreated = (record: StoredRecord, userIds: readonly string[]) =>
      alerts.created(requests.def, record, userIds);
    app.decorate('urgent', { settled: alerts.settled, created: urgentCreated, escalation });
    app.contentHooks.set(
      contactus.name,
      requestHooks({
        requests,
        service,
        photos,
        outbox: app.mailOutbox,
        siteOrigin: () => app.siteOrigin(),
        titleOf: titleFrom(app.repositories),
        urgentCreated,
        now,
      }),
    );
    // Once at start (what became due while no instance ran), then on a timer; stopped on close.
    app.addHook('onReady', async () => escalation.start());
    app.addHook('onClose', async () => {
      await escalation.stop();
      await alerts.settled();
    });
  },
  {
    name: 'requests',
    dependencies: [
      'env',
      'database',
      'repositories',
      'mail-outbox',
      'push',
      'site-origin',
      'intake',
      'secret-box',
    ],
  },
);

/** The request module's own routes: visitors' photos, page taps, the statistics and the live stream. */
export const requestRoutesPlugin = fp(
  async (app) => {
    await app.register(photoRoutes(app.requestPhotos, app.repositories.get(contactus.name)!));
    const taps = createTapStore(app.database);
    await app.register(tapRoutes(taps));
    await app.register(requestStatsRoutes(createRequestStatsStore(app.database), taps));
    await app.register(liveRoutes);
  },
  { name: 'request-routes', dependencies: ['requests', 'settings'], encapsulate: true },
);
