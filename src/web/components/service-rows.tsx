import { Link } from 'react-router';
import { servicePath } from '../../shared/seo/public-pages';
import { formatRupees, type ServiceRowData } from '../lib/view-models';

/** What a visit costs, as a row or a trade says it: `From Rs 2,500`, or `Free visit`. */
export const fromPriceText = (price: number | null) =>
  price === null ? '' : price === 0 ? 'Free visit' : `From ${formatRupees(price)}`;

/**
 * Services as compact rows: the title (the link), one sentence, and what a visit costs and how
 * soon someone comes. A phone shows ten of them in the height one picture card took.
 */
export function ServiceRows({
  services,
  responseTime,
}: {
  services: ServiceRowData[];
  responseTime: string;
}) {
  if (services.length === 0) return <p className="empty">Our services will be listed here soon.</p>;
  return (
    <ul className="service-rows">
      {services.map((service) => {
        const price = fromPriceText(service.calloutPrice);
        return (
          <li key={service.id} className="service-row-item">
            <h3>
              <Link to={servicePath(service.slug)} className="service-row-link">
                {service.title}
              </Link>
            </h3>
            {service.summary ? <p>{service.summary}</p> : null}
            {price || responseTime ? (
              <p className="service-row-facts">
                {price ? <strong>{price}</strong> : null}
                {price && responseTime ? <span aria-hidden="true"> · </span> : null}
                {responseTime ? <span>arrives in {responseTime}</span> : null}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
