-- A service center's week of opening hours (a day left out is closed; none set shows no hours)
-- and the areas it serves, shown on its page and in its structured data.
alter table service_centers add column hours jsonb not null default '{}';
alter table service_centers add column areas jsonb not null default '[]';
