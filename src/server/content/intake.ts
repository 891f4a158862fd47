import type { ContentTypeDef } from '../../shared/content/define';
import { type ChangeLog, fieldChanges } from '../db/change-log';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { createRateLimiter, type RateLimiter } from '../plugins/rate-limiter';
import type { WriteLimit } from '../plugins/write-limits';
import type { ChoiceCheck } from './choices';
import type { ContentHookRegistry, ContentHooks, IntakeMeta, IntakeResult } from './hooks';
import { keepVersion } from './publication-store';
import { type ContentRepository, recordName } from './repository';
import { newTrackToken } from './tracking';

/**
 * What intake needs from the application: the check of chosen records, the sealing of track tokens,
 * and the hooks of the types that do more with a new record (content/hooks.ts).
 */
export interface IntakeDeps {
  /** References and users must name something that exists (choices.ts). */
  checkChoices: ChoiceCheck;
  /**
   * A track token sealed for storage, so mails to the sender can carry their status link
   * (decision 071); null when the site has no key (PostgreSQL without SECRET_KEY).
   */
  sealTrackToken(token: string): Promise<string | null>;
  hooks: ContentHookRegistry;
}

/** The per-address budgets of the environment, by bucket. */
type IntakeBudgets = Pick<Env, 'CONTACT_RATE_LIMIT' | 'SUBSCRIBE_RATE_LIMIT'>;

/** What intake stores through: the budgets, the database of the limits, the change log of the records. */
export interface IntakeHost {
  env: IntakeBudgets;
  database: Database;
  changes: ChangeLog;
}

/**
 * The per-address limit a type's declaration asks for, with its budget from the environment.
 * The API route declares it as its write limit; the page form is counted in the same bucket.
 */
export function intakeLimit(def: ContentTypeDef, env: IntakeBudgets): WriteLimit | undefined {
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
 * Creating a record, with the public-intake safeguards its declaration asks for (the per-address
 * limit, the honeypot, the track link) and its type's `afterCreate` hook (a request's mail and
 * photos, a subscriber's confirmation), in the record's transaction. The API route and the page
 * form both come through here, so neither path can skip a safeguard.
 */
export function createIntake(app: IntakeHost, deps: IntakeDeps) {
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
    meta: IntakeMeta,
  ): Promise<IntakeResult> {
    const { def } = repository;
    const hooks = deps.hooks.get(def.name);
    const extraKeys = hooks?.createExtras ?? [];
    const extras = Object.fromEntries(extraKeys.map((key) => [key, input[key]]));
    const values = Object.fromEntries(Object.entries(input).filter(([key]) => !extraKeys.includes(key)));
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

    const track = def.intake?.track ? newTrackToken() : null;
    const sealed = track ? await deps.sealTrackToken(track.token) : null;
    let afterCommit: (() => void) | undefined;
    // The record, what its type's hook does with it (mail, photos) and its audit row are stored
    // together or not at all. A value a unique record already holds goes the same way, through the
    // same statements (decision 010, "Same work either way"): its audit row says it was asked again.
    const { existed, ...record } = await app.changes.write(async (tx) => {
      const records = repository.in(tx);
      const stored = await records.create(
        track ? { ...values, trackTokenHash: track.hash, trackTokenSealed: sealed } : values,
      );
      const again = stored.existed === true;
      afterCommit = await hooks?.afterCreate?.({
        tx,
        records,
        record: stored,
        extras,
        flagged,
        existed: again,
      });
      const fields = again ? [] : fieldChanges(def.fields, null, stored, Object.keys(values));
      await tx.record({
        resource: def.name,
        id: stored._id,
        action: again ? 'update' : 'create',
        actor: meta.user,
        name: recordName(def, stored),
        fields,
      });
      // A record of a type with drafts that went on the site at once is its first version.
      if (def.versions && stored.publishedAt && !again)
        await keepVersion(tx, def, stored, { before: null, fields, actor: meta.user });
      return stored;
    });
    afterCommit?.();
    if (existed) return { kind: 'existed', record };
    return { kind: 'created', record, ...(track ? { trackToken: track.token } : {}) };
  };
}

export type Intake = ReturnType<typeof createIntake>;

/**
 * The door a visitor's new record of a type goes through: its module's `submit` when it has one
 * (a request's service), which itself comes through intake; intake directly otherwise.
 */
export function submitterFor(repository: ContentRepository, hooks: ContentHooks | undefined, intake: Intake) {
  return (
    hooks?.submit ?? ((input: Record<string, unknown>, meta: IntakeMeta) => intake(repository, input, meta))
  );
}
