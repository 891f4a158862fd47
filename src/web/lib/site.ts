import { useRouteLoaderData } from 'react-router';
import type { SiteSettings } from '../../shared/content/settings';
import type { Arrival } from '../../shared/response-time';

/** The site settings the root loader read for this request. */
export function useSiteSettings(): SiteSettings {
  const root = useRouteLoaderData('root') as { settings: SiteSettings } | undefined;
  if (!root) throw new Error('The root loader has not run');
  return root.settings;
}

/** How soon a technician comes, per city, as the public layout's loader read it for this request. */
export function useArrival(): Arrival {
  const layout = useRouteLoaderData('routes/public/layout') as { arrival: Arrival } | undefined;
  if (!layout) throw new Error('The public layout loader has not run');
  return layout.arrival;
}
