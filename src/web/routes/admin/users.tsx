import { useState } from 'react';
import {
  type ClientLoaderFunctionArgs,
  useLoaderData,
  useRevalidator,
  useRouteLoaderData,
} from 'react-router';
import type { UserListItem } from '../../../shared/auth';
import { roleDeclaration } from '../../../shared/permissions';
import { ROLES, type Role, STAFF_ROLES } from '../../../shared/roles';
import { runChange } from '../../admin/actions';
import { DeactivateUserButton } from '../../admin/deactivate-user';
import { Modal, Spinner, useFeedback } from '../../admin/feedback';
import { formatWhen } from '../../admin/format';
import { InvitationsPanel } from '../../admin/invitations-panel';
import { adminRead } from '../../admin/load';
import { DataTable, ScreenHeader } from '../../admin/record-view';
import { ResetLinkButton } from '../../admin/reset-link';
import { RoleMatrix } from '../../admin/role-matrix';
import { SessionsList } from '../../admin/sessions-list';
import { openScreen } from '../../admin/signed-in';
import type { loader as layoutLoader } from './layout';

const ROLE_LABELS = Object.fromEntries(ROLES.map((role) => [role, roleDeclaration(role).label])) as Record<
  Role,
  string
>;

export function meta() {
  return [{ title: 'Users | Admin' }];
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await openScreen(request);
  return { users: await adminRead<UserListItem[]>('/api/users', request) };
}
clientLoader.hydrate = true as const;

export { ScreenError as ErrorBoundary } from '../../admin/screen-error';

export function HydrateFallback() {
  return <Spinner />;
}

/** Staff accounts: approve sign-ups, change roles, turn off a lost second factor, remove accounts. */
export default function Users() {
  const { users } = useLoaderData<typeof clientLoader>();
  const me = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')?.user;
  const feedback = useFeedback();
  const revalidator = useRevalidator();
  const pending = users.filter((user) => user.role === 'pending').length;
  const [sessionsOf, setSessionsOf] = useState<UserListItem | null>(null);

  async function change(user: UserListItem, role: Role, done: string) {
    await runChange(
      feedback,
      revalidator.revalidate,
      { path: `/api/users/${user._id}`, method: 'PUT', body: { role } },
      done,
    );
  }

  async function remove(user: UserListItem) {
    const ok = await feedback.confirm({
      message: `Are you sure you want to remove the account of ${user.name} (${user.username})?`,
      confirmLabel: 'Remove',
    });
    if (!ok) return;
    await runChange(
      feedback,
      revalidator.revalidate,
      { path: `/api/users/${user._id}`, method: 'DELETE' },
      `The account of ${user.name} was removed.`,
    );
  }

  /** For someone who lost both their phone and their recovery codes (README, Recovering access). */
  async function turnOffTwoFactor(user: UserListItem) {
    const ok = await feedback.confirm({
      message: `Turn off two-factor sign-in for ${user.name} (${user.username})? Their recovery codes stop working and they are signed out everywhere. They will sign in with their password only and can turn it on again on My account.`,
      confirmLabel: 'Turn off two-factor',
    });
    if (!ok) return;
    await runChange(
      feedback,
      revalidator.revalidate,
      { path: `/api/users/${user._id}/2fa/disable`, method: 'POST' },
      `Two-factor sign-in is off for ${user.name}. They can sign in with their password.`,
    );
  }

  return (
    <section className="screen" aria-busy={revalidator.state === 'loading'}>
      <ScreenHeader title="Users" count={users.length}>
        {pending > 0 && <p className="tile-count attention">{pending} waiting for approval</p>}
      </ScreenHeader>
      <InvitationsPanel />
      <DataTable
        caption="Staff accounts"
        headings={['#', 'Name', 'Username', 'Role', 'Signed up', 'Actions']}
      >
        {users.map((user, index) => (
          <tr key={user._id}>
            <td data-label="#">{index + 1}</td>
            <td data-label="Name">
              <span>
                {user.name}
                {user._id === me?._id && <span className="muted"> (you)</span>}
              </span>
            </td>
            <td data-label="Username" className="identifier">
              {user.username}
            </td>
            <td data-label="Role">
              <span className="role-cell">
                {user.role === 'pending' ? (
                  <span className="status-badge pending">{ROLE_LABELS.pending}</span>
                ) : (
                  <select
                    aria-label={`Role of ${user.name}`}
                    value={user.role}
                    onChange={(event) => {
                      const role = event.target.value as Role;
                      void change(user, role, `${user.name} is now ${ROLE_LABELS[role].toLowerCase()}.`);
                    }}
                  >
                    {STAFF_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {ROLE_LABELS[role]}
                      </option>
                    ))}
                  </select>
                )}
                {user.deactivatedAt && <span className="status-badge deactivated">Deactivated</span>}
                {user.twoFactorEnabled && (
                  <span className="status-badge two-factor" title="Two-factor sign-in is on">
                    2FA<span className="visually-hidden"> on</span>
                  </span>
                )}
              </span>
            </td>
            <td data-label="Signed up" className="nowrap">
              {formatWhen(user.createdAt)}
            </td>
            <td data-label="Actions">
              <div className="row-actions user-actions">
                {user.role === 'pending' && (
                  <button
                    type="button"
                    className="btn btn-small btn-primary"
                    onClick={() => void change(user, 'editor', `${user.name} can now log in as an editor.`)}
                  >
                    Approve<span className="visually-hidden"> {user.name}</span>
                  </button>
                )}
                {user.role !== 'pending' && (
                  <button
                    type="button"
                    className="btn btn-small btn-light"
                    onClick={() => setSessionsOf(user)}
                  >
                    Sessions<span className="visually-hidden"> of {user.name}</span>
                  </button>
                )}
                <ResetLinkButton user={user} />
                {user.twoFactorEnabled && user._id !== me?._id && (
                  <button
                    type="button"
                    className="btn btn-small btn-light"
                    onClick={() => void turnOffTwoFactor(user)}
                  >
                    Turn off two-factor<span className="visually-hidden"> for {user.name}</span>
                  </button>
                )}
                {user._id !== me?._id && (
                  <DeactivateUserButton user={user} onChanged={revalidator.revalidate} />
                )}
                <button type="button" className="btn btn-small btn-danger" onClick={() => void remove(user)}>
                  Remove<span className="visually-hidden"> {user.name}</span>
                </button>
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      <RoleMatrix />
      <Modal
        open={sessionsOf !== null}
        onClose={() => setSessionsOf(null)}
        title={sessionsOf ? `Sessions of ${sessionsOf.name}` : 'Sessions'}
        size="xl"
      >
        <div className="modal-body">
          {sessionsOf && <SessionsList path={`/api/users/${sessionsOf._id}/sessions`} />}
        </div>
      </Modal>
    </section>
  );
}
