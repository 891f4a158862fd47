-- A service page that answers a customer's questions: price guidance, typical duration, how it
-- works, FAQs and related services (each related service by its id). A testimonial may name the
-- service it praises, by id; no foreign key, so a trashed service can come back from the trash.
alter table services add column price text not null default '';
alter table services add column duration text not null default '';
alter table services add column steps jsonb not null default '[]';
alter table services add column faqs jsonb not null default '[]';
alter table services add column related jsonb not null default '[]';
alter table testimonials add column service uuid;
