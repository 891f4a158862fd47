import type { FastifyInstance } from 'fastify';
import type { ContentTypeDef } from '../../shared/content/define';
import { EMAIL_PATTERN } from '../../shared/text';
import { fieldChanges } from '../db/change-log';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { createRateLimiter, type RateLimiter } from '../plugins/rate-limiter';
import type { WriteLimit } from '../plugins/write-limits';
import type { SessionUser } from '../types';
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
    tx: Db,
    mail: { resource: string; recordId: string; to: string; subject: string; body: string; replyTo?: string },
  ): Promise<void>;
  nudge(): void;
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
  subscriptions: {
    queueConfirmation(
      tx: Db,
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

/** The mail that tells staff about a new record: every field people filled in, and where to answer. */
function notification(def: ContentTypeDef, record: StoredRecord, siteOrigin: string) {
  const lines = Object.entries(def.fields)
    .filter(([, field]) => field.input === 'always')
    .map(([key, field]) =>
      notificationLine(
        field.label,
        field.kind === 'boolean' ? (record[key] ? 'yes' : 'no') : String(record[key] ?? ''),
      ),
    );
  const link = `${siteOrigin}${def.admin.path}`;
  const emailKey = Object.entries(def.fields).find(([, field]) => field.kind === 'email')?.[0];
  const replyTo = emailKey ? String(record[emailKey] ?? '') : '';
  const sender = String(record[def.titleField] ?? '').replace(CONTROL_CHARACTERS, ' ');
  return {
    subject: `New ${def.label.toLowerCase()} from ${sender}`.slice(0, 200),
    // The link on a line of its own: short lines travel as plain text, never cut by an encoding.
    body: `${lines.join('\n')}\n\nReceived ${record.createdAt}.\nOpen the inbox: ${link}\n`,
    // Only a plain mailbox answers the mail: never a list, a display name or a query.
    replyTo: EMAIL_PATTERN.test(replyTo) ? replyTo : undefined,
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
    const values = { ...input };
    await deps.checkChoices(def, values);
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
    if (outbox && ((def.intake?.notify && !flagged) || def.intake?.doubleOptIn)) {
      const settings = (await deps.settings.get()) as unknown as Record<string, string>;
      if (def.intake?.notify) to = settings.notifyEmail || settings.email || '';
      companyName = settings.companyName || 'us';
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
      if (to && outbox)
        await outbox.enqueue(tx.db, {
          resource: def.name,
          recordId: stored._id,
          to,
          ...notification(def, stored, app.siteOrigin()),
        });
      if (confirm && outbox)
        await deps.subscriptions.queueConfirmation(
          tx.db,
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
    if (to || confirm) outbox?.nudge();
    return { kind: 'created', record, ...(track ? { trackToken: track.token } : {}) };
  };
}

export type Intake = ReturnType<typeof createIntake>;
