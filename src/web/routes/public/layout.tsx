import {
  type ClientLoaderFunctionArgs,
  Outlet,
  redirectDocument,
  useLoaderData,
  useRouteLoaderData,
} from 'react-router';
import { siteTimeZone } from '../../../shared/clock';
import { arrivalOf, responseGroups } from '../../../shared/response-time';
import { localBusinessJsonLd, serializeJsonLd } from '../../../shared/seo/json-ld';
import { telHref } from '../../../shared/text';
import { whatsappHref } from '../../../shared/whatsapp';
import { ServerDownNotice } from '../../components/app-shell';
import { CallBar } from '../../components/call-bar';
import { SiteFooter } from '../../components/footer';
import { SiteHeader } from '../../components/header';
import trustStyles from '../../components/trust-signals.css?inline';
import { companyCall } from '../../lib/centers';
import { SPECULATION_RULES } from '../../lib/speculation-rules';
import type { PageHandle, loader as rootLoader } from '../../root';
import appStyles from '../../styles/app.css?inline';
import publicStyles from '../../styles/public.css?inline';
import type { Route } from './+types/layout';

/**
 * Public pages are server HTML with islands, never hydrated, with their stylesheets in the page
 * (docs/decisions/067).
 */
export const handle: PageHandle = { islands: true, styles: [appStyles, publicStyles, trustStyles] };

export async function loader({ context }: Route.LoaderArgs) {
  const [services, centers, settings] = await Promise.all([
    context.site.list('service'),
    context.site.list('servicecenter'),
    context.site.settings(),
  ]);
  return {
    services: services.map((s) => ({ title: s.title, slug: s.slug })),
    // The phone's call bar rings the emergency line while the office is closed, as the hero does.
    call: companyCall(centers, settings.phone, context.now(), siteTimeZone(settings.timeZone)),
    // How soon a technician comes, per city: the services' pages say it (useArrival).
    arrival: arrivalOf(responseGroups(settings, centers)),
  };
}

/**
 * A link from the admin area's single-page app into the public site: load the page as a document,
 * so that it arrives as a visitor gets it (server HTML and its islands), not rendered in the app.
 */
export function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const url = new URL(request.url);
  throw redirectDocument(`${url.pathname}${url.search}`);
}

export default function PublicLayout() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const { services, call } = useLoaderData<typeof loader>();
  if (!root) return <Outlet />;
  const { settings, user, origin, nonce } = root;
  return (
    <>
      <SiteHeader settings={settings} user={user} />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter settings={settings} services={services} />
      <ServerDownNotice
        phone={settings.phone}
        phoneHref={telHref(settings.phone)}
        chatHref={whatsappHref(settings.chatNumber)}
      />
      <CallBar settings={settings} call={call} />
      <script
        type="application/ld+json"
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON built by us, escaped by serializeJsonLd
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(localBusinessJsonLd(settings, services, origin)) }}
      />
      <script
        type="speculationrules"
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant built from our own page list
        dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }}
      />
    </>
  );
}
