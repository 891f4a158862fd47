-- Staff invitations (docs/decisions/093): an admin invites an address with a role, and the mailed
-- link creates the account. Only the token's SHA-256 is kept, as for reset links; a resend
-- replaces it, so the earlier link ends. An invitation ends accepted or revoked, and stays for the
-- record; the address and name are removed with it when maintenance purges ended ones.
create table invitations (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  email_canonical text not null,
  name text,
  role text not null check (role in ('admin', 'office', 'editor', 'technician')),
  token_hash text not null unique,
  invited_by uuid references users (id) on delete set null,
  sent_at timestamptz not null default now(),
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  accepted_at timestamptz,
  accepted_by uuid references users (id) on delete set null,
  revoked_at timestamptz
);
-- One open invitation per address, in any spelling of it (shared/identity.ts).
create unique index invitations_open_email on invitations (email_canonical)
  where accepted_at is null and revoked_at is null;
