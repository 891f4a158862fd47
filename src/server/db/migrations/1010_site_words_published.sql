-- The site's public words in the settings are drafted and published like the content (decision 110).
-- `published_at`: when words last went on the site; a draft begun before it is stale.
-- `words_version`: the words' own version, which a draft of them is checked against. The operations'
-- settings (where mail goes, sign-in rules) change the row's `version` and `updated_at` and leave
-- both alone, so saving one never makes the words' draft stale or refused.
alter table settings add column published_at timestamptz default now();
alter table settings add column words_version integer not null default 1;
update settings set published_at = updated_at;
