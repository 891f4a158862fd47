import { Outlet, type ShouldRevalidateFunctionArgs, useLoaderData, useRouteLoaderData } from 'react-router';
import { localBusinessJsonLd, serializeJsonLd } from '../../../shared/seo/json-ld';
import { LoadingBar, ServerStatusBanner, useScrollReveal } from '../../components/app-shell';
import { CallBar } from '../../components/call-bar';
import { SiteFooter } from '../../components/footer';
import { SiteHeader } from '../../components/header';
import type { loader as rootLoader } from '../../root';
import '../../styles/public.css';
import type { Route } from './+types/layout';

export async function loader({ context }: Route.LoaderArgs) {
  const services = await context.site.list('service');
  return {
    services: services.map((s) => ({ title: s.title, slug: s.slug })),
  };
}

// The footer's service list changes rarely: moving between pages need not ask for it again.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

export default function PublicLayout() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const { services } = useLoaderData<typeof loader>();
  useScrollReveal();
  if (!root) return <Outlet />;
  const { settings, user, origin, nonce } = root;
  return (
    <>
      <LoadingBar />
      <SiteHeader settings={settings} user={user} />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter settings={settings} services={services} />
      <CallBar settings={settings} />
      <ServerStatusBanner />
      <script
        type="application/ld+json"
        nonce={nonce}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON built by us, escaped by serializeJsonLd
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(localBusinessJsonLd(settings, services, origin)) }}
      />
    </>
  );
}
