import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/public/index-redirect.ts'),
  route('home', 'routes/public/home.tsx'),
  route('*', 'routes/public/not-found.tsx'),
] satisfies RouteConfig;
