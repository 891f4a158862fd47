-- The dashboard's "what is open" figures (docs/decisions/076) read only the open rows they count:
-- urgent requests not done or lost, and follow-ups of open requests, however many requests are closed.
create index contact_messages_open_urgent on contact_messages (created_at desc)
  where deleted_at is null and urgent and stage not in ('done', 'lost');
create index contact_messages_follow_up on contact_messages (follow_up_at)
  where deleted_at is null and follow_up_at is not null and stage not in ('done', 'lost');
