import type { ReactNode } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../../root';

const SELLING_POINTS = [
  'Cooling and refrigeration solutions',
  '24/7 availability with prompt service',
  'High-quality electrical maintenance and repairs',
  'Professional installation',
];

/** The login and sign-up pages: the company and its four selling points beside the form. */
export function AuthShell({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const company = root?.settings.companyName ?? 'Our company';
  return (
    <main className="auth-page">
      <section className="auth-intro" aria-labelledby="auth-company">
        <h1 id="auth-company">{company}</h1>
        <ul className="selling-points">
          {SELLING_POINTS.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <Link to="/home" className="auth-home">
          ← Back to the website
        </Link>
      </section>
      <section className="auth-card">{children}</section>
    </main>
  );
}
