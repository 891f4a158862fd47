import type { PublicContentName } from '../../shared/content/public-content';
import { contentTypesByName } from '../../shared/content/types';
import {
  may,
  type Permission,
  RESOURCE_ACTIONS,
  type RequestReach,
  type Resource,
  ROLE_DECLARATIONS,
  requestReachOf,
  STAFF_ROLES,
} from '../../shared/permissions';
import type { StaffRole } from '../../shared/roles';
import './role-matrix.css';

/** The resources that are not a content type, named as an owner reads them. */
const RESOURCE_NAMES = {
  pictures: 'Pictures',
  siteWords: 'Site texts (company, hero, about, phone)',
  requests: 'Requests',
  subscribers: 'Subscribers',
  users: 'People',
  invitations: 'Invitations',
  operations: 'Settings: mail, sign-in, on-call, integrations',
  apiKeys: 'API keys',
  backups: 'Backups',
  audit: 'Audit log',
  jobs: 'Background jobs (scheduled publishing)',
  trash: 'Trash',
  stats: 'Dashboard figures',
  live: 'Live updates',
} as const satisfies Record<Exclude<Resource, PublicContentName>, string>;

const REACH_WORDS: Record<RequestReach, string> = {
  all: 'all',
  own: 'own only',
  none: '',
};

export const resourceName = (resource: Resource): string =>
  resource in RESOURCE_NAMES
    ? RESOURCE_NAMES[resource as keyof typeof RESOURCE_NAMES]
    : (contentTypesByName.get(resource)?.plural ?? resource);

export interface MatrixRow {
  resource: Resource;
  name: string;
  /** Per role, the actions it holds on the resource, with how many requests it reaches. */
  cells: Record<StaffRole, { actions: string[]; reach?: string }>;
}

/** The declaration as a table: a row per resource, a cell per role (shared/permissions.ts alone). */
export function roleMatrix(): MatrixRow[] {
  return (Object.keys(RESOURCE_ACTIONS) as Resource[]).map((resource) => ({
    resource,
    name: resourceName(resource),
    cells: Object.fromEntries(
      STAFF_ROLES.map((role) => {
        const actions = (RESOURCE_ACTIONS[resource] as readonly string[]).filter((action) =>
          may(role, `${resource}:${action}` as Permission),
        );
        const reach =
          resource === 'requests' && actions.length > 0 ? REACH_WORDS[requestReachOf(role)] : undefined;
        return [role, { actions, reach }];
      }),
    ) as MatrixRow['cells'],
  }));
}

/** What each role may do, read-only, so an owner sees what giving someone a role means. */
export function RoleMatrix() {
  const rows = roleMatrix();
  return (
    <section className="role-matrix" aria-labelledby="role-matrix-title">
      <h2 id="role-matrix-title">What each role may do</h2>
      <dl className="role-summaries">
        {STAFF_ROLES.map((role) => (
          <div key={role}>
            <dt>{ROLE_DECLARATIONS[role].label}</dt>
            <dd>{ROLE_DECLARATIONS[role].summary}</dd>
          </div>
        ))}
      </dl>
      {/* Scrolls inside its own box on a phone; focusable so a keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard */}
      <section className="role-matrix-scroll" tabIndex={0} aria-label="Rights of each role, by resource">
        <table className="role-matrix-table">
          <caption className="visually-hidden">Rights of each role, by resource</caption>
          <thead>
            <tr>
              <th scope="col">Resource</th>
              {STAFF_ROLES.map((role) => (
                <th scope="col" key={role}>
                  {ROLE_DECLARATIONS[role].label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.resource}>
                <th scope="row">{row.name}</th>
                {STAFF_ROLES.map((role) => {
                  const { actions, reach } = row.cells[role];
                  return (
                    <td key={role} className={actions.length ? undefined : 'role-matrix-none'}>
                      {actions.length ? (
                        <>
                          {actions.join(', ')}
                          {reach && <span className="role-matrix-reach"> ({reach})</span>}
                        </>
                      ) : (
                        <>
                          <span aria-hidden="true">—</span>
                          <span className="visually-hidden">nothing</span>
                        </>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
