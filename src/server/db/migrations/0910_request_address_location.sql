-- A request may come with a phone and no e-mail (decision 096): an address left out is stored as ''.
alter table contact_messages alter column email set default '';
-- Where the technician drives to: a street address, and a maps link or a latitude,longitude.
alter table contact_messages add column address text not null default '';
alter table contact_messages add column location text not null default '';
