import { Link } from 'react-router';
import { telHref } from '../../../shared/text';
import { hasTrustSignals, trustSignals } from '../../../shared/trust-signals';
import { ContactForm } from '../../components/contact-form';
import { Icon } from '../../components/icons';
import { Picture } from '../../components/picture';
import { ProjectGrid } from '../../components/project-grid';
import { SectionHeading } from '../../components/section-heading';
import { ClientGrid, ContactDetails, ServiceGrid } from '../../components/sections';
import { TrustBand } from '../../components/trust-signals';
import { pageMeta } from '../../lib/seo';
import { useSiteSettings } from '../../lib/site';
import { serviceLinksById, toClientCard, toProjectCard, toServiceSummary } from '../../lib/view-models';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const [settings, services, clients, projects] = await Promise.all([
    context.site.settings(),
    context.site.list('service'),
    context.site.list('client'),
    // Recent projects: the three finished last.
    context.site.list('project', { limit: 3 }),
  ]);
  return {
    heroImage: services.map((s) => s.images[0]).find(Boolean) ?? '',
    aboutIntro: settings.aboutIntro,
    services: services.map(toServiceSummary),
    clients: clients.slice(0, 6).map(toClientCard),
    projects: projects.map((project) => toProjectCard(project, serviceLinksById(services))),
  };
}

export function meta(args: Route.MetaArgs) {
  const root = args.matches.find((m) => m?.id === 'root')?.data as
    | { settings: { companyName: string; tagline: string; heroText: string } }
    | undefined;
  return pageMeta(args, {
    title: root ? `${root.settings.companyName} | ${root.settings.tagline}` : 'Home',
    description: root?.settings.heroText ?? 'Technical services available 24/7.',
    image: args.data?.heroImage || undefined,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { services, clients, aboutIntro, heroImage, projects } = loaderData;
  const settings = useSiteSettings();
  const trust = trustSignals(settings, new Date());
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-inner">
          <div className="hero-copy">
            <p className="eyebrow eyebrow-light">{settings.companyName}</p>
            <h1 id="hero-title">{settings.heroTitle}</h1>
            <p className="hero-tagline">{settings.tagline}</p>
            <p className="hero-text">{settings.heroText}</p>
            <div className="hero-actions">
              <a className="btn btn-accent btn-large" href={telHref(settings.phone)}>
                <Icon name="phone" /> Call {settings.phone}
              </a>
              <Link className="btn btn-light btn-large" to="/contact">
                Contact Us
              </Link>
              <Link className="btn btn-ghost btn-large" to="/about">
                Learn More<span className="visually-hidden"> about {settings.companyName}</span>
              </Link>
            </div>
            <ul className="hero-points">
              <li>
                <Icon name="clock" /> Technicians available 24/7
              </li>
              <li>
                <Icon name="shield" /> Certified and insured
              </li>
              <li>
                <Icon name="check" /> Work guaranteed in writing
              </li>
            </ul>
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

      {/* Trust signals from the settings: years, jobs, rating, warranty, certifications. */}
      {hasTrustSignals(trust) ? <TrustBand signals={trust} /> : null}

      <section className="section" aria-labelledby="home-services">
        <div className="container">
          <SectionHeading id="home-services" eyebrow="What we do" title="OUR SERVICES">
            Installation, maintenance and emergency repair by our own certified technicians.
          </SectionHeading>
          <ServiceGrid services={services} />
        </div>
      </section>

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

      <section className="section section-tint" aria-labelledby="home-about">
        <div className="container">
          <div className="prose" data-reveal>
            <p className="eyebrow">About us</p>
            <h2 id="home-about">A team you can call at any hour</h2>
            <p>{aboutIntro}</p>
            <Link className="btn btn-primary" to="/about">
              Learn More<span className="visually-hidden"> about our company</span>
            </Link>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="home-clients">
        <div className="container">
          <SectionHeading id="home-clients" eyebrow="Trusted by" title="Our Clients" />
          <ClientGrid clients={clients} />
          <p className="section-more">
            <Link to="/client" className="text-link">
              See all clients and what they say
            </Link>
          </p>
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="home-contact">
        <div className="container contact-layout">
          <div data-reveal>
            <p className="eyebrow">Contact us</p>
            <h2 id="home-contact">Tell us what needs fixing</h2>
            <p>We answer every message, usually within the hour.</p>
            <ContactDetails settings={settings} />
          </div>
          <div className="card card-pad" data-reveal>
            <ContactForm services={services} />
          </div>
        </div>
      </section>
    </>
  );
}
