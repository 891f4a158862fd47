import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { projectJsonLd } from '../../../shared/seo/json-ld';
import { servicePath } from '../../../shared/seo/public-pages';
import { JsonLd } from '../../components/json-ld';
import { PageError } from '../../components/page-error';
import { Picture } from '../../components/picture';
import { BUTTON_WORDS } from '../../components/words';
import { recordAtAddress } from '../../lib/page-record';
import { pageMeta } from '../../lib/seo';
import { serviceLinksById, toProjectDetail } from '../../lib/view-models';
import type { PageHandle } from '../../root';
import type { Route } from './+types/project';
import projectStyles from './project.css?inline';

export const handle: PageHandle = { styles: [projectStyles] };

export async function loader({ context, params }: Route.LoaderArgs) {
  const record = await recordAtAddress(context, 'project', params.slug);
  const [services, client, testimonial] = await Promise.all([
    context.site.list('service'),
    record.client ? context.site.findById('client', record.client) : null,
    record.testimonial ? context.site.findById('testimonial', record.testimonial) : null,
  ]);
  const project = toProjectDetail(record, serviceLinksById(services), client, testimonial);
  const description = [project.problem, project.result].filter(Boolean).join(' ');
  const jsonLd = projectJsonLd(
    {
      title: project.title,
      slug: project.slug,
      description,
      images: [project.after, project.before, ...project.images].filter(Boolean),
      completedOn: project.completedOn,
      area: project.area,
      service: project.service,
    },
    context.origin,
  );
  return { project, description, jsonLd };
}

export function meta(args: Route.MetaArgs) {
  const project = args.data?.project;
  if (!project) return [{ title: 'Project not found' }, { name: 'robots', content: 'noindex' }];
  return pageMeta(args, {
    title: project.area ? `${project.title}, ${project.area}` : project.title,
    description: args.data?.description || `${project.title}: before and after.`,
    image: project.image || undefined,
    type: 'article',
  });
}

/** The pictures of a job before and after it, as a slider with script, side by side without. */
function Comparison({ title, before, after }: { title: string; before: string; after: string }) {
  const pane = (src: string, stage: 'Before' | 'After') => (
    <figure className={`compare-pane compare-${stage.toLowerCase()}`}>
      <Picture
        src={src}
        alt={`${title}, ${stage.toLowerCase()}`}
        sizes="(min-width: 1024px) 960px, 92vw"
        width={1200}
        height={800}
        priority
        className="compare-image"
      />
      <figcaption className="compare-label">{stage}</figcaption>
    </figure>
  );
  return (
    <div className="compare" data-island="compare">
      {pane(before, 'Before')}
      {pane(after, 'After')}
    </div>
  );
}

export default function Project({ loaderData }: Route.ComponentProps) {
  const { project, jsonLd } = loaderData;
  const story = [
    { id: 'problem', title: 'The problem', text: project.problem },
    { id: 'work', title: 'What we did', text: project.work },
    { id: 'result', title: 'The result', text: project.result },
  ].filter((part) => part.text);
  const facts = [
    project.service && {
      term: 'Service',
      value: <Link to={servicePath(project.service.slug)}>{project.service.title}</Link>,
    },
    project.area && { term: 'Area', value: project.area },
    project.completedOn && {
      term: 'Completed',
      value: <time dateTime={project.completedOn}>{project.completedLabel}</time>,
    },
    project.client && { term: 'Client', value: project.client },
  ].filter((fact) => Boolean(fact)) as { term: string; value: ReactNode }[];
  const request = project.service
    ? `/contact?service=${encodeURIComponent(project.service.slug)}`
    : '/contact';
  return (
    <article className="project-detail">
      <header className="page-header">
        <div className="container">
          <div className="project-head">
            <nav aria-label="Breadcrumb" className="breadcrumb">
              <Link to="/projects">Projects</Link>
              {project.service ? (
                <>
                  {' '}
                  <span aria-hidden="true">/</span>{' '}
                  <Link to={`/projects?service=${encodeURIComponent(project.service.slug)}`}>
                    {project.service.title}
                  </Link>
                </>
              ) : null}
            </nav>
            <h1>{project.title}</h1>
            <dl className="project-facts">
              {facts.map((fact) => (
                <div key={fact.term}>
                  <dt>{fact.term}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </header>

      <div className="container section project-body">
        {project.before && project.after ? (
          <section aria-label="Before and after" className="project-compare">
            <Comparison title={project.title} before={project.before} after={project.after} />
          </section>
        ) : project.image ? (
          <Picture
            src={project.image}
            alt={project.title}
            sizes="(min-width: 1024px) 960px, 92vw"
            width={1200}
            height={800}
            priority
            className="project-single-image"
          />
        ) : null}

        {story.length > 0 ? (
          <div className="project-story">
            {story.map((part) => (
              <section key={part.id} aria-labelledby={`story-${part.id}`}>
                <h2 id={`story-${part.id}`}>{part.title}</h2>
                {part.text.split(/\n{2,}/).map((paragraph) => (
                  <p key={paragraph.slice(0, 40)}>{paragraph}</p>
                ))}
              </section>
            ))}
          </div>
        ) : null}

        {project.images.length > 0 ? (
          <section aria-labelledby="project-gallery" className="project-gallery">
            <h2 id="project-gallery">More from this job</h2>
            <ul className="gallery-grid" data-island="lightbox">
              {project.images.map((image, i) => (
                <li key={image}>
                  <a href={image} className="gallery-link">
                    <Picture
                      src={image}
                      alt={`${project.title}, photo ${i + 1}`}
                      sizes="(min-width: 1200px) 280px, (min-width: 640px) 30vw, 46vw"
                      width={600}
                      height={400}
                    />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {project.testimonial ? (
          <figure className="project-quote">
            <blockquote>
              <p>{project.testimonial.quote}</p>
            </blockquote>
            <figcaption>
              <strong>{project.testimonial.name}</strong>
              {project.testimonial.position ? <span>, {project.testimonial.position}</span> : null}
            </figcaption>
          </figure>
        ) : null}

        <aside className="project-cta" aria-labelledby="project-cta">
          <h2 id="project-cta">Need the same done?</h2>
          <p>
            {project.service
              ? `Tell us about your job and we will send a ${project.service.title} technician.`
              : 'Tell us about your job and we will send a technician.'}
          </p>
          <p className="cta-row">
            <Link to={request} className="btn btn-primary">
              {BUTTON_WORDS.requestVisit}
              {project.service ? <span className="visually-hidden">: {project.service.title}</span> : null}
            </Link>
            <Link to="/projects" className="btn btn-outline">
              All projects
            </Link>
          </p>
        </aside>
      </div>
      <JsonLd data={jsonLd} />
    </article>
  );
}

export function ErrorBoundary() {
  return <PageError />;
}
