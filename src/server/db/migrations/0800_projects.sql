-- Projects (proof of work): finished jobs, each under one service (by id), with before and after
-- pictures and a short story; derived from the declaration 'project' (npm run migration:print).
-- The newest index is the public lists' order: the latest completion day first.
create table projects (
  id uuid primary key default gen_random_uuid(),
  sort_order integer not null default 0,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  slug text not null unique,
  title text not null,
  service uuid not null,
  area text not null default '',
  completed_on date,
  before text not null default '',
  after text not null default '',
  images jsonb not null default '[]',
  problem text not null default '',
  work text not null default '',
  result text not null default '',
  client uuid,
  testimonial uuid
);
create index projects_newest on projects (completed_on desc nulls last, created_at desc, id desc) where deleted_at is null;

