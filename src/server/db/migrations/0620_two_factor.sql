-- Two-factor sign-in (TOTP, RFC 6238) for staff accounts (issue: staff accounts).
-- Secrets are encrypted with SECRET_KEY (AES-256-GCM, `v1:<iv>:<tag>:<ciphertext>`): a dump holds
-- no usable secret, and a restore needs the same key.
alter table users add column totp_secret_enc text;
-- A secret made by "Turn on" that waits for its first code; it replaces nothing until confirmed.
alter table users add column totp_pending_enc text;
alter table users add column totp_enabled_at timestamptz;
-- The last accepted 30-second step: a code of that step or an earlier one is refused (replay).
alter table users add column totp_last_step bigint;

-- Ten single-use codes per account; only their SHA-256 is stored.
create table recovery_codes (
  user_id uuid not null references users (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  primary key (user_id, code_hash)
);

-- Between a right password and a right code: a ticket lives 5 minutes and is used once.
create table login_tickets (
  ticket_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  attempts integer not null default 0
);
create index login_tickets_expires on login_tickets (expires_at);
