import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicUser } from '../../../shared/auth';
import { browserCookies, setXsrfCookie } from '../../plugins/access';
import type { XsrfTokens } from '../../plugins/xsrf';
import { noticeNewSignIn } from './new-device';
import type { AuthStore, UserRow } from './store';

/** What an answer may say about a user: nothing but who they are. */
export const publicUser = ({ _id, name, username, role }: PublicUser) => ({ _id, name, username, role });

/**
 * Signing someone in, the same for every door that does it: login, the two-factor step after it,
 * and an accepted invitation.
 */
export function sessionStarter(app: FastifyInstance, store: AuthStore, xsrf: XsrfTokens) {
  function startBrowserSession(request: FastifyRequest, reply: FastifyReply, token: string) {
    const { session, secure } = browserCookies(request);
    const maxAge = app.env.SESSION_MAX_DAYS * 86_400;
    reply.setCookie(session, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge });
    setXsrfCookie(request, reply, xsrf.tokenFor(token), maxAge);
  }

  return {
    /**
     * The one way a sign-in ends well: the session row, its audit row and, for a device or address
     * the account has not used before, a notice to its owner, all in one transaction; then the
     * browser's cookies. Answers the bearer token and the user.
     */
    async startSignedInSession(request: FastifyRequest, reply: FastifyReply, user: UserRow) {
      const from = { userAgent: request.headers['user-agent'] ?? '', ip: request.ip };
      let mailed = false;
      const token = await app.changes.write(async (tx) => {
        const created = await store.in(tx).createSession(user._id, from);
        await tx.record({ resource: 'session', id: user._id, action: 'login', actor: publicUser(user) });
        mailed = await noticeNewSignIn(tx, app.mailOutbox, user, from, { origin: app.siteOrigin() });
        return created;
      });
      if (mailed) app.mailOutbox?.nudge();
      startBrowserSession(request, reply, token);
      return { token, user: publicUser(user) };
    },
  };
}
