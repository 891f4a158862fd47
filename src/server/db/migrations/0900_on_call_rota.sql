-- The on-call rota (docs/decisions/095): staff members by account, the days their shift starts on
-- and its hours in the company's time zone, as minutes of the day. An end before the start runs
-- past midnight; 0 to 1440 is all day. `position` is the rota's order: the first shift on call
-- when an urgent request arrives is the one it is assigned to. The settings' bare on-call
-- addresses are carried over by this migration's code step (db/migration-steps.ts).
create table on_call_shifts (
  id uuid primary key default gen_random_uuid(),
  position integer not null unique,
  user_id uuid not null references users (id) on delete cascade,
  days text[] not null check (
    cardinality(days) between 1 and 7 and days <@ array['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']
  ),
  start_minute smallint not null check (start_minute between 0 and 1439),
  end_minute smallint not null check (end_minute between 1 and 1440),
  check (start_minute <> end_minute)
);
create index on_call_shifts_user on on_call_shifts (user_id);
