import { type ClientLoaderFunctionArgs, useLoaderData, useRevalidator } from 'react-router';
import type { z } from 'zod';
import { schemasFor } from '../../../shared/content/schema';
import { contactus } from '../../../shared/content/types';
import type { ListPage } from '../../../shared/list-page';
import { servicePath } from '../../../shared/seo/public-pages';
import { mailtoHref, telHref } from '../../../shared/text';
import { restoreRecord, runChange } from '../../admin/actions';
import { Spinner, useFeedback } from '../../admin/feedback';
import { formatWhen, pageOf, pickParams } from '../../admin/format';
import { adminRead } from '../../admin/load';
import { Pagination, ScreenHeader, SearchBar } from '../../admin/record-view';
import { api } from '../../lib/api';

const PAGE_SIZE = 12;
const statusField = contactus.fields.status;
/** Spam marking exists when the declaration has the field (the inbox filters on it). */
const hasSpam = 'spam' in contactus.fields;

const messageSchema = schemasFor(contactus).record;
/** A message as GET /api/contactus answers it, typed by the declaration. */
type Message = z.infer<typeof messageSchema>;
/** What a visitor quotes when they call (`CF-7Q3KX`); none for messages older than references. */
const referenceOf = (message: Message) => {
  const { reference } = message as Message & { reference?: string | null };
  return typeof reference === 'string' ? reference : null;
};

export function meta() {
  return [{ title: 'Messages | Admin' }];
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const url = new URL(request.url);
  const filters = pickParams(url, ['q', 'status', ...(hasSpam ? ['spam'] : [])]);
  const page = pageOf(url);
  const query = new URLSearchParams(filters);
  query.set('page', String(page));
  query.set('pageSize', String(PAGE_SIZE));
  const { data, totalCount } = await adminRead<ListPage<Message>>(`/api/${contactus.name}?${query}`, request);
  return {
    messages: data,
    totalCount,
    page,
    q: filters.get('q') ?? '',
    status: filters.get('status') ?? '',
    spam: filters.get('spam') ?? '',
    exportQuery: filters.toString(),
  };
}
clientLoader.hydrate = true as const;

export { ScreenError as ErrorBoundary } from '../../admin/screen-error';

export function HydrateFallback() {
  return <Spinner />;
}

/** The contact inbox: read, mark read, delete, search, filter and export what visitors sent. */
export default function Messages() {
  const data = useLoaderData<typeof clientLoader>();
  const feedback = useFeedback();
  const revalidator = useRevalidator();

  async function markRead(message: Message) {
    try {
      await api(`/api/${contactus.name}/${message._id}`, {
        method: 'PUT',
        body: { status: 'read', version: message.version },
      });
      feedback.success(`Message from ${message.name} marked as read.`);
    } catch {
      feedback.error('Something went wrong!');
    }
    revalidator.revalidate();
  }

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

  const filtered = Boolean(data.q || data.status || data.spam);
  return (
    <section className="screen" aria-busy={revalidator.state === 'loading'}>
      <ScreenHeader title="MESSAGES" count={data.totalCount}>
        <a
          className="btn btn-light"
          href={`/api/${contactus.name}/export.csv${data.exportQuery ? `?${data.exportQuery}` : ''}`}
          download
        >
          Export CSV
        </a>
      </ScreenHeader>
      <SearchBar label="Search messages" q={data.q}>
        <div className="filter">
          <label htmlFor="message-status">Status</label>
          <select id="message-status" name="status" defaultValue={data.status}>
            <option value="">All</option>
            {statusField.options.map((option) => (
              <option key={option} value={option}>
                {option === 'read' ? 'Read' : option}
              </option>
            ))}
          </select>
        </div>
        {hasSpam && (
          <div className="filter">
            <label htmlFor="message-spam">Show</label>
            <select id="message-spam" name="spam" defaultValue={data.spam}>
              <option value="">Inbox</option>
              <option value="true">Spam</option>
            </select>
          </div>
        )}
      </SearchBar>
      {data.messages.length === 0 ? (
        <p className="empty">{filtered ? 'No messages match these filters.' : 'No messages yet.'}</p>
      ) : (
        <ul className="message-list">
          {data.messages.map((message) => {
            const pending = message.status === 'Pending';
            return (
              <li key={message._id} className={pending ? 'card message-card unread' : 'card message-card'}>
                <h2 className="card-title">{message.name}</h2>
                <span className="badges">
                  <span className={pending ? 'status-badge pending' : 'status-badge'}>
                    {pending ? 'Pending' : 'Read'}
                  </span>
                  {message.urgent && <span className="status-badge urgent">Urgent</span>}
                  {message.spam && <span className="status-badge spam">Spam</span>}
                </span>
                <dl className="message-meta">
                  {referenceOf(message) ? (
                    <>
                      <dt>Reference</dt>
                      <dd className="message-reference">{referenceOf(message)}</dd>
                    </>
                  ) : null}
                  <dt>Email</dt>
                  <dd>
                    <a href={mailtoHref(message.email)}>{message.email}</a>
                  </dd>
                  <dt>Phone</dt>
                  <dd>
                    <a href={telHref(message.phone)}>{message.phone}</a>
                  </dd>
                  {message.service ? (
                    <>
                      <dt>Service</dt>
                      <dd>
                        <a href={servicePath(message.service)}>{message.service}</a>
                      </dd>
                    </>
                  ) : null}
                  {message.area ? (
                    <>
                      <dt>Area</dt>
                      <dd>{message.area}</dd>
                    </>
                  ) : null}
                  {message.preferredTime ? (
                    <>
                      <dt>Preferred time</dt>
                      <dd>{message.preferredTime}</dd>
                    </>
                  ) : null}
                  <dt>Received</dt>
                  <dd>
                    <time dateTime={message.createdAt}>{formatWhen(message.createdAt)}</time>
                  </dd>
                </dl>
                <p className="message-text">{message.message}</p>
                <div className="row-actions">
                  {pending && (
                    <button
                      type="button"
                      className="btn btn-small btn-primary"
                      onClick={() => void markRead(message)}
                    >
                      PENDING
                      <span className="visually-hidden">: mark the message from {message.name} as read</span>
                    </button>
                  )}
                  {message.spam && (
                    <button
                      type="button"
                      className="btn btn-small btn-light"
                      onClick={() => void notSpam(message)}
                    >
                      Not spam<span className="visually-hidden">: the message from {message.name}</span>
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn btn-small btn-danger"
                    onClick={() => void remove(message)}
                  >
                    DELETE<span className="visually-hidden"> the message from {message.name}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={data.page} pageSize={PAGE_SIZE} total={data.totalCount} />
    </section>
  );
}
