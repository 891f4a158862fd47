-- Clients as proof of work: one line of what we did for each, shown on the public card (their
-- own phone number is staff-only from now on, by its declaration).
alter table clients add column work text not null default '';

-- A gallery picture says what it shows: each of an album's addresses becomes a row of a picture,
-- its caption (until staff write one, the album's title and the picture's place in it) and the
-- project it belongs to (none yet).
create function pg_temp.captioned(title text, images jsonb) returns jsonb language sql immutable as $$
  select coalesce(
    jsonb_agg(
      jsonb_build_object('image', picture, 'caption', title || ', photo ' || position, 'project', null)
      order by position
    ),
    '[]'::jsonb
  )
  from jsonb_array_elements_text(images) with ordinality as pictures(picture, position)
$$;

update gallery set images = pg_temp.captioned(title, images)
 where jsonb_typeof(images) = 'array'
   and exists (select 1 from jsonb_array_elements(images) e where jsonb_typeof(e) = 'string');

-- The demo album as the seed wrote it, converted the same way: an album nobody changed still
-- counts as the demo's on the go-live checklist.
update demo_records set seeded = jsonb_set(
    seeded, '{images}', pg_temp.captioned(seeded->>'title', seeded->'images'))
 where resource = 'gallery'
   and jsonb_typeof(seeded->'images') = 'array'
   and exists (select 1 from jsonb_array_elements(seeded->'images') e where jsonb_typeof(e) = 'string');
