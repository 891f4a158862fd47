import { useState } from 'react';
import type { UserListItem } from '../../shared/auth';
import type { AdminResetLink } from '../../shared/recovery';
import { ApiError, api } from '../lib/api';
import { useFeedback } from './feedback';
import { ShownOnce, ShownOnceDialog } from './shown-once';

/**
 * The Users screen's "Send reset link": the server mails the link when the user has an address,
 * and the admin sees it once here, to pass on when the user has none.
 */
export function ResetLinkButton({ user }: { user: UserListItem }) {
  const feedback = useFeedback();
  const [shown, setShown] = useState<AdminResetLink | null>(null);
  const [busy, setBusy] = useState(false);

  async function send() {
    const ok = await feedback.confirm({
      message: `Make a new password reset link for ${user.name} (${user.username})? It works once, for 30 minutes.`,
      confirmLabel: 'Send reset link',
    });
    if (!ok) return;
    setBusy(true);
    try {
      setShown(await api<AdminResetLink>(`/api/users/${user._id}/reset-link`, { method: 'POST' }));
    } catch (error) {
      feedback.error(error instanceof ApiError ? error.message : 'Something went wrong!');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-small btn-light"
        aria-disabled={busy}
        onClick={() => void send()}
      >
        Send reset link<span className="visually-hidden"> to {user.name}</span>
      </button>
      <ShownOnceDialog
        open={shown !== null}
        onClose={() => setShown(null)}
        title={`Reset link for ${user.name}`}
      >
        {shown && (
          <>
            <p>
              {shown.mailedTo
                ? `We mailed this link to ${shown.mailedTo}.`
                : 'This account has no e-mail address (or the site cannot send mail): pass the link on yourself.'}{' '}
              It works once, for {shown.expiresInMinutes} minutes, and is not shown again.
            </p>
            <ShownOnce id="reset-link-value" label="Reset link" noun="link" value={shown.link} />
          </>
        )}
      </ShownOnceDialog>
    </>
  );
}
