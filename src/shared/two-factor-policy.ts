import { isApprovedStaff, type Role } from './roles';

/** Who must sign in with a second factor: the site setting's choices. */
export const TWO_FACTOR_REQUIREMENTS = ['nobody', 'admins', 'staff'] as const;
export type TwoFactorRequirement = (typeof TWO_FACTOR_REQUIREMENTS)[number];
export const twoFactorRequirementLabels: Record<TwoFactorRequirement, string> = {
  nobody: 'Nobody (each person chooses)',
  admins: 'Admins',
  staff: 'All staff',
};

/** Whether the setting asks a person of `role` for two-factor sign-in. */
export function twoFactorRequiredFor(requirement: string | undefined, role: Role): boolean {
  if (requirement === 'staff') return isApprovedStaff({ role });
  if (requirement === 'admins') return role === 'admin';
  return false;
}
