import { z } from 'zod';
import { requestActivityShape } from '../../../shared/request-desk';
import { REQUEST_WRITE_SCOPES } from '../../../shared/request-fields';
import { isApprovedStaff } from '../../../shared/roles';
import { EMAIL_PATTERN } from '../../../shared/text';
import type { ContentHooks } from '../../content/hooks';
import type { ContentRepository, StoredRecord } from '../../content/repository';
import type { MailOutbox } from '../mail/outbox';
import { createSettingsStore } from '../settings/store';
import { deskRoutes } from './desk-routes';
import type { PhotoStore } from './photo-store';
import { REQUEST_FIELDS, type RequestService } from './service';
import { staffNotification, urgentNotification } from './staff-mail';

export interface RequestHookDeps {
  requests: ContentRepository;
  service: RequestService;
  photos: PhotoStore;
  /** Present when SMTP_URL is set. */
  outbox: Pick<MailOutbox, 'enqueue' | 'nudge'> | null;
  siteOrigin(): string;
  /** Browser notifications about a new urgent request, after its commit. */
  urgentCreated(record: StoredRecord): void;
}

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
     * whole request), the staff notification unless the honeypot caught it, and an urgent one
     * mailed to everyone on call at once, one mail each, so one bounced address delays nobody.
     */
    async afterCreate({ tx, record, extras, flagged }) {
      await service.keepFiledAddress(tx, record._id);
      const tokens = Array.isArray(extras.photos) ? (extras.photos as string[]) : [];
      if (tokens.length > 0) await photos.claim(tx, record._id, tokens);
      const urgent = record[REQUEST_FIELDS.urgent] === true && !flagged;
      let queued = false;
      // A request the honeypot caught bothers nobody (and is never urgent: see above).
      if (outbox && !flagged) {
        const settings = (await createSettingsStore(tx).get()) as unknown as Record<string, unknown>;
        const origin = deps.siteOrigin();
        const to = String(settings.notifyEmail || settings.email || '');
        const mail = { resource: def.name, recordId: record._id };
        if (to) {
          await outbox.enqueue(tx, {
            ...mail,
            to,
            ...staffNotification(def, record, origin, tokens.length),
          });
          queued = true;
        }
        const onCall = urgent && Array.isArray(settings.onCallEmails) ? settings.onCallEmails : [];
        for (const address of onCall.filter((item) => typeof item === 'string' && EMAIL_PATTERN.test(item))) {
          const opening = 'An emergency request has just arrived. You are on call: please pick it up.';
          const page = urgentNotification(def, record, origin, 'URGENT', opening, tokens.length);
          await outbox.enqueue(tx, { ...mail, to: address, ...page });
          queued = true;
        }
      }
      return () => {
        if (queued) outbox?.nudge();
        // Never awaited: the visitor's answer does not wait for push services.
        if (urgent) deps.urgentCreated(record);
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
        const activity = await service.activityOf(record._id);
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
