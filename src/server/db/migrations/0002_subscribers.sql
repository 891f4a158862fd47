-- Footer newsletter subscribers: one live row per address, whatever its case.
create table subscribers (
  id uuid primary key default gen_random_uuid(),
  sort_order integer not null default 0,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  email text not null
);
create unique index subscribers_email_live on subscribers (lower(email)) where deleted_at is null;
create index subscribers_newest on subscribers (created_at desc, id desc) where deleted_at is null;
