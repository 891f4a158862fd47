import type { FastifyInstance } from 'fastify';
import type { ContentTypeDef } from '../../shared/content/define';
import { EMAIL_PATTERN } from '../../shared/text';
import { fieldChanges } from '../db/change-log';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { SessionUser } from '../http/identity';
import { createRateLimiter, type RateLimiter } from '../plugins/rate-limiter';
import type { WriteLimit } from '../plugins/write-limits';
import type { ChoiceCheck } from './choices';
import { type ContentRepository, recordName, type StoredRecord } from './repository';
import { newTrackToken } from './tracking';

export type IntakeResult =
  /** `trackToken`: the new record's track link token (`intake.track`), told once, never stored. */
  | { kind: 'created'; record: StoredRecord; trackToken?: string }
  /** The type's unique field matched a live record: nothing new was stored. */
  | { kind: 'existed'; record: StoredRecord }
  | { kind: 'limited'; message: string; retryAfter: number };

/** The part of the mail outbox intake uses: a row in the record's transaction, then a nudge. */
interface IntakeOutbox {
  enqueue(
    tx: Database,
    mail: { resource: string; recordId: string; to: string; subject: string; body: string; replyTo?: string },
  ): Promise<void>;
  nudge(): void;
}

/**
 * A request's photos (modules/contact-photos), for types whose intake takes them: claimed in the
 * record's transaction, shown to staff by address, counted for lists.
 */
export interface RecordPhotos {
  /** Attach the photos these tokens name to `recordId`; a 400 on `photos` when any cannot be. */
  claim(tx: Database, recordId: string, tokens: readonly string[]): Promise<void>;
  /** Staff's addresses of the record's photos, first to last. */
  urls(recordId: string): Promise<string[]>;
  /** How many photos each of these records has (absent: none). */
  counts(recordIds: readonly string[]): Promise<Map<string, number>>;
}

/**
 * What intake needs from the modules app.ts hands it (settings, mail outbox, subscriptions),
 * described by shape here so that the content mechanism depends on no module above it.
 */
export interface IntakeDeps {
  settings: { get(): Promise<object> };
  /** Present when SMTP_URL is set. */
  outbox: IntakeOutbox | null;
  /** References and users must name something that exists (choices.ts). */
  checkChoices: ChoiceCheck;
  /**
   * A track token sealed for storage, so mails to the sender can carry their status link
   * (decision 071); null when the site has no key (PostgreSQL without SECRET_KEY).
   */
  sealTrackToken(token: string): Promise<string | null>;
  /** Present when some type's intake takes photos. */
  photos?: RecordPhotos;
  /**
   * Told after the commit of every new urgent record that is not flagged (`intake.urgent`): the
   * browser notifications. Never awaited: the visitor's answer does not wait for push services.
   */
  urgentCreated?(def: ContentTypeDef, record: StoredRecord): void;
  subscriptions: {
    queueConfirmation(
      tx: Database,
      outbox: IntakeOutbox,
      subscriber: { _id: string; email: string },
      options: { origin: string; companyName: string },
    ): Promise<unknown>;
  };
}

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
function notification(def: ContentTypeDef, record: StoredRecord, siteOrigin: string, photoCount: number) {
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
  lead: string,
  photoCount = 0,
) {
  const reference = subjectPart(record.reference);
  return {
    subject: urgentSubject(def, word, record),
    body: [
      lead,
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

/**
 * The per-address limit a type's declaration asks for, with its budget from the environment.
 * The API route declares it as its write limit; the page form is counted in the same bucket.
 */
export function intakeLimit(def: ContentTypeDef, env: Env): WriteLimit | undefined {
  const rule = def.intake?.rateLimit;
  if (!rule) return undefined;
  const budgets: Record<string, number> = {
    contact: env.CONTACT_RATE_LIMIT,
    subscribe: env.SUBSCRIBE_RATE_LIMIT,
  };
  return {
    bucket: rule.bucket,
    max: budgets[rule.bucket] ?? 0,
    windowMinutes: rule.windowMinutes,
    message: rule.message,
  };
}

/**
 * Creating a record, with the safeguards its declaration asks for: the per-address limit, the
 * honeypot and the staff notification, written in the same transaction as the record. The API
 * route and the page form both come through here, so neither path can skip a safeguard.
 */
export function createIntake(app: FastifyInstance, deps: IntakeDeps) {
  const limiters = new Map<string, RateLimiter>();

  function limiterFor(def: ContentTypeDef): RateLimiter | null {
    const limit = intakeLimit(def, app.env);
    if (!limit) return null;
    let limiter = limiters.get(limit.bucket);
    if (!limiter) {
      limiter = createRateLimiter(app.database, {
        bucket: limit.bucket,
        max: limit.max,
        windowMs: limit.windowMinutes * 60_000,
      });
      limiters.set(limit.bucket, limiter);
    }
    return limiter;
  }

  return async function submit(
    repository: ContentRepository,
    input: Record<string, unknown>,
    /** `countedAtEdge`: the route's write limit already counted this request in the type's bucket. */
    /** `origin`: the site's public origin, for links in mail sent to the record's own address. */
    meta: { ip: string; user: SessionUser | null; countedAtEdge?: boolean },
  ): Promise<IntakeResult> {
    const { def } = repository;
    const { photos: photoTokens, ...values } = input;
    await deps.checkChoices(def, values);
    const tokens = def.intake?.photos && Array.isArray(photoTokens) ? (photoTokens as string[]) : [];
    if (tokens.length > 0 && !deps.photos) throw new Error(`${def.name} takes photos but none are wired`);
    let flagged = false;
    const honeypot = def.intake?.honeypot;
    if (honeypot) {
      const bait = values[honeypot.field];
      delete values[honeypot.field];
      flagged = typeof bait === 'string' && bait.trim() !== '';
      values[honeypot.flag] = flagged;
    }

    const limit = meta.countedAtEdge ? undefined : await limiterFor(def)?.hit(meta.ip);
    if (limit && !limit.allowed) {
      return { kind: 'limited', message: def.intake!.rateLimit!.message, retryAfter: limit.retryAfter };
    }

    const { outbox } = deps;
    let to = '';
    let companyName = '';
    const urgent = Boolean(def.intake?.urgent && values[def.intake.urgent.flag] === true && !flagged);
    let onCall: string[] = [];
    if (outbox && ((def.intake?.notify && !flagged) || def.intake?.doubleOptIn || urgent)) {
      const settings = (await deps.settings.get()) as unknown as Record<string, unknown>;
      if (def.intake?.notify && !flagged) to = String(settings.notifyEmail || settings.email || '');
      companyName = String(settings.companyName || 'us');
      if (urgent && Array.isArray(settings.onCallEmails))
        onCall = settings.onCallEmails.filter(
          (address) => typeof address === 'string' && EMAIL_PATTERN.test(address),
        );
    }
    // Without SMTP nothing can be confirmed: the subscriber waits, unconfirmed and unmailed.
    const confirm = Boolean(def.intake?.doubleOptIn && outbox);
    // The record, its mail and its audit row are stored together or not at all.
    const track = def.intake?.track ? newTrackToken() : null;
    const sealed = track ? await deps.sealTrackToken(track.token) : null;
    const { existed, ...record } = await app.changes.write(async (tx) => {
      const stored = await repository
        .in(tx.db)
        .create(track ? { ...values, trackTokenHash: track.hash, trackTokenSealed: sealed } : values);
      if (stored.existed) return stored;
      // Claimed with the record: a token that cannot be refuses the whole request, stored nothing.
      if (tokens.length > 0) await deps.photos!.claim(tx, stored._id, tokens);
      if (to && outbox)
        await outbox.enqueue(tx, {
          resource: def.name,
          recordId: stored._id,
          to,
          ...notification(def, stored, app.siteOrigin(), tokens.length),
        });
      // Everyone on call at once, one mail each: one bounced address delays nobody else's.
      if (outbox)
        for (const address of onCall)
          await outbox.enqueue(tx, {
            resource: def.name,
            recordId: stored._id,
            to: address,
            ...urgentNotification(
              def,
              stored,
              app.siteOrigin(),
              'URGENT',
              'An emergency request has just arrived. You are on call: please pick it up.',
              tokens.length,
            ),
          });
      if (confirm && outbox)
        await deps.subscriptions.queueConfirmation(
          tx,
          outbox,
          { _id: stored._id, email: String(stored[def.titleField] ?? '') },
          { origin: app.siteOrigin(), companyName },
        );
      await tx.record({
        resource: def.name,
        id: stored._id,
        action: 'create',
        actor: meta.user,
        name: recordName(def, stored),
        fields: fieldChanges(def.fields, null, stored, Object.keys(values)),
      });
      return stored;
    });
    if (existed) return { kind: 'existed', record };
    if (to || confirm || onCall.length > 0) outbox?.nudge();
    if (urgent) deps.urgentCreated?.(def, record);
    return { kind: 'created', record, ...(track ? { trackToken: track.token } : {}) };
  };
}

export type Intake = ReturnType<typeof createIntake>;
