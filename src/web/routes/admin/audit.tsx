import { type ClientLoaderFunctionArgs, useLoaderData } from 'react-router';
import type { AuditAction, AuditEntry, FieldChange } from '../../../shared/audit';
import type { Field } from '../../../shared/content/fields';
import type { WeeklyHours } from '../../../shared/content/hours';
import { settings as settingsDef } from '../../../shared/content/settings';
import { contentTypes, contentTypesByName } from '../../../shared/content/types';
import type { ListPage } from '../../../shared/list-page';
import { Spinner } from '../../admin/feedback';
import { ReferenceName } from '../../admin/field-control';
import { formatDay, formatWhen, pageOf, pickParams } from '../../admin/format';
import { adminRead, optionalRead } from '../../admin/load';
import {
  DataTable,
  FilterForm,
  listSummary,
  Pagination,
  ScreenHeader,
  weekSummary,
} from '../../admin/record-view';
import { readStaff } from '../../admin/request';
import { openScreen } from '../../admin/signed-in';

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

const OTHER_FIELDS: Record<string, string> = { order: 'Order', sortOrder: 'Position', role: 'Role' };

function declaredField(resource: string, field: string): Field | undefined {
  const fields = resource === 'settings' ? settingsDef.fields : contentTypesByName.get(resource)?.fields;
  return (fields as Record<string, Field> | undefined)?.[field];
}

function fieldLabel(resource: string, field: string): string {
  return declaredField(resource, field)?.label ?? OTHER_FIELDS[field] ?? field;
}

/** A stored value as one short line: long texts are cut, lists joined, times in the reader's zone. */
function shown(value: unknown, field: Field | undefined, staffNames: Record<string, string>): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field?.kind === 'user') return staffNames[String(value)] ?? 'A former staff member';
  if (field?.kind === 'dateTime' && typeof value === 'string') return formatWhen(value) || value;
  if (field?.kind === 'date' && typeof value === 'string') return formatDay(value);
  if (field?.kind === 'list') return listItems(field.fields, value);
  if (field?.kind === 'weeklyHours') return weekSummary(value as WeeklyHours);
  const text = Array.isArray(value) ? value.map(String).join(', ') : String(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** A value as `shown` words it; a reference by id is named by its record's title. */
function shownValue(value: unknown, field: Field | undefined, staffNames: Record<string, string>) {
  if (field?.kind === 'reference' && field.by === 'id' && typeof value === 'string')
    return <ReferenceName field={field} value={value} />;
  return shown(value, field, staffNames);
}

/** A list's rows in a line: each row's first text (`Question one | Question two`), or its row count. */
function listItems(fields: Record<string, Field>, value: unknown): string {
  const first = Object.entries(fields).find(([, sub]) => sub.kind === 'text')?.[0];
  const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  if (rows.length === 0) return '(empty)';
  const text = first ? rows.map((row) => String(row[first] ?? '')).join(' | ') : listSummary('rows', rows);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
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
      {hasBefore && <del>{shownValue(change.before, field, staffNames)}</del>}
      {hasBefore && hasAfter && ' → '}
      {hasAfter && <ins>{shownValue(change.after, field, staffNames)}</ins>}
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
