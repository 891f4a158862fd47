-- Urgent requests page a person (lead desk). `escalated_at` is set, in the same transaction as the
-- ESCALATED mail it queues, by the one instance that claims a request still new after
-- URGENT_ESCALATE_MINUTES: the claim is the update itself, so the mail goes once (decision 073).
alter table contact_messages add column escalated_at timestamptz;
-- Requests older than paging were never paged: nobody is told of them as if they were late now.
update contact_messages set escalated_at = created_at where urgent;
create index contact_messages_urgent_open on contact_messages (created_at)
  where urgent and escalated_at is null and deleted_at is null;

-- Browser push subscriptions of staff (Web Push). One row per browser endpoint; the keys are the
-- browser's public key and auth secret, which only let us encrypt messages to it.
create table push_subscriptions (
  endpoint text primary key,
  user_id uuid not null references users (id) on delete cascade,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index push_subscriptions_user on push_subscriptions (user_id);
