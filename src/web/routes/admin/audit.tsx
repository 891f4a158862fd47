import { type ClientLoaderFunctionArgs, useLoaderData } from 'react-router';
import type { AuditAction, AuditEntry } from '../../../shared/audit';
import { contentTypes, contentTypesByName } from '../../../shared/content/types';
import type { ListPage } from '../../../shared/list-page';
import { Spinner } from '../../admin/feedback';
import { formatWhen, pageOf, pickParams } from '../../admin/format';
import { adminRead } from '../../admin/load';
import { DataTable, FilterForm, Pagination, ScreenHeader } from '../../admin/record-view';

const PAGE_SIZE = 25;

const ACTIONS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  restore: 'Restored',
  purge: 'Deleted for good',
  login: 'Logged in',
  logout: 'Logged out',
  role: 'Changed role',
};
const OTHER_RESOURCES: Record<string, string> = {
  settings: 'Site settings',
  users: 'User',
  session: 'Session',
  media: 'Image',
};
const resourceLabel = (resource: string) =>
  contentTypesByName.get(resource)?.label ?? OTHER_RESOURCES[resource] ?? resource;

export function meta() {
  return [{ title: 'Audit log | Admin' }];
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = pickParams(url, ['resource', 'action']);
  const page = pageOf(url);
  query.set('page', String(page));
  query.set('pageSize', String(PAGE_SIZE));
  const { data, totalCount } = await adminRead<ListPage<AuditEntry>>(`/api/audit?${query}`, request);
  return {
    entries: data,
    totalCount,
    page,
    resource: url.searchParams.get('resource') ?? '',
    action: url.searchParams.get('action') ?? '',
  };
}
clientLoader.hydrate = true as const;

export { ScreenError as ErrorBoundary } from '../../admin/screen-error';

export function HydrateFallback() {
  return <Spinner />;
}

/** Who changed what, and when (field names only, never values). */
export default function Audit() {
  const data = useLoaderData<typeof clientLoader>();
  return (
    <section className="screen">
      <ScreenHeader title="Audit log" count={data.totalCount} />
      <FilterForm>
        <div className="filter">
          <label htmlFor="audit-resource">What</label>
          <select id="audit-resource" name="resource" defaultValue={data.resource}>
            <option value="">Everything</option>
            {[...contentTypes.map((def) => def.name), ...Object.keys(OTHER_RESOURCES)].map((name) => (
              <option key={name} value={name}>
                {resourceLabel(name)}
              </option>
            ))}
          </select>
        </div>
        <div className="filter">
          <label htmlFor="audit-action">Action</label>
          <select id="audit-action" name="action" defaultValue={data.action}>
            <option value="">Any</option>
            {Object.entries(ACTIONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </FilterForm>
      {data.entries.length === 0 ? (
        <p className="empty">Nothing recorded yet.</p>
      ) : (
        <DataTable caption="Audit log" headings={['When', 'Who', 'Action', 'What', 'Fields']}>
          {data.entries.map((entry) => (
            <tr key={entry._id}>
              <td data-label="When" className="nowrap">
                <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
              </td>
              <td data-label="Who">{entry.actorName ?? <span className="muted">visitor</span>}</td>
              <td data-label="Action">{ACTIONS[entry.action as AuditAction] ?? entry.action}</td>
              <td data-label="What">
                {resourceLabel(entry.resource)} <span className="muted">{entry.recordId.slice(0, 8)}</span>
              </td>
              <td data-label="Fields">{entry.fields.join(', ') || <span className="muted">—</span>}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pagination page={data.page} pageSize={PAGE_SIZE} total={data.totalCount} />
    </section>
  );
}
