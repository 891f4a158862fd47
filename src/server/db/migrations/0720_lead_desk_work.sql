-- The lead desk's work on a contact request (docs/decisions/072): when the visit is, who owns it,
-- when to follow up, when the customer first heard from us; the track token sealed so mails to the
-- customer can carry their status link; the queue's indexes; and the request's activity as rows.
alter table contact_messages add column scheduled_at timestamptz;
alter table contact_messages add column assignee uuid;
alter table contact_messages add column follow_up_at timestamptz;
alter table contact_messages add column first_response_at timestamptz;
alter table contact_messages add column track_token_sealed text;

create index contact_messages_stage_service on contact_messages (stage, service, created_at desc, id desc) where deleted_at is null;
create index contact_messages_assignee on contact_messages (assignee, created_at desc, id desc) where deleted_at is null;
create index contact_messages_order_queue on contact_messages ((case when stage = 'new' and urgent = true then 0 when stage = 'new' then 1 else 2 end), (case when case when stage = 'new' and urgent = true then 0 when stage = 'new' then 1 else 2 end < 2 then created_at end), created_at desc, id desc) where deleted_at is null;

-- Notes, stage changes and replies: their own rows, so adding one never changes the request's
-- version (a whole-record PUT made after them still succeeds). The actor's name is kept as it was
-- then; the account may be renamed or deleted later.
create table contact_activity (
  id uuid primary key default gen_random_uuid(),
  message_id uuid not null references contact_messages (id) on delete cascade,
  kind text not null check (kind in ('note', 'stage', 'reply')),
  actor_id uuid,
  actor_name text not null,
  text text,
  from_stage text,
  to_stage text,
  scheduled_at timestamptz,
  notified boolean,
  created_at timestamptz not null default now()
);
create index contact_activity_message on contact_activity (message_id, created_at, id);
