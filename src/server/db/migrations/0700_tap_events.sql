-- Taps on the Call and WhatsApp links (lead desk), counted without tracking anyone: one row per
-- day and kind of tap, and a count. No address, no browser, no time of day, nothing that tells
-- one visitor from another.
create table tap_counts (
  day date not null,
  type text not null check (type in ('call', 'whatsapp')),
  count integer not null default 0 check (count >= 0),
  primary key (day, type)
);
