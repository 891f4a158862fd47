-- The service a visitor asked about ("Request this service" on a service's page): its slug, or
-- null when the message names none. Older messages name none.
alter table contact_messages add column service text;
