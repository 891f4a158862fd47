import { PageError } from '../../components/page-error';
import { recordAtAddress } from '../../lib/page-record';
import { pageMeta } from '../../lib/seo';
import { toProjectCard, toServiceDetail, toServiceRow, toTestimonial } from '../../lib/view-models';
import type { PageHandle } from '../../root';
import type { Route } from './+types/service';
import serviceStyles from './service.css?inline';
import { ServiceView } from './service-view';

/** The service page's own styles, beside it (the layout brings the site's). */
export const handle: PageHandle = { styles: [serviceStyles] };

export async function loader({ context, params }: Route.LoaderArgs) {
  const record = await recordAtAddress(context, 'service', params.slug);
  const [services, testimonials, projects] = await Promise.all([
    context.site.list('service'),
    context.site.list('testimonial'),
    // The three projects of this service finished last.
    context.site.list('project', { filters: { service: record._id }, limit: 3 }),
  ]);
  const link = new Map([[record._id, { title: record.title, slug: record.slug }]]);
  const byId = new Map(services.map((service) => [service._id, service]));
  return {
    service: toServiceDetail(record),
    // Related services in the order staff put them; one trashed since is left out.
    related: record.related.flatMap(({ service }) => {
      const found = service && service !== record._id ? byId.get(service) : undefined;
      return found ? [toServiceRow(found)] : [];
    }),
    testimonials: testimonials.filter((t) => t.service === record._id).map(toTestimonial),
    // The request form's choice of service, with this one chosen.
    serviceOptions: services.map(({ slug, title }) => ({ slug, title })),
    projects: projects.map((project) => toProjectCard(project, link)),
  };
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
  return (
    <ServiceView
      service={loaderData.service}
      related={loaderData.related}
      testimonials={loaderData.testimonials}
      serviceOptions={loaderData.serviceOptions}
      projects={loaderData.projects}
    />
  );
}

export function ErrorBoundary() {
  return <PageError />;
}
