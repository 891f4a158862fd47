import {
  type ClientLoaderFunctionArgs,
  data,
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
import {
  customerWhatsappHref,
  readStaff,
  replyAddress,
  requestAbilities,
  stageLabel,
  timeAgo,
} from '../../admin/request';
import type { ScreenNotFound } from '../../admin/screen-error';
import { requestsHomeFor } from '../../admin/screens';
import { openScreen } from '../../admin/signed-in';
import { ApiError, api } from '../../lib/api';
import type { loader as rootLoader } from '../../root';
import '../../admin/request-desk.css';
import {
  CustomerLocation,
  DirectionsLink,
  History,
  Notes,
  Reply,
  RequestPhotos,
  WhatsAppReply,
} from './message-activity';
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
  const me = await openScreen(request);
  const id = encodeURIComponent(params.id ?? '');
  const [message, staff, services] = await Promise.all([
    readRequest(id, request).then(seenOnOpening),
    requestAbilities(me.role).assign ? readStaff(me.role, (path) => optionalRead(path, request)) : [],
    optionalRead<ServiceOption[]>('/api/service', request),
  ]);
  return {
    me,
    message,
    staff,
    serviceTitle: services?.find((service) => service.slug === message.service)?.title ?? null,
  };
}
clientLoader.hydrate = true as const;

/** The request, or a plain "not found" in the layout: one that is gone, or (a technician's) not theirs. */
async function readRequest(id: string, request: Request): Promise<Message> {
  try {
    return await adminRead<Message>(`/api/${contactus.name}/${id}`, request);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404)
      throw data(
        {
          title: 'Request not found',
          message:
            'There is no request at this address, or it is not one of yours. It may have been deleted or handed to someone else.',
        } satisfies ScreenNotFound,
        { status: 404 },
      );
    throw error;
  }
}

/**
 * Opening a request is seeing it (decision 100): a Pending one becomes read, seen by whoever
 * opened it. Should that fail, the request is still shown, as not seen yet.
 */
async function seenOnOpening(message: Message): Promise<Message> {
  if (message.status !== 'Pending') return message;
  try {
    const seen = await api<Pick<Message, 'status' | 'version' | 'seen'>>(path(message._id, '/seen'), {
      method: 'POST',
    });
    return { ...message, ...seen };
  } catch {
    return message;
  }
}

/** "Seen by Amina, 28 Nov 2026, 10:02": quietly, since seeing a request is not working on it. */
function seenLine(message: Message): string {
  if (message.seen) return `Seen by ${message.seen.by}, ${formatWhen(message.seen.at)}`;
  return message.status === 'read' ? 'Seen' : 'Not seen yet';
}

export { ScreenError as ErrorBoundary } from '../../admin/screen-error';

export function HydrateFallback() {
  return <Spinner />;
}

/**
 * One request, as the person who takes it on works it: who sent what, ways to reach them, its
 * stage, assignee and follow-up, internal notes, a reply by e-mail and what happened so far.
 */
export default function Request() {
  const { me, message, staff, serviceTitle } = useLoaderData<typeof clientLoader>();
  const may = requestAbilities(me.role);
  const feedback = useFeedback();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const location = useLocation();
  const company = useRouteLoaderData<typeof rootLoader>('root')?.settings.companyName ?? 'us';
  const requestsHome = requestsHomeFor(me.role);
  // Where "Back to the queue" goes: the filtered queue this page was opened from, on this site only.
  const back = redirectTargetOr(
    (location.state as { back?: unknown } | null)?.back,
    typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
    requestsHome.path,
  );
  // The staff list may not name me when it could not be read: I can still take the request.
  const people = may.assign && !staff.some((member) => member._id === me._id) ? [...staff, me] : staff;

  async function remove() {
    if (!(await feedback.confirm({ message: 'Are you sure you want to delete?' }))) return;
    try {
      await api(path(message._id), { method: 'DELETE' });
    } catch {
      feedback.error('Something went wrong!');
      return;
    }
    await navigate(redirectTargetOr(back, window.location.origin, requestsHome.path));
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
        ← Back to {requestsHome.label}
      </Link>
      <ScreenHeader
        title={message.reference ? `Request ${message.reference}` : `Request from ${message.name}`}
      >
        <div className="row-actions">
          {may.remove && (
            <button type="button" className="btn btn-danger" onClick={() => void remove()}>
              Delete<span className="visually-hidden"> the message from {message.name}</span>
            </button>
          )}
        </div>
      </ScreenHeader>

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
            <p className="request-seen">{seenLine(message)}</p>
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
              {message.email ? (
                <a className="btn btn-light" href={mailtoHref(message.email)}>
                  E-mail
                </a>
              ) : null}
              <DirectionsLink request={message} />
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
                {message.email ? (
                  <a href={mailtoHref(message.email)}>{message.email}</a>
                ) : (
                  <span className="muted">Not given</span>
                )}
                {replyAddress(message) && replyAddress(message) !== message.email && (
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
              <dt>Street address</dt>
              <dd>{message.address || <span className="muted">Not given</span>}</dd>
              <dt>Location</dt>
              <dd>
                <CustomerLocation location={message.location} />
              </dd>
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
            <RequestPhotos photos={photos} sender={message.name} />
          </article>
          <History message={message} />
        </div>

        <div className="request-side">
          {may.work && (
            <WorkForm
              message={message}
              people={may.assign ? people : null}
              onSaved={() => revalidator.revalidate()}
            />
          )}
          {may.work && <Notes message={message} onAdded={() => revalidator.revalidate()} />}
          {/* Reply where the customer is: by e-mail when they gave one, else on WhatsApp. */}
          {may.reply &&
            (replyAddress(message) ? (
              <Reply message={message} onSent={() => revalidator.revalidate()} />
            ) : (
              <WhatsAppReply message={message} onSent={() => revalidator.revalidate()} />
            ))}
        </div>
      </div>
    </section>
  );
}
