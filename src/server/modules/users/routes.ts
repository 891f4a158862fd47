import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authMessages,
  staffMemberSchema,
  USERS_ACCESS,
  userListItemSchema,
  userUpdateSchema,
} from '../../../shared/auth';
import { deactivationSchema } from '../../../shared/deactivation';
import { takesRequests } from '../../../shared/permissions';
import { isApprovedStaff, ROLES, type Role } from '../../../shared/roles';
import { HttpError, notFound } from '../../errors';
import { errorSchema, idParams } from '../../http/schemas';
import { noticeApproval } from '../auth/signup-notices';
import type { AuthStore, UserRow } from '../auth/store';
import { mailSiteOf } from '../mail/layout';
import { createSettingsStore } from '../settings/store';
import { deactivateAccount, reactivateAccount } from './deactivation';

/** Serialises role changes and deletions so two admins cannot demote each other at once. */
const ADMIN_LOCK = 7_314_003;

const listItem = ({ _id, name, username, role, createdAt, twoFactorEnabled, deactivatedAt }: UserRow) => ({
  _id,
  name,
  username,
  role,
  createdAt,
  twoFactorEnabled,
  deactivatedAt,
});

/**
 * Staff accounts, for admins: list, approve (give a pending user a role, which mails them),
 * change role or name, deactivate and reactivate, delete. Any change of role, deactivation and
 * deletion ends the user's sessions at once; the last active admin can be neither demoted,
 * deactivated nor deleted.
 */
export function usersRoutes(store: AuthStore): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['users'];

    app.get(
      '/api/users',
      {
        config: { access: USERS_ACCESS.list },
        schema: {
          tags,
          summary: 'Every staff account, oldest first (pending ones wait for approval)',
          response: { 200: z.array(userListItemSchema) },
        },
      },
      async (_request, reply) => {
        const users = await store.listUsers();
        return reply.header('cache-control', 'no-store').send(users.map(listItem));
      },
    );

    app.get(
      '/api/users/staff',
      {
        config: { access: USERS_ACCESS.staff },
        schema: {
          operationId: 'listStaff',
          tags,
          summary:
            "Approved staff by name, for choosing one (a request's assignee); any staff member may ask",
          response: { 200: z.array(staffMemberSchema) },
        },
      },
      async (_request, reply) => {
        const users = await store.listUsers();
        const staff = users
          // A deactivated person is nobody to hand work to.
          .filter((user) => takesRequests(user) && !user.deactivatedAt)
          .map(({ _id, name }) => ({ _id, name }))
          .sort((a, b) => a.name.localeCompare(b.name));
        return reply.header('cache-control', 'no-store').send(staff);
      },
    );

    /** Refuse to leave the site without an admin who can sign in; call under ADMIN_LOCK. */
    async function assertNotLastAdmin(users: AuthStore, user: UserRow) {
      if (user.role === 'admin' && !user.deactivatedAt && (await users.countAdmins()) <= 1)
        throw new HttpError(409, authMessages.lastAdmin);
    }

    app.put(
      '/api/users/:id',
      {
        config: { access: 'users:manage' },
        schema: {
          tags,
          summary: `Approve a user or change their role (${ROLES.join(', ')}) and/or name`,
          params: idParams,
          body: userUpdateSchema,
          response: { 200: userListItemSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
        },
      },
      async (request) => {
        const { role, name } = request.body;
        const { id } = request.params;
        const result = await app.changes.write((tx) =>
          tx.withLock(ADMIN_LOCK, async () => {
            const users = store.in(tx);
            const user = await users.findUserById(id);
            if (!user) throw notFound('User');
            const roleChanged = role !== undefined && role !== user.role;
            const nameChanged = name !== undefined && name !== user.name;
            if (roleChanged && role !== 'admin') await assertNotLastAdmin(users, user);
            let updated: UserRow | null = user;
            if (nameChanged) updated = await users.setName(id, name);
            if (roleChanged) {
              updated = await users.setRole(id, role as Role);
              // A new role takes effect now: sessions opened under the old one end (Directus GHSA-56p6-qw3c-fq2g).
              await users.revokeUserSessions(id);
            }
            if (!updated) throw notFound('User');
            // An approval tells the person, at the address they confirmed, that they may sign in.
            const approval = user.role === 'pending' && isApprovedStaff(updated) ? updated.role : null;
            if (approval && updated.email && app.mailOutbox) {
              const site = {
                ...mailSiteOf(await createSettingsStore(tx).get()),
                origin: app.siteOrigin(),
              };
              await noticeApproval(tx, app.mailOutbox, { ...updated, email: updated.email }, approval, site);
            }
            if (roleChanged || nameChanged)
              await tx.record({
                resource: 'users',
                id: updated._id,
                action: roleChanged ? 'role' : 'update',
                actor: request.user,
                name: updated.username,
                fields: [
                  // A person's name is theirs: the log says it changed, not what it was.
                  ...(nameChanged ? [{ field: 'name' }] : []),
                  ...(roleChanged ? [{ field: 'role', before: user.role, after: updated.role }] : []),
                ],
              });
            return { updated };
          }),
        );
        app.mailOutbox?.nudge();
        return listItem(result.updated);
      },
    );

    app.post(
      '/api/users/:id/deactivate',
      {
        config: { access: 'users:manage' },
        schema: {
          operationId: 'deactivateUser',
          tags,
          summary:
            'Deactivate an account: its sessions and keys stop at once, its name stays in history; answers its open requests to hand to someone else',
          params: idParams,
          response: { 200: deactivationSchema, 404: errorSchema, 409: errorSchema },
        },
      },
      async (request) => {
        const { user, openRequests } = await app.changes.write((tx) =>
          tx.withLock(ADMIN_LOCK, () =>
            deactivateAccount(tx, store.in(tx), request.user!, request.params.id),
          ),
        );
        return { user: listItem(user), openRequests };
      },
    );

    app.post(
      '/api/users/:id/reactivate',
      {
        config: { access: 'users:manage' },
        schema: {
          operationId: 'reactivateUser',
          tags,
          summary: 'Let a deactivated account sign in again, with the role it had',
          params: idParams,
          response: { 200: userListItemSchema, 404: errorSchema, 409: errorSchema },
        },
      },
      async (request) => {
        const user = await app.changes.write((tx) =>
          tx.withLock(ADMIN_LOCK, () =>
            reactivateAccount(tx, store.in(tx), request.user!, request.params.id),
          ),
        );
        return listItem(user);
      },
    );

    app.delete(
      '/api/users/:id',
      {
        config: { access: 'users:manage' },
        schema: {
          tags,
          summary: 'Delete a staff account and end its sessions',
          params: idParams,
          response: {
            200: z.object({ ok: z.literal(true), _id: z.string() }),
            404: errorSchema,
            409: errorSchema,
          },
        },
      },
      async (request) => {
        const { id } = request.params;
        const user = await app.changes.write((tx) =>
          tx.withLock(ADMIN_LOCK, async () => {
            const users = store.in(tx);
            const found = await users.findUserById(id);
            if (!found) throw notFound('User');
            await assertNotLastAdmin(users, found);
            await users.revokeUserSessions(found._id);
            await users.deleteUser(found._id);
            await tx.record({
              resource: 'users',
              id: found._id,
              action: 'delete',
              actor: request.user,
              name: found.username,
              fields: [{ field: 'name' }, { field: 'username' }, { field: 'role', before: found.role }],
            });
            return found;
          }),
        );
        return { ok: true as const, _id: user._id };
      },
    );
  };
}
