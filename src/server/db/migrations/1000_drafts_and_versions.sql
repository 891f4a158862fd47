-- Drafts, versions, schedules and moved addresses of the public content (decision 109).
--
-- A row's values are what visitors see; `published_at` says they are on the site (null: created as a
-- draft, or taken off). Every record already stored was public, so it counts as published when it
-- was last changed.
alter table services add column published_at timestamptz default now();
update services set published_at = updated_at;
alter table clients add column published_at timestamptz default now();
update clients set published_at = updated_at;
alter table departments add column published_at timestamptz default now();
update departments set published_at = updated_at;
alter table service_centers add column published_at timestamptz default now();
update service_centers set published_at = updated_at;
alter table about_entries add column published_at timestamptz default now();
update about_entries set published_at = updated_at;
alter table gallery add column published_at timestamptz default now();
update gallery set published_at = updated_at;
alter table team_members add column published_at timestamptz default now();
update team_members set published_at = updated_at;
alter table testimonials add column published_at timestamptz default now();
update testimonials set published_at = updated_at;
alter table projects add column published_at timestamptz default now();
update projects set published_at = updated_at;

-- At most one working draft per record: the editable fields' values as the draft holds them, its
-- own version for If-Match, and the record's `published_at` when it was begun (a publish since
-- makes it stale). `publish_at`: when the job queue is to publish it (the job is keyed by record).
create table content_drafts (
  resource text not null,
  record_id uuid not null,
  field_values jsonb not null,
  version integer not null,
  based_on timestamptz,
  updated_at timestamptz not null default now(),
  updated_by uuid,
  publish_at timestamptz,
  scheduled_by uuid,
  primary key (resource, record_id)
);

-- Every publish keeps the values it put on the site, numbered per record from 1; the oldest beyond
-- VERSIONS_KEPT are dropped at the next publish.
create table content_versions (
  resource text not null,
  record_id uuid not null,
  n integer not null,
  field_values jsonb not null,
  fields jsonb not null default '[]'::jsonb,
  published_at timestamptz not null default now(),
  published_by uuid,
  published_by_name text,
  primary key (resource, record_id, n)
);

-- An address a record had before its slug changed: it answers 301 to the record's address now.
create table slug_redirects (
  resource text not null,
  slug text not null,
  record_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (resource, slug)
);
create index slug_redirects_record on slug_redirects (resource, record_id);

-- A page of a long list in display order (a staff screen's `?page=`) is one index range, not a sort.
create index services_position on services (sort_order, created_at, id) where deleted_at is null;
create index clients_position on clients (sort_order, created_at, id) where deleted_at is null;
create index departments_position on departments (sort_order, created_at, id) where deleted_at is null;
create index service_centers_position on service_centers (sort_order, created_at, id) where deleted_at is null;
create index about_entries_position on about_entries (sort_order, created_at, id) where deleted_at is null;
create index gallery_position on gallery (sort_order, created_at, id) where deleted_at is null;
create index team_members_position on team_members (sort_order, created_at, id) where deleted_at is null;
create index testimonials_position on testimonials (sort_order, created_at, id) where deleted_at is null;
