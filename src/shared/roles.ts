/**
 * The roles of the site, named once. The server's checks, the API schemas and the Users screen all
 * read them from here; the `users.role` check in migration 0001 is the database's copy.
 */

/**
 * What an approved staff member may be; what each may do is shared/permissions.ts's declaration.
 * An admin does everything, the office runs the desk and the site, an editor the public content, a
 * technician their own jobs.
 */
export const STAFF_ROLES = ['admin', 'office', 'editor', 'technician'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Every role an account can hold: a sign-up after the first waits as `pending` until approved. */
export const ROLES = [...STAFF_ROLES, 'pending'] as const;
export type Role = (typeof ROLES)[number];

/** Whether someone is signed in and approved: a pending account is no more trusted than a visitor. */
export function isApprovedStaff(user: { role: Role } | null | undefined): user is { role: StaffRole } {
  return user != null && (STAFF_ROLES as readonly string[]).includes(user.role);
}
