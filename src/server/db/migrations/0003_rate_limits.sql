-- Fixed-window counters shared by every instance (login attempts, contact messages).
create table rate_limits (
  bucket text not null,
  key text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (bucket, key, window_start)
);
create index rate_limits_window on rate_limits (window_start);
