-- The audit row is written in the change's own transaction and says what changed: the record's
-- name and, per changed field, its value before and after (only the field's name for personal
-- data and secrets). `fields` keeps the changed fields' names, as before.
alter table audit_log add column record_name text;
alter table audit_log add column changes jsonb not null default '[]';
