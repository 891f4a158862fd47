-- Who changed what and when: one row per create, update, delete, restore, purge, login, logout
-- and role change. Field names only, never values.
create table audit_log (
  id uuid primary key default gen_random_uuid(),
  at timestamptz not null default clock_timestamp(),
  actor_id uuid,
  actor_name text,
  action text not null,
  resource text not null,
  record_id text not null,
  fields jsonb not null default '[]'
);
create index audit_log_at on audit_log (at desc, id desc);
create index audit_log_record on audit_log (resource, record_id, at desc);
