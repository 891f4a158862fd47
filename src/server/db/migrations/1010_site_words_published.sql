-- The site's public words in the settings are drafted and published like the content (decision 110).
-- `published_at`: when words last went on the site; a draft begun before it is stale. The operations'
-- settings (where mail goes, sign-in rules) change `updated_at` and leave it alone.
alter table settings add column published_at timestamptz default now();
update settings set published_at = updated_at;
