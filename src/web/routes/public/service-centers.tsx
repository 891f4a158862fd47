import { Link } from 'react-router';
import { centerPath } from '../../../shared/seo/public-pages';
import { CardGrid } from '../../components/card-grid';
import { SectionHeading } from '../../components/section-heading';
import { PlaceLines } from '../../components/sections';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/service-centers';

export async function loader({ context }: Route.LoaderArgs) {
  const centers = await context.site.list('servicecenter');
  return {
    centers: centers.map((c) => ({
      id: c._id,
      slug: c.slug,
      name: c.name,
      phone: c.phone,
      address: c.address,
      image: c.images[0] ?? '',
    })),
  };
}

export function meta(args: Route.MetaArgs) {
  const names = args.data?.centers.map((c) => c.name).join(', ');
  return pageMeta(args, {
    title: 'Service Centers',
    description: names
      ? `Visit or call our service centers: ${names}. Technicians on call 24/7.`
      : 'Our service centers and how to reach them.',
  });
}

export default function ServiceCenters({ loaderData }: Route.ComponentProps) {
  const { centers } = loaderData;
  return (
    <>
      <section className="page-header">
        <div className="container">
          <SectionHeading level={1} eyebrow="Near you" title="Service Centers">
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
                <div className="card-pad">
                  <h2 className="card-title">
                    <Link to={centerPath(center.slug)}>{center.name}</Link>
                  </h2>
                  <PlaceLines phone={center.phone} address={center.address} />
                  <p>
                    <Link to={centerPath(center.slug)} className="text-link">
                      Opening hours and directions
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
