-- The records the first start seeded as demo content (docs/decisions/082-go-live-checklist.md): the go-live checklist
-- names those still live, so staff can replace them before customers see the site.
create table demo_records (
  resource text not null,
  record_id text not null,
  primary key (resource, record_id)
);
