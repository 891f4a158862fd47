-- Double opt-in. A subscriber is confirmed once they follow the link mailed to them; until then
-- they get no other mail, and seven days after the confirmation was sent they are removed.
-- Links carry random tokens; only their SHA-256 hashes are stored. Rows from before this
-- migration had no confirmation sent, so they wait (nothing is removed) like rows made without SMTP.
alter table subscribers add column confirmed boolean not null default false;
alter table subscribers add column confirmation_sent_at timestamptz;
alter table subscribers add column confirm_token_hash text;
alter table subscribers add column unsubscribe_token_hash text;
create unique index subscribers_confirm_token on subscribers (confirm_token_hash)
  where confirm_token_hash is not null;
create unique index subscribers_unsubscribe_token on subscribers (unsubscribe_token_hash)
  where unsubscribe_token_hash is not null;
create index subscribers_unconfirmed on subscribers (confirmation_sent_at)
  where not confirmed and confirmation_sent_at is not null;

-- Extra mail headers (List-Unsubscribe for mail to subscribers), sent as they are.
alter table mail_outbox add column headers jsonb not null default '{}'::jsonb;
