import {
  type ClientLoaderFunctionArgs,
  Link,
  useLoaderData,
  useLocation,
  useRevalidator,
  useRouteLoaderData,
} from 'react-router';
import type { z } from 'zod';
import { CONTACT_STAGES } from '../../../shared/constants';
import { schemasFor } from '../../../shared/content/schema';
import { contactus } from '../../../shared/content/types';
import type { ListPage } from '../../../shared/list-page';
import { servicePath } from '../../../shared/seo/public-pages';
import { mailtoHref, telHref } from '../../../shared/text';
import { restoreRecord, runChange } from '../../admin/actions';
import { Spinner, useFeedback } from '../../admin/feedback';
import { formatWhen } from '../../admin/format';
import { adminRead, optionalRead } from '../../admin/load';
import { Pagination, ScreenHeader, SearchBar } from '../../admin/record-view';
import {
  QUEUE_FILTERS,
  queueQuery,
  type RequestExtras,
  readStaff,
  requestAbilities,
  STAGE_LABELS,
  type StaffMember,
  stageLabel,
  timeAgo,
} from '../../admin/request';
import { openScreen } from '../../admin/signed-in';
import { api } from '../../lib/api';
import '../../admin/request-desk.css';
import type { loader as layoutLoader } from './layout';

const PAGE_SIZE = 12;
const statusField = contactus.fields.status;
/** The spec's Pending and read, in the words of what they mean now. */
const SEEN_WORDS: Record<(typeof statusField.options)[number], string> = {
  Pending: 'Not seen yet',
  read: 'Seen',
};
const declaredFilters: readonly string[] = contactus.list.filters ?? [];

const messageSchema = schemasFor(contactus).record;
/** A request as GET /api/contactus answers it, typed by the declaration. */
export type Message = z.infer<typeof messageSchema> & RequestExtras;

interface ServiceOption {
  slug: string;
  title: string;
}

export function meta() {
  return [{ title: 'Messages | Admin' }];
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const me = await openScreen(request);
  const url = new URL(request.url);
  const { filters, query, page } = queueQuery(url, PAGE_SIZE);
  const [list, staff, services] = await Promise.all([
    adminRead<ListPage<Message>>(`/api/${contactus.name}?${query}`, request),
    readStaff(me.role, (path) => optionalRead(path, request)),
    optionalRead<ServiceOption[]>('/api/service', request),
  ]);
  return {
    messages: list.data,
    totalCount: list.totalCount,
    page,
    q: filters.get('q') ?? '',
    filters: Object.fromEntries(QUEUE_FILTERS.map((name) => [name, filters.get(name) ?? ''])),
    staff,
    services: (services ?? []).map(({ slug, title }) => ({ slug, title })),
    exportQuery: filters.toString(),
  };
}
clientLoader.hydrate = true as const;

export { ScreenError as ErrorBoundary } from '../../admin/screen-error';

export function HydrateFallback() {
  return <Spinner />;
}

type Option = readonly [value: string, label: string];

/** The queue's filters and their choices, in the order the bar shows them. */
function queueFilters(data: {
  services: ServiceOption[];
  staff: StaffMember[];
}): { name: string; label: string; options: readonly Option[] }[] {
  return [
    {
      name: 'stage',
      label: 'Stage',
      options: [['', 'Any'], ...CONTACT_STAGES.map((s) => [s, STAGE_LABELS[s]] as const)],
    },
    {
      name: 'service',
      label: 'Service',
      options: [['', 'Any'], ...data.services.map((s) => [s.slug, s.title] as const)],
    },
    {
      name: 'assignee',
      label: 'Assignee',
      options: [
        ['', 'Anyone'],
        ['me', 'Me'],
        ['none', 'Unassigned'],
        ...data.staff.map((m) => [m._id, m.name] as const),
      ],
    },
    {
      name: 'urgent',
      label: 'Urgent',
      options: [
        ['', 'All'],
        ['true', 'Urgent only'],
        ['false', 'Not urgent'],
      ],
    },
    // The spec's status, said as what it means (decision 100): has anyone on the staff seen it?
    {
      name: 'status',
      label: 'Seen',
      options: [['', 'All'], ...statusField.options.map((o) => [o, SEEN_WORDS[o]] as const)],
    },
    // The spam filter appears when the declaration has the field.
    {
      name: 'spam',
      label: 'Show',
      options: [
        ['', 'Inbox'],
        ['true', 'Spam'],
      ],
    },
  ];
}

/** One filter of the queue: a labelled select whose value lands in the URL. */
/** Below the tablet breakpoint (tokens.css). */
const onPhone = () => typeof window !== 'undefined' && window.matchMedia('(max-width: 767px)').matches;

function QueueFilter({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: readonly Option[];
}) {
  if (!declaredFilters.includes(name)) return null;
  return (
    <div className="filter">
      <label htmlFor={`queue-${name}`}>{label}</label>
      <select id={`queue-${name}`} name={name} defaultValue={value}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The contact inbox as a queue: urgent requests still new first, then the oldest new ones, then
 * the rest. Each row opens the request's page (which marks it seen); Delete works from the row.
 */
export default function Messages() {
  const data = useLoaderData<typeof clientLoader>();
  const feedback = useFeedback();
  const revalidator = useRevalidator();
  const location = useLocation();
  const me = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')?.user;
  const staffName = new Map(data.staff.map((member) => [member._id, member.name]));
  const serviceTitle = new Map(data.services.map((service) => [service.slug, service.title]));
  const back = `${location.pathname}${location.search}`;
  const may = requestAbilities(me?.role ?? 'pending');

  async function notSpam(message: Message) {
    await runChange(
      feedback,
      revalidator.revalidate,
      {
        path: `/api/${contactus.name}/${message._id}`,
        method: 'PUT',
        body: { spam: false, version: message.version },
      },
      `The message from ${message.name} is back in the inbox.`,
    );
  }

  async function remove(message: Message) {
    if (!(await feedback.confirm({ message: 'Are you sure you want to delete?' }))) return;
    try {
      await api(`/api/${contactus.name}/${message._id}`, { method: 'DELETE' });
    } catch {
      feedback.error('Something went wrong!');
      return;
    }
    revalidator.revalidate();
    feedback.success('Deleted successfully!', {
      label: 'Undo',
      run: () =>
        void restoreRecord(feedback, revalidator.revalidate, contactus.name, message._id, message.name),
    });
  }

  const assigneeName = (id: string | null | undefined) =>
    id ? (id === me?._id ? `${staffName.get(id) ?? me.name} (you)` : (staffName.get(id) ?? 'Someone')) : '';
  const activeFilters = Object.values(data.filters).filter(Boolean).length;
  const filtered = Boolean(data.q || activeFilters > 0);
  return (
    <section className="screen" aria-busy={revalidator.state === 'loading'}>
      <ScreenHeader title="Messages" count={data.totalCount}>
        <a
          className="btn btn-light"
          href={`/api/${contactus.name}/export.csv${data.exportQuery ? `?${data.exportQuery}` : ''}`}
          download
        >
          Export CSV
        </a>
      </ScreenHeader>
      <SearchBar label="Search messages" q={data.q}>
        {/* On a phone the filters fold away, so the first request is on the first screen. */}
        <details className="queue-filters-box" open={!onPhone()}>
          <summary>Filters{activeFilters > 0 ? ` (${activeFilters} on)` : ''}</summary>
          <div className="queue-filters">
            {queueFilters(data).map((filter) => (
              <QueueFilter key={filter.name} {...filter} value={data.filters[filter.name] ?? ''} />
            ))}
          </div>
        </details>
      </SearchBar>
      {data.messages.length === 0 ? (
        <p className="empty">{filtered ? 'No messages match these filters.' : 'No messages yet.'}</p>
      ) : (
        <div className="queue-scroll">
          <table className="data-table queue-table">
            <caption className="visually-hidden">Requests, urgent and oldest new first</caption>
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col">Received</th>
                <th scope="col">Name</th>
                <th scope="col">Service</th>
                <th scope="col">Area</th>
                <th scope="col">Urgent</th>
                <th scope="col">Stage</th>
                <th scope="col">Assignee</th>
                <th scope="col">Seen</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.messages.map((message) => {
                const pending = message.status === 'Pending';
                const stage = String(message.stage ?? 'new');
                const assignee = assigneeName(message.assignee);
                return (
                  <tr
                    key={message._id}
                    className={`queue-row${pending ? ' unread' : ''}${message.urgent ? ' urgent' : ''}`}
                  >
                    <td className="queue-ref message-reference">
                      {message.reference ?? <span className="muted">—</span>}
                    </td>
                    <td className="queue-received">
                      <time dateTime={message.createdAt} title={formatWhen(message.createdAt)}>
                        {timeAgo(message.createdAt)}
                      </time>
                    </td>
                    <th scope="row" className="queue-name">
                      <Link
                        to={`/message/${message._id}`}
                        state={{ back }}
                        className="queue-open"
                        id={`open-${message._id}`}
                      >
                        {message.name}
                      </Link>
                      <span className="queue-contact">
                        <a href={telHref(message.phone)}>{message.phone}</a>
                        <a href={mailtoHref(message.email)}>{message.email}</a>
                      </span>
                      <span className="queue-excerpt">{message.message}</span>
                      {message.photoCount ? (
                        <span className="queue-photos">
                          {message.photoCount === 1 ? '1 photo' : `${message.photoCount} photos`}
                        </span>
                      ) : null}
                    </th>
                    <td className="queue-service">
                      {message.service ? (
                        <a href={servicePath(message.service)}>
                          {serviceTitle.get(message.service) ?? message.service}
                        </a>
                      ) : (
                        <span className="muted">—</span>
                      )}
                    </td>
                    <td className="queue-area">{message.area || <span className="muted">—</span>}</td>
                    <td className="queue-urgent">
                      {message.urgent ? <span className="status-badge urgent">Urgent</span> : null}
                      {message.spam ? <span className="status-badge spam">Spam</span> : null}
                    </td>
                    <td className="queue-stage">
                      <span className={`stage-badge stage-${stage}`}>{stageLabel(stage)}</span>
                    </td>
                    <td className="queue-assignee">
                      {assignee || <span className="muted">Unassigned</span>}
                    </td>
                    <td className="queue-status">
                      {pending ? (
                        <span className="status-badge pending">{SEEN_WORDS.Pending}</span>
                      ) : (
                        <span className="muted">{SEEN_WORDS.read}</span>
                      )}
                    </td>
                    <td className="queue-actions">
                      <div className="row-actions">
                        {message.spam && may.spam && (
                          <button
                            type="button"
                            className="btn btn-small btn-light"
                            onClick={() => void notSpam(message)}
                          >
                            Not spam<span className="visually-hidden">: the message from {message.name}</span>
                          </button>
                        )}
                        {may.remove && (
                          <button
                            type="button"
                            className="btn btn-small btn-danger"
                            onClick={() => void remove(message)}
                          >
                            Delete<span className="visually-hidden"> the message from {message.name}</span>
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={data.page} pageSize={PAGE_SIZE} total={data.totalCount} />
    </section>
  );
}
