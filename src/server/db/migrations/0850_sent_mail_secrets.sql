-- A mail that carries a secret link (a reset, a confirmation, a request's status page, a
-- subscriber's links) is marked when it is queued; once delivered its body and headers keep the
-- links with the secrets replaced, and maintenance deletes delivered mail after 30 days
-- (decision 010, "Sent secrets are not kept").
alter table mail_outbox add column carries_secret boolean not null default false;
create index mail_outbox_sent on mail_outbox (sent_at) where sent_at is not null;

-- Mail delivered before this migration: the secret links of that time (src/shared/secret-links.ts)
-- lose their secrets here, once.
update mail_outbox
   set body = regexp_replace(
         regexp_replace(body, '(/track/)[A-Za-z0-9_%~.-]+', '\1[redacted]', 'g'),
         '([?&](token|code)=)[^&[:space:]"<>]+', '\1[redacted]', 'gi'),
       headers = regexp_replace(headers::text, '([?&](token|code)=)[^&[:space:]"<>]+', '\1[redacted]', 'gi')::jsonb
 where sent_at is not null;
