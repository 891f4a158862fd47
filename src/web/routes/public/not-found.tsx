import { data } from 'react-router';
import { NotFoundContent } from '../../components/page-error';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/not-found';

// Answered with status 404 and the site's header and footer, so the visitor can go on from here.
export function loader() {
  return data({ missing: true }, { status: 404 });
}

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args, {
      title: 'Page not found',
      description:
        'The page you asked for does not exist. Find our services, service centers and contact details here.',
    }).filter((tag) => !('tagName' in tag)),
    { name: 'robots', content: 'noindex' },
  ];
}

export default function NotFound() {
  return <NotFoundContent />;
}
