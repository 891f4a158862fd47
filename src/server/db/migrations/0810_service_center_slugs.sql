-- Service centers become places with pages of their own (/serviceCenter/<slug>): each gets a slug
-- made from its name by the rule the repository uses for new records (slugify in
-- src/shared/constants.ts, made unique by uniqueSlug in src/server/content/repository.ts):
-- accents dropped, lower case, runs of anything but a-z and 0-9 as one dash, at most 80
-- characters, 'item' when nothing is left; a slug already taken gets -2, -3, ... Centers are named
-- in their listed order, so the first one listed keeps the plain slug. Trashed centers get one too:
-- the column is unique across all rows, as for services.
alter table service_centers add column slug text;

do $$
declare
  center record;
  base text;
  candidate text;
  n integer;
begin
  for center in select id, name from service_centers order by sort_order, created_at, id loop
    base := regexp_replace(
      lower(regexp_replace(normalize(center.name, NFKD), '[\u0300-\u036f]', '', 'g')),
      '[^a-z0-9]+', '-', 'g');
    base := regexp_replace(left(regexp_replace(base, '^-|-$', '', 'g'), 80), '-$', '');
    if base = '' then
      base := 'item';
    end if;
    candidate := base;
    n := 1;
    while exists (select 1 from service_centers where slug = candidate) loop
      n := n + 1;
      candidate := base || '-' || n;
    end loop;
    update service_centers set slug = candidate where id = center.id;
  end loop;
end
$$;

alter table service_centers alter column slug set not null;
alter table service_centers add constraint service_centers_slug_key unique (slug);
