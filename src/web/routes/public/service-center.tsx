import { data, Link } from 'react-router';
import { formatDayHours, isAllDay, openDays, WEEKDAY_LABELS, WEEKDAYS } from '../../../shared/content/hours';
import { serviceCenterJsonLd } from '../../../shared/seo/json-ld';
import { telHref } from '../../../shared/text';
import { Icon } from '../../components/icons';
import { JsonLd } from '../../components/json-ld';
import { PageError } from '../../components/page-error';
import { Picture } from '../../components/picture';
import { PlaceLines } from '../../components/sections';
import { pageMeta } from '../../lib/seo';
import type { PageHandle } from '../../root';
import type { Route } from './+types/service-center';
import centerStyles from './service-center.css?inline';

export const handle: PageHandle = { styles: [centerStyles] };

/** A maps search for the address: opens the visitor's maps app on a phone, Google Maps elsewhere. */
export const directionsHref = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

export async function loader({ context, params }: Route.LoaderArgs) {
  const [record, settings] = await Promise.all([
    context.site.findBySlug('servicecenter', params.slug),
    context.site.settings(),
  ]);
  if (!record) throw data(null, { status: 404 });
  const areas = record.areas.map((row) => row.area.trim()).filter(Boolean);
  const center = {
    name: record.name,
    slug: record.slug,
    phone: record.phone,
    address: record.address,
    images: record.images,
    hours: record.hours,
    areas,
  };
  return {
    center: {
      ...center,
      week: WEEKDAYS.map((day) => ({
        day,
        label: WEEKDAY_LABELS[day],
        hours: formatDayHours(record.hours[day]),
      })),
      hasHours: openDays(record.hours).length > 0,
      allWeekAllDay: WEEKDAYS.every((day) => {
        const hours = record.hours[day];
        return hours ? isAllDay(hours) : false;
      }),
    },
    jsonLd: serviceCenterJsonLd(center, settings, context.origin),
  };
}

export function meta(args: Route.MetaArgs) {
  const center = args.data?.center;
  if (!center) return [{ title: 'Service center not found' }, { name: 'robots', content: 'noindex' }];
  const where = center.address ? ` at ${center.address}` : '';
  const areas = center.areas.length > 0 ? ` Serving ${center.areas.join(', ')}.` : '';
  return pageMeta(args, {
    title: center.name,
    description: `Opening hours, phone and directions for ${center.name}${where}.${areas}`,
    image: center.images[0] || undefined,
  });
}

export default function ServiceCenter({ loaderData }: Route.ComponentProps) {
  const { center, jsonLd } = loaderData;
  return (
    <article className="center-page">
      <header className="page-header">
        <div className="container">
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <Link to="/serviceCenter">Service Centers</Link>
          </nav>
          <h1>{center.name}</h1>
          {center.allWeekAllDay ? (
            <p className="center-badge">
              <Icon name="clock" className="icon icon-sm" /> Open 24 hours, 7 days a week
            </p>
          ) : null}
        </div>
      </header>
      <div className="container section center-layout">
        <div className="center-main">
          {center.images[0] ? (
            <Picture
              src={center.images[0]}
              alt={`${center.name} from outside`}
              sizes="(min-width: 1024px) 560px, 92vw"
              width={600}
              height={400}
              priority
              className="center-picture"
            />
          ) : null}
          <div className="card card-pad center-contact">
            <h2>Visit or call</h2>
            <PlaceLines phone={center.phone} address={center.address} />
            <p className="cta-row">
              <Link to="/contact" className="btn btn-primary">
                Request service
              </Link>
              {center.address ? (
                <a
                  className="btn btn-outline"
                  href={directionsHref(center.address)}
                  target="_blank"
                  rel="noopener"
                >
                  Directions<span className="visually-hidden"> to {center.name} (opens in a new tab)</span>
                </a>
              ) : null}
              {center.phone ? (
                <a className="btn btn-outline" href={telHref(center.phone)}>
                  <Icon name="phone" /> Call
                  <span className="visually-hidden"> {center.name}</span>
                </a>
              ) : null}
            </p>
          </div>
        </div>
        <div className="center-side">
          {center.hasHours ? (
            <section className="card card-pad" aria-labelledby="center-hours">
              <h2 id="center-hours">Opening hours</h2>
              <table className="hours-table">
                <tbody>
                  {center.week.map((row) => (
                    <tr key={row.day} className={row.hours === 'Closed' ? 'is-closed' : undefined}>
                      <th scope="row">{row.label}</th>
                      <td>{row.hours}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ) : null}
          {center.areas.length > 0 ? (
            <section className="card card-pad" aria-labelledby="center-areas">
              <h2 id="center-areas">Areas served</h2>
              <ul className="area-list">
                {center.areas.map((area) => (
                  <li key={area}>{area}</li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
      <JsonLd data={jsonLd} />
    </article>
  );
}

export function ErrorBoundary() {
  return <PageError />;
}
