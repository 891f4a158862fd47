-- One canonical form for every identity (docs/decisions/010-security.md): the username and the
-- e-mail address are kept beside their canonical form (NFKC, one case folding, NFKC), computed by
-- src/shared/identity.ts, and only the canonical form is looked up, counted and kept unique.
-- SQL's lower() folds some letters otherwise than the server does ('İ'), so it decides nothing.
-- The columns are filled by the code step of this migration (src/server/db/migration-steps.ts),
-- in the same transaction, which then makes the username's form required and the address's
-- form present exactly when the address is.
drop index users_username_lower;
drop index users_email_lower;
alter table users add column username_canonical text;
alter table users add column email_canonical text;
create unique index users_username_canonical on users (username_canonical);
create unique index users_email_canonical on users (email_canonical);
