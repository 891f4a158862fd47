-- A request "seen by" the first staff member who opened it, and replies sent on WhatsApp, in the
-- request's history (docs/decisions/100). A reply's channel: null on rows from before, which were
-- all e-mail.
alter table contact_activity drop constraint contact_activity_kind_check;
alter table contact_activity add constraint contact_activity_kind_check
  check (kind in ('note', 'stage', 'reply', 'assign', 'seen'));
alter table contact_activity add column channel text check (channel in ('email', 'whatsapp'));
