import { redirect } from 'react-router';
import { isSlug } from '../../../shared/constants';
import type { Route } from './+types/service-detail-redirect';

/**
 * The old address of a service's page. The old app handed the service over in its own history
 * state, which a page served as HTML never has: `?service=<slug>` goes to that service's page,
 * anything else to the list.
 */
export function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).searchParams.get('service') ?? '';
  // A slug is letters, digits and dashes: the address stays a path of this site.
  if (isSlug(slug)) return redirect(`/services/${slug}`, 301);
  return redirect('/services', 301);
}
