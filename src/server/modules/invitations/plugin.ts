import fp from 'fastify-plugin';
import { invitationRoutes } from './routes';
import { type InvitationService, invitationService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff invitations: invite, resend, revoke, and the link's lookup and acceptance. */
    invitations: InvitationService;
  }
}

/** `app.invitations`: the rules of staff invitations, for their routes. */
export const invitationsPlugin = fp(
  async (app) => {
    app.decorate('invitations', invitationService(app));
  },
  { name: 'invitations', dependencies: ['auth-store', 'mail-outbox', 'settings', 'site-origin'] },
);

/** The admin's invitation routes and the two public ones behind the link. */
export const invitationRoutesPlugin = fp(
  async (app) => {
    await app.register(invitationRoutes(app.invitations));
  },
  { name: 'invitation-routes', dependencies: ['invitations', 'access'], encapsulate: true },
);

export const invitationPlugins = [invitationsPlugin, invitationRoutesPlugin];
