-- Deactivate, not only delete (docs/decisions/094): a deactivated account keeps its row, so its
-- name stays in every request's history and the audit log, but it signs in nowhere: its sessions
-- are ended with the deactivation, a session or key lookup refuses it, and login says why.
alter table users add column deactivated_at timestamptz;
