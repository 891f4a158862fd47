/**
 * The request (lead) workflow's wiring: photos, urgent alerts and their escalation, intake, the
 * lead desk and the content routes that carry them. Kept apart from the rest of the plugin list,
 * to be replaced whole by the request module's own plugins.
 */
import fp from 'fastify-plugin';
import { createIntake, type Intake } from '../content/intake';
import { contentRoutes } from '../content/routes';
import { lazySecretBox } from '../crypto/secret-box';
import { type PluginEntry, withOptions } from '../http/plugin-order';
import { contactPhotoRoutes } from '../modules/contact-photos/routes';
import { type ContactPhotoStore, createContactPhotoStore } from '../modules/contact-photos/store';
import { eventRoutes } from '../modules/events/routes';
import { createTapStore } from '../modules/events/store';
import { createLeadDesk, type LeadDesk } from '../modules/leads/desk';
import { leadDeskRoutes } from '../modules/leads/routes';
import { leadStatsRoutes } from '../modules/leads-stats/routes';
import { createLeadStatsStore } from '../modules/leads-stats/store';
import { liveRoutes } from '../modules/live/routes';
import { createUrgentAlerts } from '../modules/urgent/alerts';
import { createEscalation, type Escalation } from '../modules/urgent/escalation';

declare module 'fastify' {
  interface FastifyInstance {
    /** Visitors' photos of a fault: stored unclaimed, claimed by a request, swept (decision 074). */
    contactPhotos: ContactPhotoStore;
    /** Urgent requests: push notifications under way, and the escalation of those left new. */
    urgent: {
      /** Resolves when the push notifications already started have been sent or given up. */
      settled(): Promise<void>;
      /** The escalation sweep (null when no type declares `intake.urgent`). */
      escalation: Escalation | null;
    };
    /** What a visitor's request goes through: checks, photos, mail, urgent alerts. */
    intake: Intake;
    /** Staff work on requests: stages, assignment, notes, replies. */
    leadDesk: LeadDesk;
  }
}

export interface RequestsOptions {
  /** The clock of timed work (the escalation of urgent requests); tests move it instead of waiting. */
  now?: () => Date;
}

/** `app.contactPhotos`, `app.urgent`, `app.intake` and `app.leadDesk`. */
export const requestsPlugin = fp<RequestsOptions>(
  async (app, options) => {
    const { env } = app;
    const secretBox = lazySecretBox({
      secretKey: env.SECRET_KEY,
      dataDir: env.DATA_DIR,
      databaseKind: app.database.kind,
    });
    const photos = createContactPhotoStore(app.database);
    app.decorate('contactPhotos', photos);
    const alerts = createUrgentAlerts(app, app.push);
    const urgentType = app.contentTypes.find((def) => def.intake?.urgent);
    const escalation = urgentType
      ? createEscalation(app, {
          def: urgentType,
          now: options.now ?? (() => new Date()),
          minutes: env.URGENT_ESCALATE_MINUTES,
        })
      : null;
    app.decorate('urgent', { settled: alerts.settled, escalation });
    if (escalation) {
      // Once at start (what became due while no instance ran), then on a timer; stopped on close.
      app.addHook('onReady', async () => escalation.start());
      app.addHook('onClose', () => escalation.stop());
    }
    app.addHook('onClose', () => alerts.settled());
    app.decorate(
      'intake',
      createIntake(app, {
        photos,
        settings: app.settingsStore,
        outbox: app.mailOutbox,
        urgentCreated: alerts.created,
        subscriptions: app.subscriptions.store,
        checkChoices: app.checkChoices,
        sealTrackToken: async (token) => (await secretBox())?.seal(token) ?? null,
      }),
    );
    app.decorate('leadDesk', createLeadDesk(app, { outbox: app.mailOutbox, secretBox }));
  },
  {
    name: 'requests',
    dependencies: [
      'env',
      'database',
      'repositories',
      'push',
      'mail-outbox',
      'settings',
      'subscriptions',
      'site-origin',
    ],
  },
);

/** The content types' API (each declaration's routes) and the lead desk's. */
export const contentRoutesPlugin = fp(
  async (app) => {
    const userNames = async () =>
      new Map((await app.authStore.listUsers()).map((user) => [user._id, user.name]));
    for (const def of app.contentTypes) {
      const repository = app.repositories.get(def.name)!;
      await app.register(
        contentRoutes(def, repository, app.intake, {
          checkChoices: app.checkChoices,
          userNames,
          desk: app.leadDesk,
          photos: app.contactPhotos,
        }),
      );
      if (def.desk) await app.register(leadDeskRoutes(def, repository, app.leadDesk));
    }
  },
  { name: 'content-routes', dependencies: ['requests', 'auth-store'], encapsulate: true },
);

/** Visitors' photo uploads, page taps, the request statistics and the live dashboard. */
export const requestRoutesPlugin = fp(
  async (app) => {
    await app.register(contactPhotoRoutes(app.contactPhotos));
    const taps = createTapStore(app.database);
    await app.register(eventRoutes(taps));
    await app.register(leadStatsRoutes(createLeadStatsStore(app.database), taps));
    await app.register(liveRoutes);
  },
  { name: 'request-routes', dependencies: ['requests'], encapsulate: true },
);

/** The request workflow's plugins, as the application's list takes them. */
export function requestPlugins(options: RequestsOptions): PluginEntry[] {
  return [
    withOptions(requestsPlugin, options),
    { plugin: contentRoutesPlugin },
    { plugin: requestRoutesPlugin },
  ];
}
