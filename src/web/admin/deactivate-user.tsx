import { useState } from 'react';
import { Link } from 'react-router';
import type { UserListItem } from '../../shared/auth';
import type { Deactivation } from '../../shared/deactivation';
import { ApiError, api } from '../lib/api';
import { runChange } from './actions';
import { Modal, useFeedback } from './feedback';
import { STAGE_LABELS } from './request';

/**
 * The Users screen's Deactivate and Reactivate (decision 094). Deactivating ends the person's
 * sessions and keys at once and keeps their name in every history; what they still had open is
 * shown afterwards, each request a link to its page, where the admin gives it to someone else.
 */
export function DeactivateUserButton({ user, onChanged }: { user: UserListItem; onChanged: () => unknown }) {
  const feedback = useFeedback();
  const [left, setLeft] = useState<Deactivation | null>(null);
  const [busy, setBusy] = useState(false);

  async function deactivate() {
    const ok = await feedback.confirm({
      message: `Deactivate the account of ${user.name} (${user.username})? They are signed out everywhere, their API keys stop working, and they cannot sign in until the account is reactivated. Their name stays in the history of their work.`,
      confirmLabel: 'Deactivate',
    });
    if (!ok) return;
    setBusy(true);
    try {
      const answer = await api<Deactivation>(`/api/users/${user._id}/deactivate`, { method: 'POST' });
      feedback.success(`The account of ${user.name} is deactivated.`);
      if (answer.openRequests.length > 0) setLeft(answer);
    } catch (error) {
      feedback.error(error instanceof ApiError ? error.message : 'Something went wrong!');
    } finally {
      setBusy(false);
    }
    await onChanged();
  }

  async function reactivate() {
    const ok = await feedback.confirm({
      message: `Reactivate the account of ${user.name} (${user.username})? They can sign in again, with the role they had.`,
      confirmLabel: 'Reactivate',
    });
    if (!ok) return;
    await runChange(
      feedback,
      onChanged,
      { path: `/api/users/${user._id}/reactivate`, method: 'POST' },
      `${user.name} can sign in again.`,
    );
  }

  return (
    <>
      {user.deactivatedAt ? (
        <button type="button" className="btn btn-small btn-light" onClick={() => void reactivate()}>
          Reactivate<span className="visually-hidden"> {user.name}</span>
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-small btn-light"
          aria-disabled={busy}
          onClick={() => void deactivate()}
        >
          Deactivate<span className="visually-hidden"> {user.name}</span>
        </button>
      )}
      <Modal open={left !== null} onClose={() => setLeft(null)} title={`Open requests of ${user.name}`}>
        {left && (
          <>
            <div className="modal-body">
              <p>
                {user.name} still had these requests. Open each one and assign it to someone else; until then
                they stay assigned to {user.name}.
              </p>
              <ul>
                {left.openRequests.map((request) => (
                  <li key={request._id}>
                    <Link to={`/message/${request._id}`}>
                      {request.reference ? `${request.reference}: ` : ''}
                      {request.name}
                    </Link>{' '}
                    <span className="muted">({STAGE_LABELS[request.stage]})</span>
                  </li>
                ))}
              </ul>
            </div>
            <div className="modal-footer">
              <button type="button" className="btn btn-light" onClick={() => setLeft(null)}>
                Close
              </button>
            </div>
          </>
        )}
      </Modal>
    </>
  );
}
