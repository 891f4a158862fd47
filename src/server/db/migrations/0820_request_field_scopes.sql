-- A key's scope follows the request's field groups (decision 010): `leads:write` moves a request
-- along; handing it to someone (`leads:assign`) and correcting the customer's details
-- (`leads:contact`) are scopes of their own. The scope list is shared/api-keys.ts's, in its order.
alter table api_keys drop constraint api_keys_scopes_check;
alter table api_keys add constraint api_keys_scopes_check check (
  cardinality(scopes) > 0
  and scopes <@ array['content:read', 'content:write', 'leads:read', 'leads:write', 'leads:assign', 'leads:contact', 'leads:reply']::text[]
);
-- `leads:write` was described as changing the assignee: keys made under those words keep that, and
-- nothing more (never the customer's details, which its words never named).
update api_keys set scopes = scopes || array['leads:assign']::text[]
 where 'leads:write' = any(scopes) and not 'leads:assign' = any(scopes);

-- The address the customer gave when filing, kept apart from the e-mail field staff may correct:
-- replies, stage mails and the track link go here only. Set in the request's own transaction.
alter table contact_messages add column filed_email text;
update contact_messages set filed_email = email;
