import { Link } from 'react-router';
import { FilterChips } from '../../components/filter-chips';
import { ProjectGrid } from '../../components/project-grid';
import { SectionHeading } from '../../components/section-heading';
import { pageMeta } from '../../lib/seo';
import { serviceLinksById, toProjectCard } from '../../lib/view-models';
import type { Route } from './+types/projects';

export async function loader({ context, request }: Route.LoaderArgs) {
  const wanted = new URL(request.url).searchParams.get('service');
  const [services, records] = await Promise.all([context.site.list('service'), context.site.list('project')]);
  const links = serviceLinksById(services);
  const projects = records.map((record) => toProjectCard(record, links));
  // A filter per service that has projects, in the services' own order, each with its count.
  const filters = services
    .map((s) => ({
      slug: s.slug,
      title: s.title,
      count: projects.filter((p) => p.service?.slug === s.slug).length,
    }))
    .filter((s) => s.count > 0);
  // A service that is not (or no longer) listed filters nothing out rather than showing nothing.
  const selected = services.find((s) => s.slug === wanted) ?? null;
  return {
    filters,
    total: projects.length,
    selected: selected ? { slug: selected.slug, title: selected.title } : null,
    projects: selected ? projects.filter((p) => p.service?.slug === selected.slug) : projects,
  };
}

export function meta(args: Route.MetaArgs) {
  const selected = args.data?.selected;
  return pageMeta(args, {
    title: selected ? `Projects: ${selected.title}` : 'Our Projects: finished jobs, before and after',
    description: selected
      ? `Jobs our technicians finished for ${selected.title}, with before and after pictures.`
      : 'Jobs our technicians finished across Pakistan: the problem, what we did and the result, with before and after pictures.',
    path: '/projects',
    image: args.data?.projects[0]?.image || undefined,
  });
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { projects, filters, selected, total } = loaderData;
  return (
    <>
      <section className="page-header">
        <div className="container">
          <SectionHeading level={1} eyebrow="Proof of work" title="Our Projects">
            Jobs we have finished: what was wrong, what we did and how it turned out.
          </SectionHeading>
          {filters.length > 1 ? (
            <FilterChips
              label="Filter projects by service"
              chips={[
                { to: '/projects', label: 'All projects', count: total, current: selected === null },
                ...filters.map((f) => ({
                  to: `/projects?service=${encodeURIComponent(f.slug)}`,
                  label: f.title,
                  count: f.count,
                  current: selected?.slug === f.slug,
                })),
              ]}
            />
          ) : null}
        </div>
      </section>
      <section className="section" aria-label={selected ? `Projects: ${selected.title}` : 'Projects'}>
        <div className="container">
          {projects.length === 0 ? (
            <div className="empty project-empty">
              <p>
                {selected
                  ? `No finished ${selected.title} projects to show yet.`
                  : 'Our finished projects will appear here soon.'}
              </p>
              <p>
                {selected ? (
                  <Link to="/projects" className="text-link">
                    See all projects
                  </Link>
                ) : (
                  <Link to="/services" className="text-link">
                    See what we do
                  </Link>
                )}
              </p>
            </div>
          ) : (
            <ProjectGrid projects={projects} priorityFirst headingLevel={2} />
          )}
        </div>
      </section>
    </>
  );
}
