import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** What a visitor sees when a page is missing or failed: where to go instead. */
export function PageError() {
  const error = useRouteError();
  const missing = !error || (isRouteErrorResponse(error) && error.status === 404);
  return <NotFoundContent missing={missing} />;
}

export function NotFoundContent({ missing = true }: { missing?: boolean }) {
  return (
    <section className="section not-found" aria-labelledby="not-found-title">
      <div className="container narrow">
        <p className="eyebrow">{missing ? 'Error 404' : 'Error'}</p>
        <h1 id="not-found-title">{missing ? 'Page not found' : 'Something went wrong'}</h1>
        <p className="lead">
          {missing
            ? 'The page you asked for does not exist or has moved. These pages may help:'
            : 'This page could not be shown right now. Please try again in a moment, or go to:'}
        </p>
        <ul className="link-cards">
          <li>
            <Link to="/home">Home page</Link>
          </li>
          <li>
            <Link to="/services">All services</Link>
          </li>
          <li>
            <Link to="/serviceCenter">Service centers</Link>
          </li>
          <li>
            <Link to="/contact">Contact us</Link>
          </li>
        </ul>
      </div>
    </section>
  );
}
