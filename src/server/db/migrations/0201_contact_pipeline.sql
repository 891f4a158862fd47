-- Messages whose honeypot field came filled in: kept, flagged, hidden from the inbox by default.
alter table contact_messages add column spam boolean not null default false;

-- E-mails to send, written in the same transaction as the record they announce, so a message is
-- never stored without its notification or notified without being stored. Any instance may send
-- a due row; `for update skip locked` and a lease in next_attempt_at keep two from sending one.
create table mail_outbox (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  resource text not null,
  record_id text not null,
  to_address text not null,
  reply_to text,
  subject text not null,
  body text not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  sent_at timestamptz
);
create index mail_outbox_due on mail_outbox (next_attempt_at) where sent_at is null;
