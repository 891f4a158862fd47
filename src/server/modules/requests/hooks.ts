import { z } from 'zod';
import { notifyAddress } from '../../../shared/content/settings';
import { requestActivityShape } from '../../../shared/request-desk';
import { REQUEST_WRITE_SCOPES } from '../../../shared/request-fields';
import { isApprovedStaff } from '../../../shared/roles';
import type { ContentHooks } from '../../content/hooks';
import type { ContentRepository, StoredRecord } from '../../content/repository';
import type { MailOutbox } from '../mail/outbox';
import { createOnCallStore } from '../on-call/store';
import { createSettingsStore } from '../settings/store';
import { deskRoutes } from './desk-routes';
import type { PhotoStore } from './photo-store';
import { REQUEST_FIELDS, type RequestService } from './service';
import { requestFacts, requestNotification, type TitleOf } from './staff-mail';

export interface RequestHookDeps {
  requests: ContentRepository;
  service: RequestService;
  photos: PhotoStore;
  /** Present when SMTP_URL is set. */
  outbox: Pick<MailOutbox, 'enqueue' | 'nudge'> | null;
  siteOrigin(): string;
  /** The service by its title in the mails, never its slug. */
  titleOf: TitleOf;
  /** Browser notifications about a new urgent request to the staff paged, after its commit. */
  urgentCreated(record: StoredRecord, userIds: readonly string[]): void;
  /** The clock the on-call rota is read by. */
  now(): Date;
}

const PAGE_OPENING = {
  assignee:
    'An emergency request has just arrived. You are on call, so it is assigned to you: please pick it up now.',
  admin:
    'An emergency request has just arrived and nobody is on call: please pick it up or give it to someone.',
  office: 'An emergency request has just arrived: the customer expects a call back now.',
};

/**
 * The request's additions to the generic content routes (content/hooks.ts): what a new request
 * sets off, what staff read beside it, the desk's work after an update, and its own routes.
 */
export function requestHooks(deps: RequestHookDeps): ContentHooks {
  const { requests, service, photos, outbox } = deps;
  const def = requests.def;
  return {
    // New requests, from the API and the contact form alike, come in through the service.
    submit: service.submit,
    // Photos are sent first through their own door; a request names them by their tokens.
    createExtras: ['photos'],
    /**
     * In the new request's transaction: its photos claimed (a token that cannot be refuses the
     * whole request) and the staff notification unless the honeypot caught it. An urgent one goes
     * to whoever is on call (decision 095): assigned to them through the same update as every
     * assignment, and paged with an URGENT mail and a push; with nobody on call, every admin is.
     */
    async afterCreate({ tx, record, extras, flagged }) {
      await service.keepFiledAddress(tx, record._id);
      const tokens = Array.isArray(extras.photos) ? (extras.photos as string[]) : [];
      if (tokens.length > 0) await photos.claim(tx, record._id, tokens);
      const urgent = record[REQUEST_FIELDS.urgent] === true && !flagged;
      const rota = createOnCallStore(tx);
      const page = urgent ? await rota.pageFor(deps.now()) : null;
      let queued = false;
      // A request the honeypot caught bothers nobody (and is never urgent: see above).
      if (outbox && !flagged) {
        const settings = await createSettingsStore(tx).get();
        const facts = await requestFacts(tx, def, record, deps.siteOrigin(), deps.titleOf);
        const to = notifyAddress(settings);
        const mail = { resource: def.name, recordId: record._id };
        const onCall = urgent
          ? { names: (await rota.onCallAt(deps.now())).map((person) => person.name) }
          : null;
        const notice = (opening: string) =>
          requestNotification(def, record, facts, {
            photoCount: tokens.length,
            urgent: onCall ? { word: 'URGENT', opening, onCall } : undefined,
          });
        if (to) {
          // The office's copy of an urgent request is as urgent as the page.
          await outbox.enqueue(tx, { ...mail, to, ...notice(PAGE_OPENING.office) });
          queued = true;
        }
        const opening = page?.assignee ? PAGE_OPENING.assignee : PAGE_OPENING.admin;
        // One mail each, so one bounced address delays nobody.
        for (const person of page?.paged ?? []) {
          if (!person.email) continue;
          await outbox.enqueue(tx, { ...mail, to: person.email, ...notice(opening) });
          queued = true;
        }
        if (await service.confirmToCustomer(tx, record)) queued = true;
      }
      const assigned = page?.assignee
        ? await service.assignOnCall(tx, record._id, page.assignee.userId)
        : null;
      return () => {
        if (queued) outbox?.nudge();
        assigned?.afterCommit?.();
        // Never awaited: the visitor's answer does not wait for push services.
        if (page)
          deps.urgentCreated(
            record,
            page.paged.map((person) => person.userId),
          );
      };
    },
    afterUpdate: service.hooks.afterUpdate,
    // Which fields a key's scopes or a staff session reach: the request's field groups (decision 010).
    refusedChanges: service.hooks.refusedChanges,
    updateExtras: { notifyCustomer: z.boolean().optional() },
    // A request is answered with its notes and history; its photos (as addresses) and the address
    // its customer's mail goes to, to staff only.
    read: {
      shape: requestActivityShape,
      async load(record, reader) {
        const found = await service.activityOf(record._id);
        // A request marked Pending again is unseen, whoever saw it before.
        const activity = { ...found, seen: record[REQUEST_FIELDS.status] === 'read' ? found.seen : null };
        if (!isApprovedStaff(reader)) return activity;
        return {
          ...activity,
          photos: await photos.urls(record._id),
          filedEmail: await service.filedAddressOf(record._id),
        };
      },
    },
    // A queue row needs only how many photos a request has: one query for the page.
    async listRows(rows, reader) {
      if (!isApprovedStaff(reader)) return rows;
      const counts = await photos.counts(rows.map((row) => String(row._id)));
      return rows.map((row) => ({ ...row, photoCount: counts.get(String(row._id)) ?? 0 }));
    },
    // Requests are read with `leads:read` and changed with a scope that reaches some of their fields
    // (`leads:write`, `leads:assign`, `leads:contact`: each only its own), never created (that is
    // the visitors' door) or deleted by a key (decision 081).
    keyScope: (operation) =>
      operation === 'read' ? 'leads:read' : operation === 'write' ? REQUEST_WRITE_SCOPES : undefined,
    assigneeField: REQUEST_FIELDS.assignee,
    routes: deskRoutes(def, service),
  };
}
