-- A visitor's photos of a fault (docs/decisions/074). A photo is stored unclaimed, known by the
-- SHA-256 of the token its sender was told, and claimed by the message it was sent with; the
-- sweep removes unclaimed ones, and purging the message removes its photos with it.
create table contact_photos (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  message_id uuid references contact_messages (id) on delete cascade,
  position integer,
  width integer not null,
  height integer not null,
  bytes bytea not null,
  created_at timestamptz not null default now(),
  unique (message_id, position)
);
create index contact_photos_unclaimed on contact_photos (created_at) where message_id is null;
