-- The site's one job queue (decision 108): work due at a time, run once by whichever instance
-- claims it. Scheduled publishing is its first kind. A key names what a job is about
-- (`publish:service:<id>`): at most one job per key is pending, so scheduling again replaces the
-- time and payload instead of adding a second job. Done jobs are kept; failed ones (given up after
-- the last attempt) are kept with their last error for an admin to see.
create table jobs (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  key text not null,
  payload jsonb not null default '{}' check (jsonb_typeof(payload) = 'object'),
  due_at timestamptz not null,
  attempts integer not null default 0,
  last_error text,
  -- A staff member's id, or an API key's (as the audit log's actor_id): no foreign key.
  created_by uuid,
  created_at timestamptz not null default now(),
  -- When its latest run began: the admin's list shows the newest problems first.
  tried_at timestamptz,
  done_at timestamptz,
  failed_at timestamptz,
  -- One run's claim, committed before the run: other instances leave the job alone until
  -- leased_until, and the run finishes it only while lease_id is still its own. An instance that
  -- dies mid-run leaves the job to be run again once the lease has passed, the attempt counted.
  lease_id uuid,
  leased_until timestamptz,
  check (done_at is null or failed_at is null)
);
create unique index jobs_pending_key on jobs (key) where done_at is null and failed_at is null;
create index jobs_due on jobs (due_at) where done_at is null and failed_at is null;
create index jobs_failed on jobs (failed_at desc) where failed_at is not null;
