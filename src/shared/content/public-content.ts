/**
 * The public content types by name, the list the role declaration gives rights on
 * (shared/permissions.ts). Kept apart from the declarations so the rights can name them without a
 * cycle; public-content.test.ts checks it is exactly the types anyone may list.
 */
export const PUBLIC_CONTENT_NAMES = [
  'service',
  'client',
  'servicecenter',
  'department',
  'aboutus',
  'gallery',
  'team',
  'testimonial',
  'project',
] as const;
export type PublicContentName = (typeof PUBLIC_CONTENT_NAMES)[number];
