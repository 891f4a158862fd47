import { useRef } from 'react';
import {
  type ClientLoaderFunctionArgs,
  Link,
  useLoaderData,
  useLocation,
  useNavigate,
  useRevalidator,
  useRouteLoaderData,
} from 'react-router';
import { contactus } from '../../../shared/content/types';
import { redirectTargetOr } from '../../../shared/redirect-target';
import { servicePath } from '../../../shared/seo/public-pages';
import { stageWords } from '../../../shared/stage-words';
import { mailtoHref, telHref } from '../../../shared/text';
import { restoreRecord } from '../../admin/actions';
import { Spinner, useFeedback } from '../../admin/feedback';
import { formatWhen } from '../../admin/format';
import { adminRead, optionalRead } from '../../admin/load';
import { ScreenHeader } from '../../admin/record-view';
import { customerWhatsappHref, readStaff, replyAddress, stageLabel, timeAgo } from '../../admin/request';
import { api } from '../../lib/api';
import type { loader as rootLoader } from '../../root';
import '../../admin/request-desk.css';
import type { loader as layoutLoader } from './layout';
import { History, Notes, Reply } from './message-activity';
import { requestPath as path, WorkForm } from './message-work-form';
import type { Message } from './messages';

interface ServiceOption {
  slug: string;
  title: string;
}

export function meta() {
  return [{ title: 'Request | Admin' }];
}

export async function clientLoader({ request, params }: ClientLoaderFunctionArgs) {
  const id = encodeURIComponent(params.id ?? '');
  const [message, staff, services] = await Promise.all([
    adminRead<Message>(`/api/${contactus.name}/${id}`, request),
    readStaff((path) => optionalRead(path, request)),
    optionalRead<ServiceOption[]>('/api/service', request),
  ]);
  return {
    message,
    staff,
    serviceTitle: services?.find((service) => service.slug === message.service)?.title ?? null,
  };
}
clientLoader.hydrate = true as const;

export { ScreenError as ErrorBoundary } from '../../admin/screen-error';

export function HydrateFallback() {
  return <Spinner />;
}

/**
 * One request, as the person who takes it on works it: who sent what, ways to reach them, its
 * stage, assignee and follow-up, internal notes, a reply by e-mail and what happened so far.
 */
export default function Request() {
  const { message, staff, serviceTitle } = useLoaderData<typeof clientLoader>();
  const feedback = useFeedback();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const location = useLocation();
  const company = useRouteLoaderData<typeof rootLoader>('root')?.settings.companyName ?? 'us';
  const me = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')?.user;
  // Where "Back to the queue" goes: the filtered queue this page was opened from, on this site only.
  const back = redirectTargetOr(
    (location.state as { back?: unknown } | null)?.back,
    typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
    '/message',
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pending = message.status === 'Pending';
  // The staff list may not name me when it could not be read: I can still take the request.
  const people = me && !staff.some((member) => member._id === me._id) ? [...staff, me] : staff;

  async function markRead() {
    try {
      // The spec's PENDING: the record back exactly as it was read, with status read.
      await api(path(message._id), { method: 'PUT', body: { ...message, status: 'read' } });
      feedback.success(`Message from ${message.name} marked as read.`);
    } catch {
      feedback.error('Something went wrong!');
    }
    await revalidator.revalidate();
    headingRef.current?.focus();
  }

  async function remove() {
    if (!(await feedback.confirm({ message: 'Are you sure you want to delete?' }))) return;
    try {
      await api(path(message._id), { method: 'DELETE' });
    } catch {
      feedback.error('Something went wrong!');
      return;
    }
    await navigate(redirectTargetOr(back, window.location.origin, '/message'));
    feedback.success('Deleted successfully!', {
      label: 'Undo',
      run: () =>
        void restoreRecord(feedback, revalidator.revalidate, contactus.name, message._id, message.name),
    });
  }

  const photos = Array.isArray(message.photos) ? message.photos : [];
  return (
    <section className="screen request-page" aria-busy={revalidator.state === 'loading'}>
      <Link to={back} className="back-link">
        ← Back to the queue
      </Link>
      <ScreenHeader
        title={message.reference ? `Request ${message.reference}` : `Request from ${message.name}`}
      >
        <div className="row-actions">
          {pending ? (
            <button type="button" className="btn btn-primary" onClick={() => void markRead()}>
              PENDING<span className="visually-hidden">: mark the message from {message.name} as read</span>
            </button>
          ) : (
            <span className="status-badge">Read</span>
          )}
          <button type="button" className="btn btn-danger" onClick={() => void remove()}>
            DELETE<span className="visually-hidden"> the message from {message.name}</span>
          </button>
        </div>
      </ScreenHeader>
      {/* Focus lands here after a change that redraws the page. */}
      <h2 className="visually-hidden" tabIndex={-1} ref={headingRef}>
        {message.name}
      </h2>

      <div className="request-layout">
        <div className="request-main">
          <article className="request-card" aria-labelledby="request-from">
            <header className="request-head">
              <h2 id="request-from">{message.name}</h2>
              <span className="badges">
                {message.urgent && <span className="status-badge urgent">Urgent</span>}
                <span className={`stage-badge stage-${message.stage ?? 'new'}`}>
                  {stageLabel(message.stage)}
                </span>
                {message.spam && <span className="status-badge spam">Spam</span>}
              </span>
            </header>
            <div className="reach-out">
              <a className="btn btn-primary" href={telHref(message.phone)}>
                Call {message.phone}
              </a>
              <a
                className="btn btn-chat"
                href={customerWhatsappHref(message.phone, message.reference, company)}
                target="_blank"
                rel="noopener noreferrer"
              >
                WhatsApp
              </a>
              <a className="btn btn-light" href={mailtoHref(message.email)}>
                E-mail
              </a>
            </div>
            <p className="message-text request-message">{message.message}</p>
            <dl className="message-meta request-facts">
              <dt>Reference</dt>
              <dd className="message-reference">{message.reference ?? '—'}</dd>
              <dt>Received</dt>
              <dd>
                <time dateTime={message.createdAt}>{formatWhen(message.createdAt)}</time>{' '}
                <span className="muted">({timeAgo(message.createdAt)})</span>
              </dd>
              <dt>Email</dt>
              <dd>
                <a href={mailtoHref(message.email)}>{message.email}</a>
                {replyAddress(message) !== message.email && (
                  <span className="muted">
                    {' '}
                    (replies go to {replyAddress(message)}, the address given when filing)
                  </span>
                )}
              </dd>
              <dt>Phone</dt>
              <dd>
                <a href={telHref(message.phone)}>{message.phone}</a>
              </dd>
              <dt>Service</dt>
              <dd>
                {message.service ? (
                  <a href={servicePath(message.service)}>{serviceTitle ?? message.service}</a>
                ) : (
                  <span className="muted">Not given</span>
                )}
              </dd>
              <dt>Area</dt>
              <dd>{message.area || <span className="muted">Not given</span>}</dd>
              <dt>Preferred time</dt>
              <dd>{message.preferredTime || <span className="muted">Not given</span>}</dd>
              <dt>Customer sees</dt>
              <dd>{stageWords(message.stage ?? 'new', message.scheduledAt ?? null)}</dd>
              {message.firstResponseAt ? (
                <>
                  <dt>First response</dt>
                  <dd>
                    <time dateTime={message.firstResponseAt}>{formatWhen(message.firstResponseAt)}</time>
                  </dd>
                </>
              ) : null}
            </dl>
            {photos.length > 0 && (
              <>
                <h3 className="request-subhead">Photos</h3>
                <ul className="request-photos">
                  {photos.map((url, index) => (
                    <li key={url}>
                      <a href={url} target="_blank" rel="noopener">
                        <img
                          src={url}
                          alt={`The fault, ${index + 1} of ${photos.length}, sent by ${message.name}`}
                          width={120}
                          height={120}
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </article>
          <History message={message} />
        </div>

        <div className="request-side">
          <WorkForm message={message} people={people} onSaved={() => revalidator.revalidate()} />
          <Notes message={message} onAdded={() => revalidator.revalidate()} />
          <Reply message={message} onSent={() => revalidator.revalidate()} />
        </div>
      </div>
    </section>
  );
}
