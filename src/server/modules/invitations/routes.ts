import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicUserSchema } from '../../../shared/auth';
import {
  acceptInviteSchema,
  invitationInputSchema,
  invitationMessages,
  invitationSchema,
  invitationSentSchema,
  invitationTokenQuerySchema,
  publicInvitationSchema,
} from '../../../shared/invitations';
import { HttpError } from '../../errors';
import { errorSchema, idParams } from '../../http/schemas';
import { tryAgainIn, type WriteLimit } from '../../plugins/write-limits';
import { serverSignupSchema } from '../auth/schemas';
import { sessionStarter } from '../auth/sign-in';
import type { InvitationService } from './service';

/** The shared rules, with the server's sign-up password rule (its list of common passwords). */
const serverAcceptSchema = acceptInviteSchema.extend({ password: serverSignupSchema.shape.password });

/** Answers that carry a link, and the pages behind one, are nobody's to keep. */
const NO_STORE = { 'cache-control': 'no-store' };

/**
 * Staff invitations over HTTP: the admin's list, invite, resend and revoke, and the two public
 * routes behind the mailed link. The rules are the service's (./service.ts).
 */
export function invitationRoutes(invitations: InvitationService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['users'];
    const acceptLimit: WriteLimit = {
      bucket: 'accept-invite-ip',
      max: 30,
      windowMinutes: 15,
      message: (seconds) => `Too many attempts. ${tryAgainIn(seconds)}`,
    };
    const { startSignedInSession } = sessionStarter(app, app.authStore, app.xsrf);

    app.get(
      '/api/invitations',
      {
        config: { access: 'invitations:manage' },
        schema: {
          operationId: 'listInvitations',
          tags,
          summary: 'Open invitations, newest first (expired ones too, to send again or revoke)',
          response: { 200: z.array(invitationSchema) },
        },
      },
      async (_request, reply) => reply.headers(NO_STORE).send(await invitations.list()),
    );

    app.post(
      '/api/invitations',
      {
        config: { access: 'invitations:manage' },
        schema: {
          operationId: 'inviteStaff',
          tags,
          summary:
            'Invite an e-mail address with a staff role: the link is mailed, or answered once when the site cannot send mail',
          body: invitationInputSchema,
          response: { 201: invitationSentSchema, 400: errorSchema, 409: errorSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .headers(NO_STORE)
          .send(await invitations.invite(request.body, request.user!)),
    );

    app.post(
      '/api/invitations/:id/resend',
      {
        config: { access: 'invitations:manage' },
        schema: {
          operationId: 'resendInvitation',
          tags,
          summary: 'Send an open invitation again with a new link; the earlier link ends',
          params: idParams,
          response: { 200: invitationSentSchema, 404: errorSchema },
        },
      },
      async (request, reply) =>
        reply.headers(NO_STORE).send(await invitations.resend(request.params.id, request.user!)),
    );

    app.delete(
      '/api/invitations/:id',
      {
        config: { access: 'invitations:manage' },
        schema: {
          operationId: 'revokeInvitation',
          tags,
          summary: 'Revoke an open invitation: its link ends',
          params: idParams,
          response: { 200: z.object({ ok: z.literal(true), _id: z.string() }), 404: errorSchema },
        },
      },
      async (request) => {
        await invitations.revoke(request.params.id, request.user!);
        return { ok: true as const, _id: request.params.id };
      },
    );

    app.get(
      '/api/auth/invitation',
      {
        config: { access: 'public' },
        schema: {
          operationId: 'getInvitation',
          tags: ['auth'],
          summary:
            "Who an invitation's link invites, and as what (404, the same answer, for a link unknown, used, expired or revoked)",
          querystring: invitationTokenQuerySchema,
          response: { 200: publicInvitationSchema, 400: errorSchema, 404: errorSchema },
        },
      },
      async (request, reply) => {
        reply.headers(NO_STORE);
        const invitation = await invitations.lookup(request.query.token);
        if (!invitation) throw new HttpError(404, invitationMessages.linkEnded);
        return invitation;
      },
    );

    app.post(
      '/api/auth/accept-invite',
      {
        config: { access: 'public', writeLimit: acceptLimit },
        schema: {
          operationId: 'acceptInvitation',
          tags: ['auth'],
          summary:
            'Accept an invitation: creates the approved account with the invited role and address, ends the link, and signs in as login does',
          body: serverAcceptSchema,
          response: {
            201: z.object({ token: z.string(), user: publicUserSchema }),
            400: errorSchema,
            409: errorSchema,
            410: errorSchema,
            429: errorSchema,
          },
        },
      },
      async (request, reply) => {
        reply.headers(NO_STORE);
        const user = await invitations.accept(request.body);
        return reply.status(201).send(await startSignedInSession(request, reply, user));
      },
    );
  };
}
