import { authMessages } from '../../../shared/auth';
import type { OpenRequest } from '../../../shared/deactivation';
import type { ChangeTransaction } from '../../db/change-log';
import { HttpError, notFound } from '../../errors';
import type { SessionUser } from '../../http/identity';
import type { AuthStore, UserRow } from '../auth/store';
import { openRequestsAssignedTo } from '../requests/store';

/**
 * Deactivate, not only delete (decision 094). A deactivated account keeps its row, so its name
 * stays in every request's history and the audit log, but it signs in nowhere: its sessions end
 * here, and the session and key look-ups refuse it from now on. Both run inside the caller's
 * transaction under the lock that serialises role changes, so two admins cannot deactivate each
 * other at once.
 */
export async function deactivateAccount(
  tx: ChangeTransaction,
  users: AuthStore,
  actor: SessionUser,
  id: string,
): Promise<{ user: UserRow; openRequests: OpenRequest[] }> {
  const found = await users.findUserById(id);
  if (!found) throw notFound('User');
  if (found._id === actor._id) throw new HttpError(409, authMessages.deactivateSelf);
  if (found.deactivatedAt) throw new HttpError(409, 'This account is already deactivated.');
  if (found.role === 'admin' && (await users.countAdmins()) <= 1)
    throw new HttpError(409, authMessages.lastAdmin);
  const user = await users.setDeactivated(found._id, true);
  if (!user) throw notFound('User');
  await users.revokeUserSessions(user._id);
  await tx.record({ resource: 'users', id: user._id, action: 'deactivate', actor, name: user.username });
  return { user, openRequests: await openRequestsAssignedTo(tx, user._id) };
}

/** Let a deactivated account sign in again, with the role it had. */
export async function reactivateAccount(
  tx: ChangeTransaction,
  users: AuthStore,
  actor: SessionUser,
  id: string,
): Promise<UserRow> {
  const found = await users.findUserById(id);
  if (!found) throw notFound('User');
  if (!found.deactivatedAt) throw new HttpError(409, 'This account is active.');
  const user = await users.setDeactivated(found._id, false);
  if (!user) throw notFound('User');
  await tx.record({ resource: 'users', id: user._id, action: 'reactivate', actor, name: user.username });
  return user;
}
