-- API keys (decision 081): an integration's way in, with scopes instead of a role. Only the
-- secret's sha256 is kept; `prefix` is the secret's first characters, shown so an admin can tell
-- keys apart and recognise a leaked one. A key limited to a staff member sees only the requests
-- assigned to them; it ends with their account. A revoked key keeps its row for the audit log's sake.
create table api_keys (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  prefix text not null,
  secret_hash text not null,
  scopes text[] not null check (
    cardinality(scopes) > 0
    and scopes <@ array['content:read', 'content:write', 'leads:read', 'leads:write', 'leads:reply']::text[]
  ),
  user_id uuid references users (id) on delete cascade,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create unique index api_keys_secret_hash on api_keys (secret_hash);
