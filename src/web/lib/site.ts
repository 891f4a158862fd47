import { useRouteLoaderData } from 'react-router';
import type { SiteSettings } from '../../shared/content/settings';

/** The site settings the root loader read for this request. */
export function useSiteSettings(): SiteSettings {
  const root = useRouteLoaderData('root') as { settings: SiteSettings } | undefined;
  if (!root) throw new Error('The root loader has not run');
  return root.settings;
}
