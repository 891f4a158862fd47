import { Link } from 'react-router';
import { SERVICE_CATEGORIES, SERVICE_CATEGORY_LABELS, type ServiceCategory } from '../../../shared/constants';
import { servicePath } from '../../../shared/seo/public-pages';
import { CardImage } from '../../components/card-grid';
import { FilterChips } from '../../components/filter-chips';
import { SectionHeading } from '../../components/section-heading';
import { ReadMore } from '../../components/sections';
import { pageMeta } from '../../lib/seo';
import { toServiceCard } from '../../lib/view-models';
import type { Route } from './+types/services';

const isCategory = (value: string | null): value is ServiceCategory =>
  value !== null && (SERVICE_CATEGORIES as readonly string[]).includes(value);

export async function loader({ context, request }: Route.LoaderArgs) {
  const category = new URL(request.url).searchParams.get('category');
  const services = (await context.site.list('service')).map(toServiceCard);
  const selected = isCategory(category) ? category : null;
  // The spec's groups: every category that has services, in the spec's order, with a human name.
  const categories = SERVICE_CATEGORIES.filter((c) => services.some((s) => s.category === c)).map((c) => ({
    value: c,
    label: SERVICE_CATEGORY_LABELS[c],
    count: services.filter((s) => s.category === c).length,
  }));
  return {
    selected,
    categories,
    total: services.length,
    services: selected ? services.filter((s) => s.category === selected) : services,
  };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'Our Services: cooling, electrical, CCTV, painting and air-conditioning',
    description:
      'Installation, maintenance and 24/7 emergency repair: refrigeration and cold rooms, electrical work, CCTV, painting and air-conditioning by certified technicians.',
    path: '/services',
    image: args.data?.services[0]?.image || undefined,
  });
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const { services, categories, selected, total } = loaderData;
  return (
    <>
      <section className="page-header">
        <div className="container">
          <SectionHeading level={1} eyebrow="What we do" title="Our Services">
            Everything we install, maintain and repair, from a single fridge to a factory's cold chain.
          </SectionHeading>
          <FilterChips
            label="Filter services by category"
            chips={[
              { to: '/services', label: 'All services', count: total, current: selected === null },
              ...categories.map((c) => ({
                to: `/services?category=${c.value}`,
                label: c.label,
                count: c.count,
                current: selected === c.value,
              })),
            ]}
          />
        </div>
      </section>
      <section className="service-list" aria-label="Services">
        {services.length === 0 ? (
          <p className="container empty">No services in this category yet.</p>
        ) : (
          services.map((service, i) => (
            <article key={service.id} className="service-row" aria-labelledby={`service-${service.id}`}>
              <div className="container service-row-inner">
                {service.image ? (
                  <CardImage
                    src={service.image}
                    sizes="(min-width: 1024px) 420px, 92vw"
                    priority={i === 0}
                    className="service-row-image"
                  />
                ) : null}
                <div className="service-row-body" data-reveal>
                  <p className="chip chip-static">{service.categoryLabel}</p>
                  <h2 id={`service-${service.id}`}>
                    <Link to={servicePath(service.slug)} className="plain-link">
                      {service.title}
                    </Link>
                  </h2>
                  <p>{service.excerpt}</p>
                  <ReadMore to={servicePath(service.slug)} what={service.title} className="btn btn-primary" />
                </div>
              </div>
            </article>
          ))
        )}
      </section>
    </>
  );
}
