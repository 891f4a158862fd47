-- Secrets every instance of the site must share (the XSRF key, later VAPID keys and the setup
-- code): the first instance that needs one generates it, every other instance reads it.
create table server_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
