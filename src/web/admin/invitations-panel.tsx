import { useCallback, useEffect, useState } from 'react';
import { messages } from '../../shared/content/field-checks';
import { fieldErrors } from '../../shared/content/schema';
import {
  INVITATION_DAYS,
  type Invitation,
  type InvitationSent,
  invitationInputSchema,
} from '../../shared/invitations';
import { ROLE_DECLARATIONS } from '../../shared/permissions';
import { STAFF_ROLES, type StaffRole } from '../../shared/roles';
import { ApiError, api } from '../lib/api';
import { useForm } from '../lib/use-form';
import { runChange } from './actions';
import { Modal, useFeedback } from './feedback';
import { formatWhen } from './format';
import { DataTable } from './record-view';
import { ShownOnce, ShownOnceDialog } from './shown-once';
import './invitations-panel.css';

type InviteForm = { email: string; name: string; role: StaffRole };
const EMPTY: InviteForm = { email: '', name: '', role: 'technician' };

/** What is sent: an empty name box means no name (the invitee gives theirs when they accept). */
const bodyOf = ({ email, name, role }: InviteForm) => ({ email, role, ...(name.trim() ? { name } : {}) });

const checkInvite = (values: InviteForm) => {
  const parsed = invitationInputSchema.safeParse(bodyOf(values));
  return parsed.success ? {} : fieldErrors(parsed.error);
};

/** The link the server answered once (the site cannot send mail), for the admin to pass on. */
function LinkToPassOn({ sent }: { sent: InvitationSent }) {
  return (
    <>
      <p>
        This site cannot send e-mail, so pass this link on to {sent.invitation.email} yourself. It works once,
        for {INVITATION_DAYS} days, and is not shown again.
      </p>
      <ShownOnce id="invitation-link-value" label="Invitation link" noun="link" value={sent.link ?? ''} />
    </>
  );
}

/**
 * The Users screen's invitations: "Invite someone" (an address, a name, a role with what it may
 * do), and the open invitations with Resend and Revoke. The link goes out by mail; without SMTP
 * the dialog shows it once with a Copy button.
 */
export function InvitationsPanel() {
  const feedback = useFeedback();
  const [invitations, setInvitations] = useState<Invitation[] | null>(null);
  const [inviting, setInviting] = useState(false);
  /** An invitation or resend whose link the admin must pass on. */
  const [shown, setShown] = useState<InvitationSent | null>(null);

  const refresh = useCallback(async () => {
    try {
      setInvitations(await api<Invitation[]>('/api/invitations'));
    } catch (error) {
      feedback.error(error instanceof ApiError ? error.message : 'The invitations could not be loaded.');
    }
  }, [feedback]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  /** Tell the admin where the link went: a mail, or this dialog. */
  function announce(sent: InvitationSent, done: string) {
    if (sent.link) setShown(sent);
    else feedback.success(`${done} We mailed the link to ${sent.mailedTo}.`);
  }

  const form = useForm<InviteForm>({
    values: EMPTY,
    check: checkInvite,
    invalidMessage: messages.formInvalid,
    send: async (values) => {
      const sent = await api<InvitationSent>('/api/invitations', {
        method: 'POST',
        body: bodyOf(values),
      });
      setInviting(false);
      announce(
        sent,
        `${sent.invitation.email} is invited as ${ROLE_DECLARATIONS[values.role].label.toLowerCase()}.`,
      );
      await refresh();
      return { values: EMPTY };
    },
  });

  async function resend(invitation: Invitation) {
    try {
      const sent = await api<InvitationSent>(`/api/invitations/${invitation._id}/resend`, {
        method: 'POST',
      });
      announce(sent, `A new link for ${invitation.email}; the earlier one no longer works.`);
    } catch (error) {
      feedback.error(error instanceof ApiError ? error.message : 'Something went wrong!');
    }
    await refresh();
  }

  async function revoke(invitation: Invitation) {
    const ok = await feedback.confirm({
      message: `Revoke the invitation of ${invitation.email}? Its link stops working at once.`,
      confirmLabel: 'Revoke',
    });
    if (!ok) return;
    await runChange(
      feedback,
      refresh,
      { path: `/api/invitations/${invitation._id}`, method: 'DELETE' },
      `The invitation of ${invitation.email} was revoked.`,
    );
  }

  const error = (name: keyof InviteForm) =>
    form.errors[name] ? (
      <p id={`invite-${name}-error`} className="field-error">
        {form.errors[name]}
      </p>
    ) : null;
  const bound = (name: 'email' | 'name') => ({
    id: `invite-${name}`,
    name,
    value: form.values[name],
    'aria-invalid': form.errors[name] ? true : undefined,
    'aria-describedby': form.errors[name] ? `invite-${name}-error` : undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const next = event.target.value;
      form.setValue(name, () => next);
    },
    onBlur: () => form.touch(name),
  });

  return (
    <section className="invitations-panel" aria-labelledby="invitations-heading">
      <div className="invitations-header">
        <h2 id="invitations-heading">
          Open invitations{invitations ? <span className="count"> [{invitations.length}]</span> : null}
        </h2>
        <button type="button" className="btn btn-primary" onClick={() => setInviting(true)}>
          Invite someone
        </button>
      </div>
      {invitations && invitations.length > 0 ? (
        <DataTable
          caption="Open invitations"
          headings={['E-mail', 'Name', 'Role', 'Sent', 'Expires', 'Actions']}
        >
          {invitations.map((invitation) => (
            <tr key={invitation._id}>
              <td data-label="E-mail" className="invitation-email">
                {invitation.email}
              </td>
              <td data-label="Name">{invitation.name ?? <span className="muted">Not given</span>}</td>
              <td data-label="Role">{ROLE_DECLARATIONS[invitation.role].label}</td>
              <td data-label="Sent">
                <span className="invitation-sent">
                  <span>{formatWhen(invitation.sentAt)}</span>{' '}
                  <span className="muted">by {invitation.invitedBy ?? 'a removed account'}</span>
                </span>
              </td>
              <td data-label="Expires">
                {invitation.expired ? (
                  <span className="status-badge pending">Expired</span>
                ) : (
                  formatWhen(invitation.expiresAt)
                )}
              </td>
              <td data-label="Actions">
                <div className="row-actions">
                  <button
                    type="button"
                    className="btn btn-small btn-light"
                    onClick={() => void resend(invitation)}
                  >
                    Resend<span className="visually-hidden"> the invitation of {invitation.email}</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn-small btn-danger"
                    onClick={() => void revoke(invitation)}
                  >
                    Revoke<span className="visually-hidden"> the invitation of {invitation.email}</span>
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      ) : (
        invitations && <p className="muted">Nobody is waiting to accept an invitation.</p>
      )}
      <Modal open={inviting} onClose={() => setInviting(false)} title="Invite someone">
        <form className="invite-form" noValidate onSubmit={(event) => void form.submit(event)}>
          <div className="modal-body">
            <p>
              They get a link to choose a username and a password. It works once, for {INVITATION_DAYS} days.
            </p>
            <div className="field">
              <label htmlFor="invite-email">E-mail</label>
              <input type="email" autoComplete="off" required data-autofocus {...bound('email')} />
              {error('email')}
            </div>
            <div className="field">
              <label htmlFor="invite-name">Name (optional)</label>
              <input type="text" autoComplete="off" {...bound('name')} />
              {error('name')}
            </div>
            <div className="field">
              <label htmlFor="invite-role">Role</label>
              <select
                id="invite-role"
                name="role"
                value={form.values.role}
                aria-describedby="invite-role-summary"
                onChange={(event) => {
                  const next = event.target.value as StaffRole;
                  form.setValue('role', () => next);
                }}
              >
                {STAFF_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_DECLARATIONS[role].label}
                  </option>
                ))}
              </select>
              <p id="invite-role-summary" className="field-help">
                {ROLE_DECLARATIONS[form.values.role].summary}
              </p>
              {error('role')}
            </div>
            <div role="alert" className="form-message">
              {form.notice?.kind === 'error' && <p className="form-error">{form.notice.text}</p>}
            </div>
          </div>
          <div className="modal-footer">
            <button type="button" className="btn btn-light" onClick={() => setInviting(false)}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" aria-disabled={form.invalid || form.submitting}>
              {form.submitting ? 'Inviting…' : 'Send invitation'}
            </button>
          </div>
        </form>
      </Modal>
      <ShownOnceDialog
        open={shown !== null}
        onClose={() => setShown(null)}
        title={shown ? `Invitation for ${shown.invitation.email}` : 'Invitation'}
      >
        {shown && <LinkToPassOn sent={shown} />}
      </ShownOnceDialog>
    </section>
  );
}
