import type { RouteConfigEntry } from '@react-router/dev/routes';

/** Login, sign-up and the staff area. */
export const adminRoutes: RouteConfigEntry[] = [];
