import { Link } from 'react-router';
import { projectPath } from '../../shared/seo/public-pages';
import type { ProjectCardData } from '../lib/view-models';
import { CardGrid } from './card-grid';

/**
 * Finished jobs as cards: the after picture, the title (the link to the project), then its service,
 * area and completion day. Used by /projects, the home page and each service's page.
 */
export function ProjectGrid({
  projects,
  headingLevel = 3,
  priorityFirst = false,
  showService = true,
}: {
  projects: readonly ProjectCardData[];
  headingLevel?: 2 | 3;
  priorityFirst?: boolean;
  /** False where every card is of one service (that service's page): no need to say it each time. */
  showService?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <CardGrid
      items={projects}
      className="project-grid"
      cardClassName="project-card"
      image={{
        src: (project) => project.image,
        sizes: '(min-width: 1200px) 370px, (min-width: 768px) 45vw, 92vw',
        className: 'project-card-image',
      }}
      noImage={() => <span className="project-card-image project-card-blank" />}
      priorityFirst={priorityFirst}
    >
      {(project) => (
        <div className="project-card-body">
          {showService && project.service ? (
            <p className="chip chip-static">{project.service.title}</p>
          ) : null}
          <Heading className="project-card-title">
            <Link to={projectPath(project.slug)} className="card-link">
              {project.title}
            </Link>
          </Heading>
          <p className="project-card-meta">
            {project.area ? <span>{project.area}</span> : null}
            {project.completedOn ? (
              <time dateTime={project.completedOn}>{project.completedLabel}</time>
            ) : null}
          </p>
        </div>
      )}
    </CardGrid>
  );
}

/** A service's latest projects on its page, with a link to all of them; nothing when it has none. */
export function ServiceProjects({
  service,
  projects,
}: {
  service: { title: string; slug: string };
  projects: readonly ProjectCardData[];
}) {
  if (projects.length === 0) return null;
  return (
    <section className="section" aria-labelledby="service-projects">
      <div className="container">
        <h2 id="service-projects">Recent {service.title} projects</h2>
        <ProjectGrid projects={projects} showService={false} />
        <p className="section-more">
          <Link to={`/projects?service=${encodeURIComponent(service.slug)}`} className="text-link">
            See all {service.title} projects
          </Link>
        </p>
      </div>
    </section>
  );
}
