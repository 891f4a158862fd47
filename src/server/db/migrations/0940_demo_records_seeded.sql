-- What each demo record said when it was seeded (docs/decisions/099): its whole row as the seed
-- wrote it, so the go-live checklist can tell a demo record the owner rewrote (title, and its words
-- or pictures) from one still saying the demo's. Rows seeded before this migration take the
-- record as it is now, in this migration's code step (db/migration-steps.ts).
alter table demo_records add column seeded jsonb;
