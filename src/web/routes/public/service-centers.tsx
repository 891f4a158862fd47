import { Link } from 'react-router';
import { siteTimeZone } from '../../../shared/clock';
import { centerPath } from '../../../shared/seo/public-pages';
import { CardGrid } from '../../components/card-grid';
import { CenterSummary, openNowAttributes } from '../../components/centers';
import centersStyles from '../../components/centers.css?inline';
import { SectionHeading } from '../../components/section-heading';
import { toCenterView } from '../../lib/centers';
import { pageMeta } from '../../lib/seo';
import type { PageHandle } from '../../root';
import type { Route } from './+types/service-centers';

export const handle: PageHandle = { styles: [centersStyles] };

export async function loader({ context }: Route.LoaderArgs) {
  const [records, settings] = await Promise.all([
    context.site.list('servicecenter'),
    context.site.settings(),
  ]);
  const timeZone = siteTimeZone(settings.timeZone);
  const at = context.now();
  return { centers: records.map((record) => toCenterView(record, at, timeZone)), timeZone };
}

export function meta(args: Route.MetaArgs) {
  const names = args.data?.centers.map((c) => c.name).join(', ');
  return pageMeta(args, {
    title: 'Service centers',
    description: names
      ? `Visit or call our service centers: ${names}. Technicians on call 24/7.`
      : 'Our service centers and how to reach them.',
  });
}

export default function ServiceCenters({ loaderData }: Route.ComponentProps) {
  const { centers, timeZone } = loaderData;
  return (
    <>
      <section className="page-header">
        <div className="container">
          <SectionHeading level={1} eyebrow="Near you" title="Service centers">
            Walk in, call ahead or send a technician from the center closest to you.
          </SectionHeading>
        </div>
      </section>
      <section className="section" aria-label="Service centers">
        <div className="container">
          {centers.length === 0 ? (
            <p className="empty">Our service centers will be listed here soon.</p>
          ) : (
            <CardGrid
              items={centers}
              className="card-grid"
              cardClassName="card"
              image={{
                src: (center) => center.image,
                sizes: '(min-width: 1200px) 370px, (min-width: 640px) 45vw, 92vw',
                className: 'card-image',
              }}
              priorityFirst
            >
              {(center) => (
                <div className="card-pad center-card" {...openNowAttributes(center, timeZone)}>
                  <h2 className="card-title">
                    <Link to={centerPath(center.slug)}>{center.name}</Link>
                  </h2>
                  <CenterSummary center={center} />
                  <p>
                    <Link to={centerPath(center.slug)} className="text-link">
                      Areas served and directions
                      <span className="visually-hidden"> for {center.name}</span>
                    </Link>
                  </p>
                </div>
              )}
            </CardGrid>
          )}
        </div>
      </section>
    </>
  );
}
