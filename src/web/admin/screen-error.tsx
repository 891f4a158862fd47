import { isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from 'react-router';
import type { PublicUser } from '../../shared/auth';
import { adminScreens, homeFor } from './screens';

/** What a screen's loader throws (status 404) for a record that is not there for this person. */
export interface ScreenNotFound {
  title: string;
  message: string;
}

const notFoundOf = (data: unknown): ScreenNotFound | null =>
  data && typeof data === 'object' && 'title' in data && 'message' in data ? (data as ScreenNotFound) : null;

/** A screen that could not load says why inside the admin layout, which keeps its navigation. */
export function ScreenError() {
  const error = useRouteError();
  const user = useRouteLoaderData<{ user: PublicUser }>('routes/admin/layout')?.user;
  const home = user ? homeFor(user.role) : '/dashboard';
  const homeLabel = adminScreens.find((screen) => screen.path === home)?.label ?? 'the dashboard';
  const notFound = isRouteErrorResponse(error) && error.status === 404 ? notFoundOf(error.data) : null;
  const message = isRouteErrorResponse(error)
    ? error.status === 404
      ? 'There is no admin screen at this address.'
      : `The server answered ${error.status}.`
    : error instanceof Error
      ? error.message
      : 'Something went wrong!';
  return (
    <section className="screen admin-error">
      <h1>{notFound?.title ?? 'This screen could not be shown'}</h1>
      <p role="alert">{notFound?.message ?? message}</p>
      <p>
        <Link to={home}>Back to {homeLabel}</Link>
      </p>
    </section>
  );
}
