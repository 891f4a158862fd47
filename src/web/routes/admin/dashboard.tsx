import { useEffect } from 'react';
import {
  type ClientLoaderFunctionArgs,
  Link,
  useLoaderData,
  useRevalidator,
  useRouteLoaderData,
} from 'react-router';
import type { UserListItem } from '../../../shared/auth';
import { Spinner } from '../../admin/feedback';
import { optionalRead } from '../../admin/load';
import { adminScreens } from '../../admin/screens';
import type { loader as layoutLoader } from './layout';

export function meta() {
  return [{ title: 'Dashboard | Admin' }];
}

/** The live numbers on the tiles: messages waiting to be read and sign-ups waiting for approval. */
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const [messages, users] = await Promise.all([
    optionalRead<{ totalCount: number }>('/api/contactus?status=Pending&page=1&pageSize=1', request),
    optionalRead<UserListItem[]>('/api/users', request),
  ]);
  return {
    unreadMessages: messages?.totalCount ?? null,
    pendingUsers: users ? users.filter((user) => user.role === 'pending').length : null,
  };
}
clientLoader.hydrate = true as const;

export { ScreenError as ErrorBoundary } from '../../admin/screen-error';

export function HydrateFallback() {
  return <Spinner />;
}

/** How often an open dashboard refreshes its numbers (and whenever the tab comes back into view). */
const REFRESH_MS = 30_000;

const COUNT_LABEL = { unreadMessages: 'unread', pendingUsers: 'waiting for approval' } as const;

export default function Dashboard() {
  const counts = useLoaderData<typeof clientLoader>();
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') void revalidate();
    };
    const timer = setInterval(refresh, REFRESH_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [revalidate]);
  const layout = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout');
  const isAdmin = layout?.user.role === 'admin';
  const screens = adminScreens.filter((screen) => !screen.adminOnly || isAdmin);
  return (
    <section className="screen">
      <header className="screen-header">
        <h1>Dashboard</h1>
      </header>
      <ul className="tiles">
        {screens.map((screen) => {
          const count = screen.count ? counts[screen.count] : null;
          return (
            <li key={screen.path}>
              <Link to={screen.path} className="tile">
                <span className="tile-title">{screen.tile}</span>
                <span className="tile-text">{screen.description}</span>
                {screen.count && count !== null && (
                  <span className={count > 0 ? 'tile-count attention' : 'tile-count'}>
                    {count} {COUNT_LABEL[screen.count]}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
