import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginSchema, publicUserSchema, signupSchema } from '../../../shared/auth';
import { isUniqueViolation } from '../../content/repository';
import { HttpError, validationFailed } from '../../errors';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, XSRF_COOKIE } from '../../plugins/access';
import { hashPassword, verifyPassword } from './passwords';
import type { AuthStore } from './store';

const errorSchema = z.object({ error: z.string(), fields: z.record(z.string(), z.string()).optional() });

const publicUser = ({ _id, name, username, role }: z.infer<typeof publicUserSchema>) => ({
  _id,
  name,
  username,
  role,
});

export function authRoutes(store: AuthStore): FastifyPluginAsyncZod {
  return async (app) => {
    const secure = (request: FastifyRequest) => request.protocol === 'https';

    function startBrowserSession(request: FastifyRequest, reply: FastifyReply, token: string) {
      const isSecure = secure(request);
      const maxAge = app.env.SESSION_MAX_DAYS * 86_400;
      reply.setCookie(isSecure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: isSecure,
        path: '/',
        maxAge,
      });
      // Readable by our pages' scripts, which echo it in X-XSRF-TOKEN; other sites cannot read it.
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        httpOnly: false,
        sameSite: 'lax',
        secure: isSecure,
        path: '/',
        maxAge,
      });
    }

    function endBrowserSession(reply: FastifyReply) {
      for (const name of [SESSION_COOKIE, SECURE_SESSION_COOKIE, XSRF_COOKIE])
        reply.clearCookie(name, { path: '/' });
    }

    app.post(
      '/api/auth/signup',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary:
            'Create a staff account (the first account becomes the admin; later ones wait for approval)',
          body: signupSchema,
          response: {
            201: publicUserSchema.extend({ message: z.string() }),
            400: errorSchema,
            409: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const { name, username, password } = request.body;
        if (await store.findUserByUsername(username))
          throw validationFailed({ username: 'This username is taken.' });
        try {
          const user = await store.createUser({ name, username, passwordHash: await hashPassword(password) });
          app.events.emit('change', {
            resource: 'users',
            id: user._id,
            action: 'create',
            actor: null,
            fields: ['name', 'username', 'role'],
          });
          const message =
            user.role === 'admin'
              ? 'Your admin account is ready. You can log in now.'
              : 'Your account was created and is waiting for approval by an admin.';
          return reply.status(201).send({ ...publicUser(user), message });
        } catch (error) {
          if (isUniqueViolation(error)) throw validationFailed({ username: 'This username is taken.' });
          throw error;
        }
      },
    );

    app.post(
      '/api/auth/login',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Log in; answers a bearer token and sets the browser session cookie',
          body: loginSchema,
          response: {
            200: z.object({ token: z.string(), user: publicUserSchema }),
            400: errorSchema,
            401: errorSchema,
            403: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const { username, password } = request.body;
        const user = await store.findUserByUsername(username);
        // Unknown user and wrong password cost the same time and get the same answer.
        const ok = await verifyPassword(user?.passwordHash, password);
        if (!user || !ok) throw new HttpError(401, 'Invalid username or password.');
        if (user.role === 'pending') throw new HttpError(403, 'Your account is waiting for approval.');
        const token = await store.createSession(user._id);
        startBrowserSession(request, reply, token);
        app.events.emit('change', {
          resource: 'session',
          id: user._id,
          action: 'login',
          actor: publicUser(user),
        });
        return { token, user: publicUser(user) };
      },
    );

    app.post(
      '/api/auth/logout',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'End the session on the server',
          response: { 200: z.object({ ok: z.literal(true) }) },
        },
      },
      async (request, reply) => {
        const header = request.headers.authorization;
        const token = header?.startsWith('Bearer ')
          ? header.slice(7).trim()
          : (request.cookies[SECURE_SESSION_COOKIE] ?? request.cookies[SESSION_COOKIE]);
        // A cookie logout must come from our pages, or any site could log staff out.
        if (token && !(request.authMethod === 'cookie' && request.csrfFailed)) {
          const user = await store.userForToken(token);
          await store.revokeSession(token);
          if (user)
            app.events.emit('change', { resource: 'session', id: user._id, action: 'logout', actor: user });
        }
        endBrowserSession(reply);
        return { ok: true as const };
      },
    );

    for (const url of ['/api/auth/current-user', '/api/current-user']) {
      app.get(
        url,
        {
          config: { access: 'public' },
          schema: {
            tags: ['auth'],
            summary: 'The signed-in user',
            response: { 200: publicUserSchema, 401: errorSchema },
          },
        },
        async (request) => {
          if (!request.user) throw new HttpError(401, 'Please log in.');
          return publicUser(request.user);
        },
      );
    }
  };
}
