import { type ClientLoaderFunctionArgs, useLoaderData } from 'react-router';
import type { AuditAction, AuditEntry, FieldChange } from '../../../shared/audit';
import { type Field, f } from '../../../shared/content/fields';
import { settings as settingsDef } from '../../../shared/content/settings';
import { contentTypes, contentTypesByName } from '../../../shared/content/types';
import type { ListPage } from '../../../shared/list-page';
import { ADDRESS_KEY, ADDRESS_LABEL } from '../../admin/address-field';
import { Spinner } from '../../admin/feedback';
import { formatWhen, pageOf, pickParams } from '../../admin/format';
import { adminRead, optionalRead } from '../../admin/load';
import { DataTable, FilterForm, Pagination, ScreenHeader } from '../../admin/record-view';
import { readStaff } from '../../admin/request';
import { openScreen } from '../../admin/signed-in';
import { ValueLine } from '../../admin/value-words';

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
  reorder: 'Changed order',
  escalate: 'Escalated (nobody picked it up)',
  deactivate: 'Deactivated',
  reactivate: 'Reactivated',
  invite: 'Invited',
  resend: 'Sent again (new link)',
  revoke: 'Revoked',
  accept: 'Accepted',
  publish: 'Published',
  unpublish: 'Taken off the site',
  schedule: 'Scheduled to publish',
  unschedule: 'Schedule cancelled',
};
const OTHER_RESOURCES: Record<string, string> = {
  settings: 'Site settings',
  users: 'User',
  session: 'Session',
  media: 'Image',
  invitations: 'Invitation',
};
const resourceLabel = (resource: string) =>
  contentTypesByName.get(resource)?.label ?? OTHER_RESOURCES[resource] ?? resource;

export function meta() {
  return [{ title: 'Audit log | Admin' }];
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const me = await openScreen(request);
  const url = new URL(request.url);
  const query = pickParams(url, ['resource', 'action']);
  const page = pageOf(url);
  query.set('page', String(page));
  query.set('pageSize', String(PAGE_SIZE));
  const [{ data, totalCount }, staff] = await Promise.all([
    adminRead<ListPage<AuditEntry>>(`/api/audit?${query}`, request),
    readStaff(me.role, (path) => optionalRead(path, request)),
  ]);
  return {
    entries: data,
    // A staff field (an assignee) is stored as the account's id and read as its name.
    staffNames: Object.fromEntries(staff.map((member) => [member._id, member.name])),
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

const OTHER_FIELDS: Record<string, string> = {
  order: 'Order',
  sortOrder: 'Position',
  role: 'Role',
  [ADDRESS_KEY]: ADDRESS_LABEL,
};

/** A schedule's entry names the time its draft goes on the site: read as a time, in the site's zone. */
const PUBLISH_AT = f.dateTime('Goes on the site');

function declaredField(resource: string, field: string): Field | undefined {
  if (field === 'publishAt') return PUBLISH_AT;
  const fields = resource === 'settings' ? settingsDef.fields : contentTypesByName.get(resource)?.fields;
  return (fields as Record<string, Field> | undefined)?.[field];
}

function fieldLabel(resource: string, field: string): string {
  return declaredField(resource, field)?.label ?? OTHER_FIELDS[field] ?? field;
}

/** One changed field: its value before and after, or only its name (personal data, secrets). */
function ChangeLine({
  resource,
  change,
  staffNames,
}: {
  resource: string;
  change: FieldChange;
  staffNames: Record<string, string>;
}) {
  const label = fieldLabel(resource, change.field);
  const field = declaredField(resource, change.field);
  const hasBefore = 'before' in change;
  const hasAfter = 'after' in change;
  if (!hasBefore && !hasAfter) return <li>{label}</li>;
  return (
    <li>
      <span className="audit-field">{label}:</span>{' '}
      {hasBefore && (
        <del>
          <ValueLine value={change.before} field={field} staffNames={staffNames} />
        </del>
      )}
      {hasBefore && hasAfter && ' → '}
      {hasAfter && (
        <ins>
          <ValueLine value={change.after} field={field} staffNames={staffNames} />
        </ins>
      )}
    </li>
  );
}

/** Who changed what, and when: values before and after for content, names only for personal data. */
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
        <DataTable caption="Audit log" headings={['When', 'Who', 'Action', 'What', 'Changes']}>
          {data.entries.map((entry) => (
            <tr key={entry._id}>
              <td data-label="When" className="nowrap">
                <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
              </td>
              <td data-label="Who">{entry.actorName ?? <span className="muted">visitor</span>}</td>
              <td data-label="Action">{ACTIONS[entry.action as AuditAction] ?? entry.action}</td>
              <td data-label="What">
                {resourceLabel(entry.resource)} {entry.recordName && <q>{entry.recordName}</q>}{' '}
                <span className="muted">{entry.recordId.slice(0, 8)}</span>
              </td>
              <td data-label="Changes">
                {entry.changes.length ? (
                  <ul className="audit-changes">
                    {entry.changes.map((change) => (
                      <ChangeLine
                        key={change.field}
                        resource={entry.resource}
                        change={change}
                        staffNames={data.staffNames}
                      />
                    ))}
                  </ul>
                ) : (
                  <span className="muted">—</span>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pagination page={data.page} pageSize={PAGE_SIZE} total={data.totalCount} />
    </section>
  );
}
