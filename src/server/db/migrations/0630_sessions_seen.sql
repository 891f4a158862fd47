-- Sessions you can see (issue: staff accounts).
-- A name for each session that is not its token: My account and the Users screen list sessions
-- and end one by this id; the token's hash never leaves the server.
alter table sessions add column id uuid not null default gen_random_uuid();
create unique index sessions_id on sessions (id);

-- The devices (browser and system, as My account names them) and addresses each account has
-- signed in from. A sign-in from a pair not seen before e-mails the account's owner.
create table known_devices (
  user_id uuid not null references users (id) on delete cascade,
  device text not null,
  ip text not null,
  first_seen timestamptz not null default now(),
  primary key (user_id, device, ip)
);
