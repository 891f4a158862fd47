-- Accounts on the open internet (issue: staff accounts).
-- An optional e-mail address per account, unique without regard to case: where reset links,
-- e-mail-change confirmations and new-device notices go. Set only once confirmed.
alter table users add column email text;
create unique index users_email_lower on users (lower(email));

-- What a session was started from, so that its owner can recognise it on My account:
-- the browser's user agent (cut to 400 characters) and the client address.
alter table sessions add column user_agent text not null default '';
alter table sessions add column ip text not null default '';
