-- Stored files (pictures, visitors' photos) as chunks of at most 64 KB (decision 010): on the
-- embedded database one statement holds the one connection and the server's thread, so a picture
-- written or read in one piece stalled every other request for seconds. A blob is written chunk by
-- chunk, each its own short statement, before the row that keeps it; a blob no row keeps is swept.
create table blobs (
  id uuid primary key default gen_random_uuid(),
  size integer not null check (size >= 0),
  -- Set when a row that keeps it refers to it (the trigger below); never-kept blobs are swept.
  kept boolean not null default false,
  created_at timestamptz not null default now()
);
create index blobs_unkept on blobs (created_at) where not kept;

create table blob_chunks (
  blob_id uuid not null references blobs (id) on delete cascade,
  n integer not null check (n >= 0),
  bytes bytea not null,
  primary key (blob_id, n)
);
-- Pictures are compressed already: trying to compress them again is wasted time.
alter table blob_chunks alter column bytes set storage external;

-- A row that keeps a blob marks it kept; deleting the row (or pointing it elsewhere) deletes the
-- blob, so purging a request removes its photos' bytes with it.
create function keep_blob() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and (tg_op = 'DELETE' or old.blob_id is distinct from new.blob_id) then
    delete from blobs where id = old.blob_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update blobs set kept = true where id = new.blob_id and not kept;
  end if;
  return null;
end;
$$;

-- The bytes already stored move into chunks.
alter table media_variants add column blob_id uuid;
update media_variants set blob_id = gen_random_uuid();
alter table contact_photos add column blob_id uuid;
update contact_photos set blob_id = gen_random_uuid();
insert into blobs (id, size, kept)
  select blob_id, length(bytes), true from media_variants
  union all
  select blob_id, length(bytes), true from contact_photos;
insert into blob_chunks (blob_id, n, bytes)
  select v.blob_id, c.n, substring(v.bytes from c.n * 65536 + 1 for 65536)
    from media_variants v, generate_series(0, greatest(length(v.bytes) - 1, 0) / 65536) as c (n)
  union all
  select p.blob_id, c.n, substring(p.bytes from c.n * 65536 + 1 for 65536)
    from contact_photos p, generate_series(0, greatest(length(p.bytes) - 1, 0) / 65536) as c (n);

alter table media_variants drop column bytes;
alter table media_variants alter column blob_id set not null;
alter table media_variants add constraint media_variants_blob foreign key (blob_id) references blobs (id);
create unique index media_variants_blob_id on media_variants (blob_id);
create trigger media_variants_keep_blob after insert or update of blob_id or delete on media_variants
  for each row execute function keep_blob();

alter table contact_photos drop column bytes;
alter table contact_photos alter column blob_id set not null;
alter table contact_photos add constraint contact_photos_blob foreign key (blob_id) references blobs (id);
create unique index contact_photos_blob_id on contact_photos (blob_id);
create trigger contact_photos_keep_blob after insert or update of blob_id or delete on contact_photos
  for each row execute function keep_blob();
