-- Roles that fit a service company (docs/decisions/092): admin, office, editor, technician. What
-- each may do is shared/permissions.ts's declaration; the database only knows the names.
alter table users drop constraint users_role_check;
alter table users add constraint users_role_check
  check (role in ('admin', 'office', 'editor', 'technician', 'pending'));

-- Until now an editor could do everything but manage people and settings: that is the office's
-- role now, so nobody loses a right in the upgrade. Each move is in the audit log, by the upgrade.
insert into audit_log (actor_name, action, resource, record_id, fields, record_name, changes)
select 'Upgrade to staff roles', 'role', 'users', id::text, '["role"]', username,
       '[{"field": "role", "before": "editor", "after": "office"}]'
  from users where role = 'editor';
update users set role = 'office' where role = 'editor';
