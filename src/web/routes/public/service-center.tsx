import { Link } from 'react-router';
import { siteTimeZone } from '../../../shared/clock';
import { serviceCenterJsonLd } from '../../../shared/seo/json-ld';
import { telHref } from '../../../shared/text';
import {
  CenterLines,
  CenterStatusLine,
  CentersMap,
  HoursTable,
  openNowAttributes,
} from '../../components/centers';
import centersStyles from '../../components/centers.css?inline';
import { Icon } from '../../components/icons';
import { JsonLd } from '../../components/json-ld';
import { PageError } from '../../components/page-error';
import { Picture } from '../../components/picture';
import { toCenterView } from '../../lib/centers';
import { recordAtAddress } from '../../lib/page-record';
import { pageMeta } from '../../lib/seo';
import type { PageHandle } from '../../root';
import type { Route } from './+types/service-center';
import centerStyles from './service-center.css?inline';

export const handle: PageHandle = { styles: [centersStyles, centerStyles] };

export async function loader({ context, params }: Route.LoaderArgs) {
  const [record, settings, all] = await Promise.all([
    recordAtAddress(context, 'servicecenter', params.slug),
    context.site.settings(),
    context.site.list('servicecenter'),
  ]);
  const timeZone = siteTimeZone(settings.timeZone);
  // Right when rendered; the open-now island says it again when the page is read (decision 098),
  // since a replayed or kept copy of this page may be hours old.
  const center = toCenterView(record, context.now(), timeZone);
  // Where it is among the others: the map needs only the centers with a point.
  const neighbours = center.point
    ? all.filter((other) => other.location).map((other) => toCenterView(other, context.now(), timeZone))
    : [];
  // Open around the clock every day: the badge says it all, "open now" would add nothing.
  const allWeekAllDay = center.week.length === 1 && center.week[0]?.hours === '24 hours';
  return {
    center: { ...center, images: record.images, allWeekAllDay, status: allWeekAllDay ? null : center.status },
    neighbours,
    timeZone,
    jsonLd: serviceCenterJsonLd({ ...center, images: record.images }, settings, context.origin),
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
  const { center, neighbours, timeZone, jsonLd } = loaderData;
  const { status } = center;
  return (
    <article className="center-page" {...openNowAttributes(center, timeZone)}>
      <header className="page-header">
        <div className="container">
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <Link to="/serviceCenter">Service centers</Link>
          </nav>
          <h1>{center.name}</h1>
          {center.allWeekAllDay ? (
            <p className="center-badge">
              <Icon name="clock" className="icon icon-sm" /> Open 24 hours, 7 days a week
            </p>
          ) : null}
          {status ? <CenterStatusLine status={status} /> : null}
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
          <section className="card card-pad center-contact" aria-labelledby="center-contact">
            <h2 id="center-contact">Visit or call</h2>
            <CenterLines center={center} />
            <p className="cta-row">
              <Link to="/contact" className="btn btn-primary">
                Request service
              </Link>
              {center.directions ? (
                <a className="btn btn-outline" href={center.directions} target="_blank" rel="noopener">
                  Directions<span className="visually-hidden"> to {center.name} (opens in a new tab)</span>
                </a>
              ) : null}
              {(status?.callPhone ?? center.phone) ? (
                <a
                  className="btn btn-outline"
                  href={telHref(status?.callPhone ?? center.phone)}
                  data-call-button
                >
                  <Icon name="phone" /> <span data-call-label>{status?.callLabel ?? 'Call'}</span>
                  <span className="visually-hidden"> {center.name}</span>
                </a>
              ) : null}
            </p>
          </section>
        </div>
        <div className="center-side">
          {center.week.length > 0 ? (
            <section className="card card-pad" aria-labelledby="center-hours">
              <h2 id="center-hours">Opening hours</h2>
              <HoursTable lines={center.week} />
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
          {neighbours.length > 0 ? (
            <section className="card card-pad" aria-labelledby="center-map">
              <h2 id="center-map">{neighbours.length > 1 ? 'Among our centers' : 'On the map'}</h2>
              <CentersMap centers={neighbours} current={center.slug} />
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
