import { layout, type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The public website's pages, inside the layout with the header, footer and app shell. */
export const publicRoutes: RouteConfigEntry[] = [
  layout('routes/public/layout.tsx', [
    route('home', 'routes/public/home.tsx'),
    route('services', 'routes/public/services.tsx'),
    route('services/:slug', 'routes/public/service.tsx'),
    route('serviceDetail', 'routes/public/service-detail-redirect.ts'),
    route('projects', 'routes/public/projects.tsx'),
    route('projects/:slug', 'routes/public/project.tsx'),
    route('serviceCenter', 'routes/public/service-centers.tsx'),
    route('serviceCenter/:slug', 'routes/public/service-center.tsx'),
    route('department', 'routes/public/department-redirect.ts'),
    route('about', 'routes/public/about.tsx'),
    route('client', 'routes/public/clients.tsx'),
    route('gallery', 'routes/public/gallery.tsx'),
    route('contact', 'routes/public/contact.tsx'),
    route('subscription/:step', 'routes/public/subscription.tsx'),
    route('track/:token', 'routes/public/track.tsx'),
    route('offline', 'routes/public/offline.tsx'),
    route('*', 'routes/public/not-found.tsx'),
  ]),
];
