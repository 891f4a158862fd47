import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The public website's pages. */
export const publicRoutes: RouteConfigEntry[] = [route('home', 'routes/public/home.tsx')];
