import { layout, type RouteConfigEntry, route } from '@react-router/dev/routes';
import { listedTypes } from '../../admin/screens';

/**
 * Login, sign-up and the staff area. Every screen below the layout is behind its guard; each
 * declared content type gets the one generic list screen at the path its declaration names.
 */
export const adminRoutes: RouteConfigEntry[] = [
  route('login', 'routes/admin/login.tsx'),
  route('signup', 'routes/admin/signup.tsx'),
  route('logout', 'routes/admin/logout.tsx'),
  // Account recovery: ask for a link, use it, confirm a new address.
  route('forgot', 'routes/admin/forgot.tsx'),
  route('reset', 'routes/admin/reset.tsx'),
  route('confirm-email', 'routes/admin/confirm-email.tsx'),
  // The page behind a staff invitation's link: accept, and land signed in.
  route('invite', 'routes/admin/invite.tsx'),
  layout('routes/admin/layout.tsx', [
    route('dashboard', 'routes/admin/dashboard.tsx'),
    route('message', 'routes/admin/messages.tsx'),
    route('message/:id', 'routes/admin/message.tsx'),
    route('my-jobs', 'routes/admin/my-jobs.tsx'),
    route('users', 'routes/admin/users.tsx'),
    route('api-keys', 'routes/admin/api-keys.tsx'),
    route('on-call', 'routes/admin/on-call.tsx'),
    route('settings', 'routes/admin/settings.tsx'),
    route('trash', 'routes/admin/trash.tsx'),
    route('audit', 'routes/admin/audit.tsx'),
    route('jobs', 'routes/admin/jobs.tsx'),
    route('account', 'routes/admin/account.tsx'),
    ...listedTypes.map((def) =>
      route(def.admin.path.slice(1), 'routes/admin/content-list.tsx', { id: `admin/${def.name}` }),
    ),
  ]),
];
