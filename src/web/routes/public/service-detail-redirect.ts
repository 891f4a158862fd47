import { redirect } from 'react-router';
import { isSlug } from '../../../shared/constants';
import { servicePath } from '../../../shared/seo/public-pages';
import type { Route } from './+types/service-detail-redirect';

/**
 * The old address of a service's page. The old app handed the service over in its own history
 * state, which a page served as HTML never has: `?service=<slug>` goes to that service's page,
 * anything else to the list.
 */
export function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).searchParams.get('service') ?? '';
  return redirect(isSlug(slug) ? servicePath(slug) : '/services', 301);
}
