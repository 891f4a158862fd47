-- A service's facts (a one-sentence summary, day and night call-out prices in rupees, its
-- warranty), a customer's area beside their testimonial, and a center's own response time
-- (docs/decisions/101). The old free-text price stays as a note.
alter table services add column summary text not null default '';
alter table services add column callout_price integer check (callout_price between 0 and 10000000);
alter table services add column night_price integer check (night_price between 0 and 10000000);
alter table services add column warranty text not null default '';
alter table testimonials add column area text not null default '';
alter table service_centers add column response_time text not null default '';
