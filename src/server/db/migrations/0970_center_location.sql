-- Where a service center is on the map, `lat,lng` (kinds/point.ts): the contact page draws it, its
-- structured data gives it as `geo`, Directions go to it. Null leaves the center off the map.
alter table service_centers add column location text;
