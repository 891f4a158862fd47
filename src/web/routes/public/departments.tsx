import { Link, type ShouldRevalidateFunctionArgs, useSearchParams } from 'react-router';
import { telHref } from '../../../shared/text';
import { Icon } from '../../components/icons';
import { Picture } from '../../components/picture';
import { SectionHeading } from '../../components/section-heading';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/departments';

export async function loader({ context }: Route.LoaderArgs) {
  const departments = await context.site.list('department');
  return {
    departments: departments.map((d) => ({
      id: d._id,
      name: d.name,
      description: d.description,
      phone: d.phone,
      // A department has one image; its field keeps the spec's name, `images`.
      image: d.images,
    })),
  };
}

// Picking a department only changes ?d=; the list is already here.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export function meta(args: Route.MetaArgs) {
  const names = args.data?.departments.map((d) => d.name).join(', ');
  return pageMeta(args, {
    title: 'Departments',
    description: names ? `Our departments: ${names}.` : 'The departments of our company.',
    path: '/department',
  });
}

function Placeholder() {
  return (
    <svg
      className="department-image placeholder"
      viewBox="0 0 600 400"
      role="img"
      aria-label="No department selected"
    >
      <rect width="600" height="400" rx="16" fill="#e2e8f0" />
      <path d="M300 120 200 175v60c0 55 42 100 100 110 58-10 100-55 100-110v-60z" fill="#94a3b8" />
    </svg>
  );
}

export default function Departments({ loaderData }: Route.ComponentProps) {
  const { departments } = loaderData;
  const [params] = useSearchParams();
  // The first department is selected until the visitor picks one (?d=<id>, so it also works without JavaScript).
  const selected = departments.find((d) => d.id === params.get('d')) ?? departments[0] ?? null;
  return (
    <>
      <section className="page-header">
        <div className="container">
          <SectionHeading level={1} eyebrow="Who does what" title="Departments">
            Specialist teams, each with its own engineers, vans and spare parts.
          </SectionHeading>
        </div>
      </section>
      <section className="section" aria-label="Departments">
        <div className="container department-layout">
          <nav aria-label="Departments list" className="department-list">
            {departments.length === 0 ? <p className="empty">No departments yet.</p> : null}
            <ul>
              {departments.map((d) => (
                <li key={d.id}>
                  <Link
                    to={`?d=${d.id}`}
                    replace
                    preventScrollReset
                    className="department-link"
                    aria-current={selected?.id === d.id ? 'true' : undefined}
                  >
                    {d.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="department-panel card" aria-live="polite">
            {selected ? (
              <>
                {selected.image ? (
                  <Picture
                    src={selected.image}
                    alt=""
                    sizes="(min-width: 960px) 640px, 92vw"
                    width={600}
                    height={400}
                    priority
                    className="department-image"
                  />
                ) : (
                  <Placeholder />
                )}
                <div className="card-pad">
                  <h2>{selected.name}</h2>
                  <p>{selected.description}</p>
                  {selected.phone ? (
                    <p className="icon-line">
                      <Icon name="phone" className="icon icon-sm" />
                      <a href={telHref(selected.phone)}>{selected.phone}</a>
                    </p>
                  ) : null}
                </div>
              </>
            ) : (
              <>
                <Placeholder />
                <div className="card-pad">
                  <h2>Please select a department</h2>
                  <p>Click a department to view details.</p>
                </div>
              </>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
