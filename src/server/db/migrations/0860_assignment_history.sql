-- A request's assignment in its history (docs/decisions/091): who it went to and who had it before,
-- by their names as they were then (accounts are renamed and deleted later); null is nobody.
alter table contact_activity drop constraint contact_activity_kind_check;
alter table contact_activity add constraint contact_activity_kind_check
  check (kind in ('note', 'stage', 'reply', 'assign'));
alter table contact_activity add column assigned_to text;
alter table contact_activity add column assigned_from text;
