-- Content types. Every table carries the same bookkeeping columns; declared fields follow.
-- Column names are the declared field names in snake_case (see src/server/content/table.ts).

create table services (
  id uuid primary key default gen_random_uuid(),
  sort_order integer not null default 0,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  slug text not null unique,
  title text not null,
  description text not null,
  service_name text not null check (service_name in ('refrigerator', 'electric', 'cctv', 'paint', 'air_c_m')),
  icon text not null default '',
  images jsonb not null default '[]'
);

create table clients (
  id uuid primary key default gen_random_uuid(),
  sort_order integer not null default 0,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  name text not null,
  phone text not null,
  address text not null,
  images jsonb not null default '[]'
);

create table departments (
  id uuid primary key default gen_random_uuid(),
  sort_order integer not null default 0,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  name text not null,
  description text not null,
  phone text not null default '',
  images text not null default ''
);

create table service_centers (
  id uuid primary key default gen_random_uuid(),
  sort_order integer not null default 0,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  name text not null,
  phone text not null default '',
  address text not null default '',
  images jsonb not null default '[]'
);

create table about_entries (
  id uuid primary key default gen_random_uuid(),
  sort_order integer not null default 0,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  title text not null,
  description text not null,
  images jsonb not null default '[]'
);

create table gallery (
  id uuid primary key default gen_random_uuid(),
  sort_order integer not null default 0,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  title text not null,
  images jsonb not null default '[]'
);

create table team_members (
  id uuid primary key default gen_random_uuid(),
  sort_order integer not null default 0,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  name text not null,
  position text not null,
  bio text not null default '',
  images text not null default ''
);

create table testimonials (
  id uuid primary key default gen_random_uuid(),
  sort_order integer not null default 0,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  name text not null,
  position text not null,
  text text not null,
  rating integer not null default 5 check (rating between 1 and 5),
  image text not null default ''
);

create table contact_messages (
  id uuid primary key default gen_random_uuid(),
  sort_order integer not null default 0,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  name text not null,
  email text not null,
  phone text not null,
  message text not null,
  status text not null default 'Pending' check (status in ('Pending', 'read'))
);
create index contact_messages_newest on contact_messages (created_at desc, id desc) where deleted_at is null;
create index contact_messages_status on contact_messages (status, created_at desc) where deleted_at is null;

-- The site settings: one row of declared values.
create table settings (
  id integer primary key default 1 check (id = 1),
  version integer not null default 1,
  updated_at timestamptz not null default now(),
  data jsonb not null
);

-- Uploaded images: the sanitised original's hash names the file; each width is a WebP variant.
create table media (
  hash text primary key,
  width integer not null,
  height integer not null,
  created_at timestamptz not null default now(),
  created_by uuid
);
create table media_variants (
  hash text not null references media (hash) on delete cascade,
  width integer not null,
  bytes bytea not null,
  primary key (hash, width)
);

-- Staff accounts and their sessions.
create table users (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  username text not null,
  password_hash text not null,
  role text not null check (role in ('admin', 'editor', 'pending')),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_username_lower on users (lower(username));

create table sessions (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_user on sessions (user_id);
