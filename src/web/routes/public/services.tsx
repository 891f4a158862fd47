import { SERVICE_CATEGORIES, SERVICE_CATEGORY_LABELS, type ServiceCategory } from '../../../shared/constants';
import { FilterChips } from '../../components/filter-chips';
import { SectionHeading } from '../../components/section-heading';
import { ServiceRows } from '../../components/service-rows';
import { pageMeta } from '../../lib/seo';
import { useArrival } from '../../lib/site';
import { toServiceRow } from '../../lib/view-models';
import type { Route } from './+types/services';

const isCategory = (value: string | null): value is ServiceCategory =>
  value !== null && (SERVICE_CATEGORIES as readonly string[]).includes(value);

export async function loader({ context, request }: Route.LoaderArgs) {
  const category = new URL(request.url).searchParams.get('category');
  const records = await context.site.list('service');
  const services = records.map(toServiceRow);
  const selected = isCategory(category) ? category : null;
  // The spec's groups: every trade that has services, in the spec's order, with a human name.
  const trades = SERVICE_CATEGORIES.filter((c) => services.some((s) => s.category === c)).map((c) => ({
    value: c,
    label: SERVICE_CATEGORY_LABELS[c],
    services: services.filter((s) => s.category === c),
  }));
  return {
    selected,
    trades: selected ? trades.filter((t) => t.value === selected) : trades,
    chips: trades.map(({ value, label, services }) => ({ value, label, count: services.length })),
    total: services.length,
    image: records.map((r) => r.images[0]).find(Boolean) ?? '',
  };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'Our services: cooling, electrical, CCTV, painting and air-conditioning',
    description:
      'Installation, maintenance and emergency repair: refrigeration and cold rooms, electrical work, CCTV, painting and air-conditioning by certified technicians, with call-out prices.',
    path: '/services',
    image: args.data?.image || undefined,
  });
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const { trades, chips, selected, total } = loaderData;
  const arrival = useArrival();
  return (
    <>
      <section className="page-header">
        <div className="container">
          <SectionHeading level={1} eyebrow="What we do" title="Our services">
            {arrival.promise.length > 1
              ? // The cities differ, so the rows state no time: the lead says each city's once.
                `What each visit costs, and how soon we come: ${arrival.promise.join('; ')}.`
              : "From a single fridge to a factory's cold chain: what each visit costs and how soon we come."}
          </SectionHeading>
          <FilterChips
            label="Filter services by category"
            chips={[
              { to: '/services', label: 'All services', count: total, current: selected === null },
              ...chips.map((c) => ({
                to: `/services?category=${c.value}`,
                label: c.label,
                count: c.count,
                current: selected === c.value,
              })),
            ]}
          />
        </div>
      </section>
      <section className="container service-trades" aria-label="Services by trade">
        {trades.length === 0 ? (
          <p className="empty">No services in this category yet.</p>
        ) : (
          trades.map((trade) => (
            <section
              key={trade.value}
              id={trade.value}
              className="service-trade"
              aria-labelledby={`trade-${trade.value}`}
            >
              <h2 id={`trade-${trade.value}`}>{trade.label}</h2>
              <ServiceRows services={trade.services} responseTime={arrival.everywhere} />
            </section>
          ))
        )}
      </section>
    </>
  );
}
