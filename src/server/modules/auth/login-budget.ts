import type { FastifyInstance } from 'fastify';
import { authMessages } from '../../../shared/auth';
import { canonicalIdentity } from '../../../shared/identity';
import { HttpError, tooManyRequests, validationFailed } from '../../errors';
import type { SessionUser } from '../../http/identity';
import { createRateLimiter } from '../../plugins/rate-limiter';
import { tryAgainIn } from '../../plugins/write-limits';
import { verifyPassword } from './passwords';
import type { AuthStore, UserRow } from './store';

/**
 * The per-username budget of password (and code) guesses: logging in, and every form that asks a
 * signed-in person for their current password again, count against the same one. One place, so a
 * new form cannot get a budget of its own by accident.
 */
export function createLoginBudget(app: FastifyInstance, store: AuthStore) {
  const { env } = app;
  const limiter = createRateLimiter(app.database, {
    bucket: 'login-user',
    max: env.LOGIN_MAX_PER_USER,
    windowMs: env.LOGIN_WINDOW_MINUTES * 60_000,
  });
  // Every spelling of one account (`Tiki`, `ＴＩＫＩ`) spends from one budget: the key is the
  // form the account is looked up by.
  const keyOf = canonicalIdentity;

  return {
    limiter,
    keyOf,

    /**
     * The signed-in person's account, once `password` proved to be its current password: a stolen
     * session cannot become a stolen account (a new password, a new address) without it. The
     * attempt is spent from the budget before the password is checked, in one statement, so
     * parallel guesses cannot all be checked before any is counted; an exhausted budget answers
     * 429, a wrong password is said under `field`, and the right one takes its attempt back.
     */
    async confirmCurrentPassword(
      me: SessionUser,
      password: string,
      field = 'currentPassword',
    ): Promise<UserRow> {
      const key = keyOf(me.username);
      const limit = await limiter.hit(key);
      if (!limit.allowed)
        throw tooManyRequests(
          `Too many password attempts. ${tryAgainIn(limit.retryAfter)}`,
          limit.retryAfter,
        );
      const user = await store.findUserById(me._id);
      if (!user) throw new HttpError(401, 'Please log in.');
      if (!(await verifyPassword(user.passwordHash, password)))
        throw validationFailed({ [field]: authMessages.currentPasswordWrong });
      await limiter.forgive(key);
      return user;
    },
  };
}

export type LoginBudget = ReturnType<typeof createLoginBudget>;
