-- A service center's emergency line, answered 24/7: its page offers it outside the opening hours
-- (docs/decisions/098). Empty means the center has none.
alter table service_centers add column emergency_phone text not null default '';
