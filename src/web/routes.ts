import { index, type RouteConfig } from '@react-router/dev/routes';
import { adminRoutes } from './routes/admin/routes';
import { publicRoutes } from './routes/public/routes';

export default [
  index('routes/public/index-redirect.ts'),
  ...publicRoutes,
  ...adminRoutes,
] satisfies RouteConfig;
