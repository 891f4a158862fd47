import { useRouteLoaderData } from 'react-router';
import { serializeJsonLd } from '../../shared/seo/json-ld';
import type { loader as rootLoader } from '../root';

/** A page's own structured data (beside the layout's LocalBusiness); nothing when `data` is null. */
export function JsonLd({ data }: { data: Record<string, unknown> | null }) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  if (!data) return null;
  return (
    <script
      type="application/ld+json"
      nonce={root?.nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON built by us, escaped by serializeJsonLd
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
