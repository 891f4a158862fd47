import { useCallback, useEffect, useState } from 'react';
import type { SessionListItem } from '../../shared/sessions';
import { ApiError, api } from '../lib/api';
import { runChange } from './actions';
import { Spinner, useFeedback } from './feedback';
import { formatWhen } from './format';
import { DataTable } from './record-view';

/**
 * The live sessions of one account (device, address, started, last used), each but the one this
 * browser uses with Sign out (Log out ends that one). `own`: the signed-in person's list on My
 * account, which also offers "Sign out everywhere else"; otherwise an admin's view of `path`.
 */
export function SessionsList({ path, own = false }: { path: string; own?: boolean }) {
  const feedback = useFeedback();
  const [sessions, setSessions] = useState<SessionListItem[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setSessions(await api<SessionListItem[]>(path));
      setFailed(null);
    } catch (error) {
      setFailed(error instanceof ApiError ? error.message : 'The sessions could not be loaded.');
    }
  }, [path]);
  useEffect(() => {
    void load();
  }, [load]);

  if (failed) return <p className="form-error">{failed}</p>;
  if (!sessions) return <Spinner label="Loading sessions…" />;
  const others = sessions.filter((session) => !session.current);

  return (
    <div className="sessions">
      {sessions.length === 0 ? (
        <p className="muted">No active sessions.</p>
      ) : (
        <DataTable
          caption="Active sessions"
          headings={['Device', 'Address', 'Started', 'Last used', 'Actions']}
        >
          {sessions.map((session) => (
            <tr key={session.id}>
              <td data-label="Device">
                <span className="session-device">
                  {session.device}
                  {session.current && <span className="status-badge current">This device</span>}
                </span>
              </td>
              <td data-label="Address" className="nowrap">
                {session.ip || 'unknown'}
              </td>
              <td data-label="Started" className="nowrap">
                {formatWhen(session.startedAt)}
              </td>
              <td data-label="Last used" className="nowrap">
                {formatWhen(session.lastSeenAt)}
              </td>
              <td data-label="Actions">
                {session.current ? (
                  <span className="muted">Signed in here</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-small btn-danger"
                    onClick={() =>
                      void runChange(
                        feedback,
                        load,
                        { path: `${path}/${session.id}`, method: 'DELETE' },
                        `Signed out: ${session.device}, ${session.ip || 'unknown address'}.`,
                      )
                    }
                  >
                    Sign out
                    <span className="visually-hidden">
                      {' '}
                      {session.device} at {session.ip}
                    </span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {own && (
        <div className="sessions-footer">
          <button
            type="button"
            className="btn btn-light"
            disabled={others.length === 0}
            onClick={() =>
              void runChange(
                feedback,
                load,
                { path: `${path}/revoke-others`, method: 'POST' },
                'Signed out everywhere else. Only this device is still signed in.',
              )
            }
          >
            Sign out everywhere else
          </button>
        </div>
      )}
    </div>
  );
}
