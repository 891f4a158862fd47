import { Link } from 'react-router';
import { Picture } from '../../components/picture';
import type { ServiceDetailData } from '../../lib/view-models';

/** One service in full: shown at /services/:slug and by the old /serviceDetail address. */
export function ServiceView({ service }: { service: ServiceDetailData }) {
  return (
    <article className="service-detail">
      <header className="page-header">
        <div className="container service-detail-head">
          {service.icon ? (
            <Picture
              src={service.icon}
              alt=""
              sizes="96px"
              width={96}
              height={96}
              priority
              className="service-icon"
            />
          ) : null}
          <div>
            <nav aria-label="Breadcrumb" className="breadcrumb">
              <Link to="/services">Services</Link> <span aria-hidden="true">/</span>{' '}
              <Link to={`/services?category=${service.category}`}>{service.categoryLabel}</Link>
            </nav>
            <h1>{service.title}</h1>
          </div>
        </div>
      </header>
      <div className="container section service-detail-body">
        <div className="prose">
          {service.description.split(/\n{2,}/).map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
          <p className="cta-row">
            <Link to={`/contact?service=${encodeURIComponent(service.slug)}`} className="btn btn-primary">
              Request this service
            </Link>
            <Link to="/services" className="btn btn-outline">
              All services
            </Link>
          </p>
        </div>
        {service.images.length > 0 ? (
          <ul className="image-grid" aria-label={`Pictures of ${service.title}`}>
            {service.images.map((image, i) => (
              <li key={image}>
                <Picture
                  src={image}
                  alt={`${service.title}, picture ${i + 1}`}
                  sizes="(min-width: 960px) 300px, 92vw"
                  width={600}
                  height={400}
                  priority={i === 0}
                />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
