-- Searching the inbox and the subscriber list at 100,000 rows: trigram indexes on the same text
-- the list query searches (the declared search fields joined by spaces, see
-- src/server/content/repository.ts), so a `q=` finds its rows without reading the table.
create extension if not exists pg_trgm;

create index contact_messages_search on contact_messages
  using gin ((name || ' ' || email || ' ' || phone || ' ' || message) gin_trgm_ops)
  where deleted_at is null;

create index subscribers_search on subscribers using gin (email gin_trgm_ops) where deleted_at is null;
