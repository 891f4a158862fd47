import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** A screen that could not load says why inside the admin layout, which keeps its navigation. */
export function ScreenError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? error.status === 404
      ? 'There is no admin screen at this address.'
      : `The server answered ${error.status}.`
    : error instanceof Error
      ? error.message
      : 'Something went wrong!';
  return (
    <section className="screen admin-error">
      <h1>This screen could not be shown</h1>
      <p role="alert">{message}</p>
      <p>
        <Link to="/dashboard">Back to the dashboard</Link>
      </p>
    </section>
  );
}
