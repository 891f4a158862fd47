-- Contact requests (issue: lead desk). What a visitor may add to a message, where it stands, and
-- how the visitor follows it: a short reference and the SHA-256 of the private track link's token.
alter table contact_messages add column urgent boolean not null default false;
alter table contact_messages add column area text not null default '';
alter table contact_messages add column preferred_time text not null default '';
alter table contact_messages add column stage text not null default 'new'
  check (stage in ('new', 'contacted', 'scheduled', 'done', 'lost'));
-- Messages sent before this migration keep a null reference and have no track link: nobody was
-- ever told one, so none is made up for them (docs/decisions/071).
alter table contact_messages add column reference text unique;
alter table contact_messages add column track_token_hash text unique;
