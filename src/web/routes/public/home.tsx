import { Link } from 'react-router';
import { siteTimeZone } from '../../../shared/clock';
import { excerpt } from '../../../shared/excerpt';
import { cityOf, groupInWords, responseGroups } from '../../../shared/response-time';
import { telHref } from '../../../shared/text';
import { hasTrustSignals, trustSignals } from '../../../shared/trust-signals';
import { openNowAttributes } from '../../components/centers';
import { ContactForm } from '../../components/contact-form';
import { Icon } from '../../components/icons';
import { Picture } from '../../components/picture';
import { ProjectGrid } from '../../components/project-grid';
import { SectionHeading } from '../../components/section-heading';
import { ClientGrid, ContactDetails } from '../../components/sections';
import { fromPriceText } from '../../components/service-rows';
import { TrustBand } from '../../components/trust-signals';
import { companyCall } from '../../lib/centers';
import { pageMeta } from '../../lib/seo';
import { useSiteSettings } from '../../lib/site';
import {
  serviceLinksById,
  toClientCard,
  toProjectCard,
  toTestimonial,
  toTrades,
} from '../../lib/view-models';
import type { Route } from './+types/home';

/** Quotes on the home page: enough to read as real, few enough to read at all. */
const QUOTES_SHOWN = 3;

export async function loader({ context }: Route.LoaderArgs) {
  const [settings, services, clients, projects, testimonials, centers] = await Promise.all([
    context.site.settings(),
    context.site.list('service'),
    context.site.list('client'),
    // Recent projects: the three finished last.
    context.site.list('project', { limit: 3 }),
    context.site.list('testimonial'),
    context.site.list('servicecenter'),
  ]);
  const timeZone = siteTimeZone(settings.timeZone);
  // A quote that says where the customer is reads as a neighbour's: those first.
  const quotes = [...testimonials.filter((t) => t.area), ...testimonials.filter((t) => !t.area)];
  return {
    heroImage: services.map((s) => s.images[0]).find(Boolean) ?? '',
    aboutIntro: excerpt(settings.aboutIntro, { chars: 320 }),
    trades: toTrades(services),
    serviceOptions: services.map(({ slug, title }) => ({ slug, title })),
    clients: clients.slice(0, 6).map(toClientCard),
    projects: projects.map((project) => toProjectCard(project, serviceLinksById(services))),
    quotes: quotes.slice(0, QUOTES_SHOWN).map(toTestimonial),
    promise: responseGroups(settings, centers).map(groupInWords),
    areas: centers
      .filter((c) => c.areas.length > 0)
      .map((c) => ({ id: c._id, city: cityOf(c.address) || c.name, areas: c.areas.map((a) => a.area) })),
    call: companyCall(centers, settings.phone, context.now(), timeZone),
  };
}

export function meta(args: Route.MetaArgs) {
  const root = args.matches.find((m) => m?.id === 'root')?.data as
    | { settings: { companyName: string; tagline: string; heroText: string } }
    | undefined;
  const promise = args.data?.promise[0];
  return pageMeta(args, {
    title: root ? `${root.settings.companyName} | ${root.settings.tagline}` : 'Home',
    description: [promise ? `A technician at your door in ${promise}.` : '', root?.settings.heroText ?? '']
      .filter(Boolean)
      .join(' '),
    image: args.data?.heroImage || undefined,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { trades, serviceOptions, clients, aboutIntro, heroImage, projects, quotes, promise, areas, call } =
    loaderData;
  const settings = useSiteSettings();
  const trust = trustSignals(settings, new Date());
  const [fastest, ...others] = promise;
  const callPhone = call?.status.callPhone ?? settings.phone;
  return (
    <>
      <section
        className="hero"
        aria-labelledby="hero-title"
        {...(call ? openNowAttributes(call, call.timeZone) : {})}
      >
        <div className="container hero-inner">
          <div className="hero-copy">
            <h1 id="hero-title">
              {fastest ? `A technician at your door in ${fastest}, day or night` : settings.heroTitle}
            </h1>
            {others.length > 0 ? <p className="hero-promise-more">{others.join('; ')}.</p> : null}
            <p className="hero-text">{settings.heroText}</p>
            <div className="hero-actions">
              <a
                className="btn btn-accent btn-large"
                href={telHref(callPhone)}
                data-call-button
                data-open-label="Call now"
              >
                <Icon name="phone" />{' '}
                <span data-call-label>
                  {call?.status.state === 'emergency' ? call.status.callLabel : 'Call now'}
                </span>{' '}
                <span data-call-number>{callPhone}</span>
              </a>
              <a className="btn btn-light btn-large" href="#request">
                Request a visit
              </a>
            </div>
          </div>
          {heroImage ? (
            <div className="hero-media">
              <Picture
                src={heroImage}
                alt=""
                sizes="(min-width: 1024px) 460px, 92vw"
                width={600}
                height={400}
                priority
                className="hero-image"
              />
            </div>
          ) : null}
        </div>
      </section>

      {/* Trust signals from the settings: years, jobs, rating with where it comes from, warranty. */}
      {hasTrustSignals(trust) ? <TrustBand signals={trust} /> : null}

      <section className="section" aria-labelledby="home-services">
        <div className="container">
          <SectionHeading id="home-services" eyebrow="What we do" title="Our services">
            Installation, maintenance and emergency repair by our own certified technicians.
          </SectionHeading>
          {trades.length === 0 ? (
            <p className="empty">Our services will be listed here soon.</p>
          ) : (
            <ul className="trade-grid">
              {trades.map((trade) => {
                const price = fromPriceText(trade.fromPrice);
                return (
                  <li key={trade.category} className="trade-card">
                    <h3>
                      <Link to={`/services#${trade.category}`} className="trade-link">
                        {trade.label}
                      </Link>
                    </h3>
                    <p>{trade.benefit}</p>
                    {price ? <p className="trade-price">{price}</p> : null}
                  </li>
                );
              })}
            </ul>
          )}
          <p className="section-more">
            <Link to="/services" className="text-link">
              See every service and its price
            </Link>
          </p>
        </div>
      </section>

      {quotes.length > 0 ? (
        <section className="section section-tint" aria-labelledby="home-quotes">
          <div className="container">
            <SectionHeading id="home-quotes" eyebrow="In their words" title="What customers say" />
            <ul className="quote-grid">
              {quotes.map((quote) => (
                <li key={quote.id} className="testimonial quote-card">
                  <figure>
                    <blockquote>
                      <p>{quote.text}</p>
                    </blockquote>
                    <figcaption>
                      <strong className="quote-name">{quote.name}</strong>
                      {quote.area ? <span className="quote-area">{quote.area}</span> : null}
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      {/* Recent projects */}
      {projects.length > 0 ? (
        <section className="section section-projects" aria-labelledby="home-projects">
          <div className="container">
            <SectionHeading id="home-projects" eyebrow="Proof of work" title="Recent projects">
              Jobs our technicians finished lately, with the pictures to show for them.
            </SectionHeading>
            <ProjectGrid projects={projects} />
            <p className="section-more">
              <Link to="/projects" className="text-link">
                See all our projects
              </Link>
            </p>
          </div>
        </section>
      ) : null}

      {areas.length > 0 ? (
        <section className="section section-tint" aria-labelledby="home-areas">
          <div className="container">
            <SectionHeading id="home-areas" eyebrow="Where we work" title="Areas we cover" />
            <ul className="area-list">
              {areas.map((place) => (
                <li key={place.id}>
                  <strong>{place.city}</strong>
                  <span>{place.areas.join(', ')}</span>
                </li>
              ))}
            </ul>
            <p className="section-more">
              <Link to="/serviceCenter" className="text-link">
                See our service centers
              </Link>
            </p>
          </div>
        </section>
      ) : null}

      <section className="section" aria-labelledby="home-about">
        <div className="container">
          <div className="prose" data-reveal>
            <p className="eyebrow">About us</p>
            <h2 id="home-about">A team you can call at any hour</h2>
            <p>{aboutIntro}</p>
            <Link className="text-link" to="/about">
              More about us
            </Link>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="home-clients">
        <div className="container">
          <SectionHeading id="home-clients" eyebrow="Trusted by" title="Our clients" />
          <ClientGrid clients={clients} />
          <p className="section-more">
            <Link to="/client" className="text-link">
              See all clients and what they say
            </Link>
          </p>
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="home-contact" id="request">
        <div className="container contact-layout">
          <div data-reveal>
            <p className="eyebrow">Request a visit</p>
            <h2 id="home-contact">Tell us what needs fixing</h2>
            <p>We answer every message, usually within the hour.</p>
            <ContactDetails settings={settings} />
          </div>
          <div className="card card-pad" data-reveal>
            <ContactForm services={serviceOptions} />
          </div>
        </div>
      </section>
    </>
  );
}
