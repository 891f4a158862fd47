import { TRUNCATE_WORDS, truncateWords } from '../../../shared/constants';
import { telHref } from '../../../shared/text';
import { hasTrustSignals, trustSignals } from '../../../shared/trust-signals';
import { CardGrid } from '../../components/card-grid';
import { Icon } from '../../components/icons';
import { SectionHeading } from '../../components/section-heading';
import { TrustDetails } from '../../components/trust-signals';
import { BUTTON_WORDS } from '../../components/words';
import { WHO_DOES_WHAT_ID } from '../../lib/about-sections';
import { pageMeta } from '../../lib/seo';
import { useSiteSettings } from '../../lib/site';
import type { Route } from './+types/about';

export async function loader({ context }: Route.LoaderArgs) {
  const [settings, entries, team, departments] = await Promise.all([
    context.site.settings(),
    context.site.list('aboutus'),
    context.site.list('team'),
    context.site.list('department'),
  ]);
  return {
    intro: settings.aboutIntro,
    expertise: settings.aboutExpertise
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    commitment: settings.aboutCommitment,
    entries: entries.map((e) => {
      const { description } = e;
      const short = truncateWords(description, TRUNCATE_WORDS.card);
      return {
        id: e._id,
        title: e.title,
        description,
        short,
        cut: short !== description.trim().split(/\s+/).join(' '),
        image: e.images[0] ?? '',
      };
    }),
    // No department's own number: a visitor has one to call, the company's.
    departments: departments.map((d) => ({
      id: d._id,
      name: d.name,
      description: d.description,
      // A department has one image; its field keeps the spec's name, `images`.
      image: d.images,
    })),
    team: team.map((m) => ({
      id: m._id,
      name: m.name,
      position: m.position,
      bio: m.bio,
      // A team member has one photo; its field keeps the spec's name, `images`.
      image: m.images,
    })),
  };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'About us',
    description: args.data?.intro ?? 'Who we are and how we work.',
  });
}

const WHY = [
  {
    icon: 'wrench',
    title: 'Experienced technicians',
    text: 'Certified engineers and electricians with years of field experience on every brand and system.',
  },
  {
    icon: 'shield',
    title: 'Reliable solutions',
    text: 'Proper diagnosis, genuine parts and tested work, guaranteed in writing so problems stay solved.',
  },
  {
    icon: 'clock',
    title: '24/7 availability',
    text: 'Breakdowns do not wait for office hours. Our emergency teams answer day and night, all week.',
  },
] as const;

export default function About({ loaderData }: Route.ComponentProps) {
  const { intro, expertise, commitment, entries, team, departments } = loaderData;
  const settings = useSiteSettings();
  const trust = trustSignals(settings, new Date());
  return (
    <>
      <section className="page-header">
        <div className="container">
          <SectionHeading level={1} eyebrow="Who we are" title="About us" />
          <p className="lead about-intro">{intro}</p>
        </div>
      </section>

      <section className="section" aria-label="Expertise and commitment">
        <div className="container two-cards">
          <div className="card card-pad" data-reveal>
            <h2>Our Expertise</h2>
            <ul className="check-list">
              {expertise.map((point) => (
                <li key={point}>
                  <Icon name="check" className="icon icon-check" />
                  {point}
                </li>
              ))}
            </ul>
          </div>
          <div className="card card-pad" data-reveal>
            <h2>Our Commitment</h2>
            <p>{commitment}</p>
          </div>
        </div>
      </section>

      {/* Trust signals from the settings, in full: certifications with issuers, the warranty's terms. */}
      {hasTrustSignals(trust) ? <TrustDetails signals={trust} /> : null}

      <section className="section section-tint" aria-labelledby="why-us">
        <div className="container">
          <SectionHeading id="why-us" title="Why Choose Us?" />
          <ul className="feature-grid">
            {WHY.map((item) => (
              <li key={item.title} className="card card-pad feature" data-reveal>
                <span className="feature-icon">
                  <Icon name={item.icon} />
                </span>
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {entries.length > 0 ? (
        <section className="section" aria-labelledby="our-story">
          <div className="container">
            <SectionHeading id="our-story" eyebrow="Our story" title="More about us" />
            <StoryCards entries={entries} />
          </div>
        </section>
      ) : null}

      {departments.length > 0 ? (
        <section className="section" aria-labelledby={WHO_DOES_WHAT_ID}>
          <div className="container">
            <SectionHeading id={WHO_DOES_WHAT_ID} eyebrow="Our teams" title="Who does what" />
            <p className="lead who-call">
              One number for every team, day and night: <a href={telHref(settings.phone)}>{settings.phone}</a>
              . We put you through to the right people.
            </p>
            <DepartmentCards departments={departments} />
          </div>
        </section>
      ) : null}

      {team.length > 0 ? (
        <section className="section section-tint" aria-labelledby="our-team">
          <div className="container">
            <SectionHeading id="our-team" eyebrow="People" title="Our team" />
            <TeamCards team={team} />
          </div>
        </section>
      ) : null}
    </>
  );
}

type AboutData = Route.ComponentProps['loaderData'];

/** The about entries as cards: a long text shows its first words and opens in place (Read more). */
function StoryCards({ entries }: { entries: AboutData['entries'] }) {
  return (
    <CardGrid
      items={entries}
      className="card-grid"
      cardClassName="card about-card"
      image={{
        src: (entry) => entry.image,
        sizes: '(min-width: 1200px) 370px, (min-width: 640px) 45vw, 92vw',
        className: 'card-image',
      }}
    >
      {(entry) => (
        <div className="card-pad about-card-body">
          <h3 className="card-title">{entry.title}</h3>
          {entry.cut ? (
            <>
              {/* The text first, its toggle after it: opening never moves the button above
                  what it opened, and the buttons of a row line up at the cards' feet. */}
              <p className="about-text">
                <span className="about-excerpt">{entry.short}</span>
                <span className="about-whole">{entry.description}</span>
              </p>
              {/* Works without JavaScript: the open disclosure swaps the excerpt for the whole text. */}
              <details className="read-more">
                <summary>
                  <span className="when-closed">{BUTTON_WORDS.readMore}</span>
                  <span className="when-open">Show less</span>
                  <span className="visually-hidden"> about {entry.title}</span>
                </summary>
              </details>
            </>
          ) : (
            <p className="about-text">{entry.description}</p>
          )}
        </div>
      )}
    </CardGrid>
  );
}

/** The departments: what each team does, with its picture; no number of its own. */
function DepartmentCards({ departments }: { departments: AboutData['departments'] }) {
  return (
    <CardGrid
      items={departments}
      className="card-grid"
      cardClassName="card who-card"
      image={{
        src: (department) => department.image,
        // A strip beside the words on a phone (public.css `.who-card`).
        sizes: '(min-width: 1200px) 370px, (min-width: 768px) 45vw, 104px',
        className: 'card-image',
      }}
    >
      {(department) => (
        <div className="card-pad">
          <h3 className="card-title">{department.name}</h3>
          <p>{department.description}</p>
        </div>
      )}
    </CardGrid>
  );
}

/** The team: a photo, or the first letter of the name when there is none, the position and the bio. */
function TeamCards({ team }: { team: AboutData['team'] }) {
  return (
    <CardGrid
      items={team}
      className="team-grid"
      cardClassName="card card-pad team-card"
      image={{
        src: (member) => member.image,
        sizes: '120px',
        className: 'team-photo',
        width: 120,
        height: 120,
      }}
      noImage={(member) => (
        <span className="team-photo client-initial" aria-hidden="true">
          {member.name.charAt(0)}
        </span>
      )}
    >
      {(member) => (
        <>
          <h3>{member.name}</h3>
          <p className="muted">{member.position}</p>
          {member.bio ? <p>{member.bio}</p> : null}
        </>
      )}
    </CardGrid>
  );
}
