import type { FastifyInstance } from 'fastify';
import type { ContentTypeDef } from '../../shared/content/define';
import { EMAIL_PATTERN } from '../../shared/text';
import type { MailOutbox } from '../modules/mail/outbox';
import type { SettingsStore } from '../modules/settings/store';
import { createRateLimiter, type RateLimiter } from '../plugins/rate-limiter';
import type { SessionUser } from '../types';
import type { ContentRepository, StoredRecord } from './repository';

export type IntakeResult =
  | { kind: 'created'; record: StoredRecord }
  /** The type's unique field matched a live record: nothing new was stored. */
  | { kind: 'existed'; record: StoredRecord }
  | { kind: 'limited'; message: string; retryAfter: number };

export interface IntakeDeps {
  settings: SettingsStore;
  /** Present when SMTP_URL is set. */
  outbox: MailOutbox | null;
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
    .map(([key, field]) => notificationLine(field.label, String(record[key] ?? '')));
  const link = `${siteOrigin}${def.admin.path}`;
  const emailKey = Object.entries(def.fields).find(([, field]) => field.kind === 'email')?.[0];
  const replyTo = emailKey ? String(record[emailKey] ?? '') : '';
  const sender = String(record[def.titleField] ?? '').replace(CONTROL_CHARACTERS, ' ');
  return {
    subject: `New ${def.label.toLowerCase()} from ${sender}`.slice(0, 200),
    body: `${lines.join('\n')}\n\nReceived ${record.createdAt}. Open the inbox: ${link}\n`,
    // Only a plain mailbox answers the mail: never a list, a display name or a query.
    replyTo: EMAIL_PATTERN.test(replyTo) ? replyTo : undefined,
  };
}

/**
 * Creating a record, with the safeguards its declaration asks for: the per-address limit, the
 * honeypot and the staff notification, written in the same transaction as the record. The API
 * route and the page form both come through here, so neither path can skip a safeguard.
 */
export function createIntake(app: FastifyInstance, deps: IntakeDeps) {
  const limiters = new Map<string, RateLimiter>();
  const budgets: Record<string, number> = { contact: app.env.CONTACT_RATE_LIMIT };

  function limiterFor(def: ContentTypeDef): RateLimiter | null {
    const rule = def.intake?.rateLimit;
    if (!rule) return null;
    let limiter = limiters.get(rule.bucket);
    if (!limiter) {
      limiter = createRateLimiter(app.database, {
        bucket: rule.bucket,
        max: budgets[rule.bucket] ?? 0,
        windowMs: rule.windowMinutes * 60_000,
      });
      limiters.set(rule.bucket, limiter);
    }
    return limiter;
  }

  return async function submit(
    repository: ContentRepository,
    input: Record<string, unknown>,
    meta: { ip: string; user: SessionUser | null },
  ): Promise<IntakeResult> {
    const { def } = repository;
    const values = { ...input };
    let flagged = false;
    const honeypot = def.intake?.honeypot;
    if (honeypot) {
      const bait = values[honeypot.field];
      delete values[honeypot.field];
      flagged = typeof bait === 'string' && bait.trim() !== '';
      values[honeypot.flag] = flagged;
    }

    const limit = await limiterFor(def)?.hit(meta.ip);
    if (limit && !limit.allowed) {
      return { kind: 'limited', message: def.intake!.rateLimit!.message, retryAfter: limit.retryAfter };
    }

    const { outbox } = deps;
    let to = '';
    if (def.intake?.notify && outbox && !flagged) {
      const settings = (await deps.settings.get()) as unknown as Record<string, string>;
      to = settings.notifyEmail || settings.email || '';
    }
    const { existed, ...record } = await repository.create(values, {
      alongside:
        to && outbox
          ? (tx, stored) =>
              outbox.enqueue(tx, {
                resource: def.name,
                recordId: stored._id,
                to,
                ...notification(def, stored, app.siteOrigin()),
              })
          : undefined,
    });
    if (existed) return { kind: 'existed', record };
    if (to) outbox?.nudge();
    app.events.emit('change', {
      resource: def.name,
      id: record._id,
      action: 'create',
      actor: meta.user,
      fields: Object.keys(values),
    });
    return { kind: 'created', record };
  };
}

export type Intake = ReturnType<typeof createIntake>;
