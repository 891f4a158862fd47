import { data } from 'react-router';
import { PageError } from '../../components/page-error';
import { pageMeta } from '../../lib/seo';
import { toServiceDetail } from '../../lib/view-models';
import type { Route } from './+types/service';
import { ServiceView } from './service-view';

export async function loader({ context, params }: Route.LoaderArgs) {
  const record = await context.site.findBySlug('service', params.slug);
  if (!record) throw data(null, { status: 404 });
  return { service: toServiceDetail(record) };
}

export function meta(args: Route.MetaArgs) {
  const service = args.data?.service;
  if (!service) return [{ title: 'Service not found' }, { name: 'robots', content: 'noindex' }];
  return pageMeta(args, {
    title: service.title,
    description: service.description,
    image: service.images[0] || service.icon || undefined,
    type: 'article',
  });
}

export default function Service({ loaderData }: Route.ComponentProps) {
  return <ServiceView service={loaderData.service} />;
}

export function ErrorBoundary() {
  return <PageError />;
}
