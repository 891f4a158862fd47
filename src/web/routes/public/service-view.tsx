import { Link, useRouteLoaderData } from 'react-router';
import { faqPageJsonLd, serviceJsonLd } from '../../../shared/seo/json-ld';
import { servicePath } from '../../../shared/seo/public-pages';
import { telHref } from '../../../shared/text';
import { ContactForm } from '../../components/contact-form';
import { Icon } from '../../components/icons';
import { JsonLd } from '../../components/json-ld';
import { Picture } from '../../components/picture';
import { ServiceProjects } from '../../components/project-grid';
import { ServiceRows } from '../../components/service-rows';
import { TestimonialQuote } from '../../components/testimonial-carousel';
import { useArrival, useSiteSettings } from '../../lib/site';
import type {
  ProjectCardData,
  ServiceDetailData,
  ServiceRowData,
  TestimonialData,
} from '../../lib/view-models';
import { formatRupees } from '../../lib/view-models';
import type { loader as rootLoader } from '../../root';

/**
 * One service in full, as a customer deciding whether to call reads it: what it costs and how
 * long it takes beside the call and request buttons, how the job goes, what others said, the
 * usual questions, related services, and the request form with this service already chosen.
 * Shown at /services/:slug and by the old /serviceDetail address.
 */
export function ServiceView({
  service,
  related,
  testimonials,
  serviceOptions,
  projects,
}: {
  service: ServiceDetailData;
  related: ServiceRowData[];
  testimonials: TestimonialData[];
  serviceOptions: { slug: string; title: string }[];
  projects: ProjectCardData[];
}) {
  const settings = useSiteSettings();
  const arrival = useArrival();
  const origin = useRouteLoaderData<typeof rootLoader>('root')?.origin ?? '';
  const url = `${origin}${servicePath(service.slug)}`;
  return (
    <article className="service-detail">
      <JsonLd
        data={serviceJsonLd({ ...service, image: service.images[0] || service.icon }, settings, origin)}
      />
      <JsonLd data={faqPageJsonLd(service.faqs, url)} />
      <header className="page-header">
        <div className="container service-detail-head">
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <Link to="/services">Services</Link> <span aria-hidden="true">/</span>{' '}
            <Link to={`/services?category=${service.category}`}>{service.categoryLabel}</Link>
          </nav>
          <h1>{service.title}</h1>
        </div>
        <div className="container service-glance">
          <ServiceFacts service={service} />
          <p className="service-actions">
            <a className="btn btn-accent" href={telHref(settings.phone)}>
              <Icon name="phone" className="icon icon-sm" />
              Call now<span className="visually-hidden"> {settings.phone}</span>
            </a>
            <a className="btn btn-primary" href="#request">
              Request a visit
            </a>
          </p>
        </div>
      </header>
      <div className="container section service-detail-body">
        <div className="prose">
          {service.description.split(/\n{2,}/).map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
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
      {service.steps.length > 0 ? (
        <section className="section section-tint">
          <div className="container">
            <h2>How it works</h2>
            <ol className="service-steps">
              {service.steps.map((step, i) => (
                <li key={`${step.title}\n${step.description}`}>
                  <span className="step-number" aria-hidden="true">
                    {i + 1}
                  </span>
                  <div>
                    <h3>{step.title}</h3>
                    {step.description ? <p>{step.description}</p> : null}
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </section>
      ) : null}
      {/* projects of this service */}
      <ServiceProjects service={service} projects={projects} />
      {testimonials.length > 0 ? (
        <section className="section">
          <div className="container">
            <h2>What customers say</h2>
            <ul className="card-grid service-testimonials">
              {testimonials.map((testimonial) => (
                <li key={testimonial.id} className="testimonial">
                  <TestimonialQuote testimonial={testimonial} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
      {service.faqs.length > 0 ? (
        <section className="section">
          <div className="container">
            <div className="service-faqs">
              <h2>Questions customers ask</h2>
              {/* Native disclosures: they open by keyboard and touch, and work without script. */}
              {service.faqs.map((faq) => (
                <details key={`${faq.question}\n${faq.answer}`} className="faq">
                  <summary>{faq.question}</summary>
                  <div className="faq-answer">
                    {faq.answer.split(/\n{2,}/).map((paragraph) => (
                      <p key={paragraph.slice(0, 40)}>{paragraph}</p>
                    ))}
                  </div>
                </details>
              ))}
            </div>
          </div>
        </section>
      ) : null}
      {related.length > 0 ? (
        <section className="section section-tint">
          <div className="container">
            <h2>Related services</h2>
            <ServiceRows services={related} responseTime={arrival.everywhere} />
          </div>
        </section>
      ) : null}
      <section className="section service-request" id="request">
        <div className="container contact-layout">
          <div>
            <h2>Request {service.title}</h2>
            <p className="lead">
              Tell us what needs doing and when suits you; we call back to confirm. In a hurry? Call{' '}
              <a href={telHref(settings.phone)}>{settings.phone}</a>, day or night.
            </p>
          </div>
          <div className="card card-pad">
            <ContactForm services={serviceOptions} initialValues={{ service: service.slug }} />
          </div>
        </div>
      </section>
    </article>
  );
}

/**
 * What a customer asks before calling, each only when set: the call-out by day and at night, the
 * warranty, how long it takes, and any note on the price.
 */
export function ServiceFacts({ service }: { service: ServiceDetailData }) {
  const facts = [
    ['Call-out', service.calloutPrice === null ? '' : formatRupees(service.calloutPrice)],
    ['At night', service.nightPrice === null ? '' : formatRupees(service.nightPrice)],
    ['Warranty', service.warranty],
    ['Typical duration', service.duration],
    ['Price note', service.price],
  ].filter(([, value]) => value);
  if (facts.length === 0) return null;
  return (
    <dl className="service-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
