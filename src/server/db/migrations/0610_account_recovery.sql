-- Account recovery (issue: staff accounts). Tokens are random and mailed once; only their SHA-256
-- is stored, like sessions. A reset link works once, for 30 minutes; using it voids the others.
create table password_resets (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_resets_user on password_resets (user_id);

-- An address waiting for its owner to open the link mailed to it; it becomes users.email then.
-- One pending change per account: asking again replaces it.
create table email_changes (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  new_email text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index email_changes_user on email_changes (user_id);
