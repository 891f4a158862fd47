import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type ClientLoaderFunctionArgs,
  Link,
  useLoaderData,
  useLocation,
  useNavigate,
  useRevalidator,
  useRouteLoaderData,
} from 'react-router';
import { CONTACT_STAGES } from '../../../shared/constants';
import { contactus } from '../../../shared/content/types';
import type { HistoryEntry } from '../../../shared/request-desk';
import { redirectTargetOr } from '../../../shared/redirect-target';
import { servicePath } from '../../../shared/seo/public-pages';
import { stageWords } from '../../../shared/stage-words';
import { mailtoHref, telHref } from '../../../shared/text';
import { restoreRecord } from '../../admin/actions';
import { STALE_EDIT } from '../../admin/content-form';
import { fromLocalInput, toLocalInput } from '../../admin/date-time-input';
import { Spinner, useFeedback } from '../../admin/feedback';
import { formatWhen } from '../../admin/format';
import {
  customerWhatsappHref,
  notifyByDefault,
  readStaff,
  STAGE_LABELS,
  type StaffMember,
  stageLabel,
  timeAgo,
} from '../../admin/lead';
import { adminRead, optionalRead } from '../../admin/load';
import { ScreenHeader } from '../../admin/record-view';
import { ApiError, api } from '../../lib/api';
import { useForm } from '../../lib/use-form';
import type { loader as rootLoader } from '../../root';
import '../../admin/lead-desk.css';
import type { loader as layoutLoader } from './layout';
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

const path = (id: string, rest = '') => `/api/${contactus.name}/${encodeURIComponent(id)}${rest}`;

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

type WorkValues = {
  stage: string;
  scheduledAt: string;
  notifyCustomer: boolean;
  assignee: string;
  followUpAt: string;
};

const workValuesOf = (message: Message): WorkValues => ({
  stage: String(message.stage ?? 'new'),
  scheduledAt: toLocalInput(message.scheduledAt),
  // Only news is announced (a new stage, a moved visit): nothing to tell while nothing changes.
  notifyCustomer: false,
  assignee: message.assignee ?? '',
  followUpAt: toLocalInput(message.followUpAt),
});

/** What the customer may be told of: a new stage, or their booked visit moved to another time. */
function isNews(message: Message, values: Pick<WorkValues, 'stage' | 'scheduledAt'>): boolean {
  const stage = message.stage ?? 'new';
  if (values.stage !== stage) return true;
  return (
    stage === 'scheduled' && (fromLocalInput(values.scheduledAt) || null) !== (message.scheduledAt ?? null)
  );
}

/** Stage (with the visit's time), who has it, when to look again: one save, one version. */
function WorkForm({
  message,
  people,
  onSaved,
}: {
  message: Message;
  people: StaffMember[];
  onSaved: () => unknown;
}) {
  const feedback = useFeedback();
  const [stale, setStale] = useState(false);
  const check = useCallback(
    (values: WorkValues): Record<string, string> =>
      values.stage === 'scheduled' && !fromLocalInput(values.scheduledAt)
        ? { scheduledAt: "Choose the visit's date and time." }
        : {},
    [],
  );
  const form = useForm<WorkValues>({
    values: workValuesOf(message),
    check,
    invalidMessage: 'Please fill all fields correctly.',
    send: async (values) => {
      setStale(false);
      const news = isNews(message, values);
      await api(path(message._id), {
        method: 'PUT',
        body: {
          version: message.version,
          stage: values.stage,
          scheduledAt: values.stage === 'scheduled' ? fromLocalInput(values.scheduledAt) || null : null,
          assignee: values.assignee || null,
          followUpAt: fromLocalInput(values.followUpAt) || null,
          notifyCustomer: news ? values.notifyCustomer : false,
        },
      });
      feedback.success(
        news && values.notifyCustomer
          ? `Saved. ${message.name} is told: ${STAGE_LABELS[values.stage as keyof typeof STAGE_LABELS]}.`
          : 'Saved.',
      );
      await onSaved();
      return undefined;
    },
    describeFailure: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        setStale(true);
        return STALE_EDIT;
      }
      return undefined;
    },
  });
  const { reset } = form;
  // A newer version of the request (saved here, or reloaded after a refusal) restarts the form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the version stands for the whole record
  useEffect(() => reset(workValuesOf(message)), [message.version, reset]);

  const { values, errors } = form;
  const set = (name: keyof WorkValues, value: unknown) => form.setValue(name, () => value);
  return (
    <form className="request-panel" noValidate onSubmit={(event) => void form.submit(event)}>
      <h2>Work on it</h2>
      <div className="field">
        <label htmlFor="work-stage">Stage</label>
        <select
          id="work-stage"
          value={values.stage}
          onChange={(event) => {
            const stage = event.target.value;
            set('stage', stage);
            set('notifyCustomer', isNews(message, { ...values, stage }) && notifyByDefault(stage, message));
          }}
        >
          {CONTACT_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {STAGE_LABELS[stage]}
            </option>
          ))}
        </select>
      </div>
      {values.stage === 'scheduled' && (
        <div className="field">
          <label htmlFor="work-scheduledAt">Visit date and time</label>
          <input
            id="work-scheduledAt"
            type="datetime-local"
            value={values.scheduledAt}
            aria-invalid={errors.scheduledAt ? true : undefined}
            aria-describedby={errors.scheduledAt ? 'work-scheduledAt-error' : undefined}
            onChange={(event) => {
              const scheduledAt = event.target.value;
              set('scheduledAt', scheduledAt);
              set(
                'notifyCustomer',
                isNews(message, { ...values, scheduledAt }) && notifyByDefault(values.stage, message),
              );
            }}
            onBlur={() => form.touch('scheduledAt')}
          />
          {errors.scheduledAt && (
            <p id="work-scheduledAt-error" className="field-error">
              {errors.scheduledAt}
            </p>
          )}
        </div>
      )}
      <div className="field field-check">
        <input
          id="work-notify"
          type="checkbox"
          checked={values.notifyCustomer}
          disabled={!isNews(message, values)}
          onChange={(event) => set('notifyCustomer', event.target.checked)}
        />
        <label htmlFor="work-notify">Notify the customer</label>
      </div>
      <div className="field">
        <label htmlFor="work-assignee">Assignee</label>
        <select
          id="work-assignee"
          value={values.assignee}
          onChange={(event) => set('assignee', event.target.value)}
        >
          <option value="">Nobody yet</option>
          {people.map((member) => (
            <option key={member._id} value={member._id}>
              {member.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="work-followUpAt">Follow up on</label>
        <input
          id="work-followUpAt"
          type="datetime-local"
          value={values.followUpAt}
          onChange={(event) => set('followUpAt', event.target.value)}
        />
      </div>
      <div className="form-message" role="alert">
        {form.notice?.kind === 'error' && <p className="form-error">{form.notice.text}</p>}
        {stale && (
          <button
            type="button"
            className="btn btn-small btn-light"
            onClick={() => {
              setStale(false);
              void onSaved();
            }}
          >
            Reload
          </button>
        )}
      </div>
      <button type="submit" className="btn btn-primary" aria-disabled={form.invalid || form.submitting}>
        {form.submitting ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}

/** A one-textarea form that posts `{ text }` and empties itself: notes and replies. */
function TextForm({
  id,
  title,
  label,
  submitLabel,
  busyLabel,
  endpoint,
  done,
  onDone,
  children,
}: {
  id: string;
  title: string;
  label: string;
  submitLabel: string;
  busyLabel: string;
  endpoint: string;
  done: string;
  onDone: () => unknown;
  children?: React.ReactNode;
}) {
  const feedback = useFeedback();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const check = useCallback(
    (values: { text: string }): Record<string, string> =>
      values.text.trim() ? {} : { text: 'Write something first.' },
    [],
  );
  const form = useForm<{ text: string }>({
    values: { text: '' },
    check,
    invalidMessage: 'Write something first.',
    send: async ({ text }) => {
      await api(endpoint, { method: 'POST', body: { text: text.trim() } });
      feedback.success(done);
      await onDone();
      textRef.current?.focus();
      return { values: { text: '' } };
    },
  });
  const error = form.errors.text;
  return (
    <section className="request-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      <form noValidate onSubmit={(event) => void form.submit(event)}>
        <div className="field">
          <label htmlFor={`${id}-text`}>{label}</label>
          <textarea
            id={`${id}-text`}
            ref={textRef}
            rows={3}
            value={form.values.text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-text-error` : undefined}
            onChange={(event) => {
              const text = event.target.value;
              form.setValue('text', () => text);
            }}
            onBlur={() => form.touch('text')}
          />
          {error && (
            <p id={`${id}-text-error`} className="field-error">
              {error}
            </p>
          )}
        </div>
        <div className="form-message" role="alert">
          {form.notice?.kind === 'error' && <p className="form-error">{form.notice.text}</p>}
        </div>
        <button type="submit" className="btn btn-primary" aria-disabled={form.invalid || form.submitting}>
          {form.submitting ? busyLabel : submitLabel}
        </button>
      </form>
    </section>
  );
}

function Notes({ message, onAdded }: { message: Message; onAdded: () => unknown }) {
  const notes = message.notes ?? [];
  return (
    <TextForm
      id="note"
      title="Notes"
      label="New note (staff only)"
      submitLabel="Add note"
      busyLabel="Adding…"
      endpoint={path(message._id, '/notes')}
      done="Note added."
      onDone={onAdded}
    >
      {notes.length === 0 ? (
        <p className="muted">No notes yet.</p>
      ) : (
        <ul className="request-notes">
          {notes.map((note) => (
            <li key={note._id}>
              <p className="request-note-meta">
                <strong>{note.author}</strong> ·{' '}
                <time dateTime={note.createdAt}>{formatWhen(note.createdAt)}</time>
              </p>
              <p className="message-text">{note.text}</p>
            </li>
          ))}
        </ul>
      )}
    </TextForm>
  );
}

function Reply({ message, onSent }: { message: Message; onSent: () => unknown }) {
  return (
    <TextForm
      id="reply"
      title="Reply by e-mail"
      label={`Reply to ${message.email}`}
      submitLabel="Send reply"
      busyLabel="Sending…"
      endpoint={path(message._id, '/reply')}
      done={`Reply sent to ${message.email}.`}
      onDone={onSent}
    />
  );
}

function eventText(event: HistoryEntry): string {
  if (event.kind === 'reply') return 'Reply sent';
  const to = stageLabel(event.to);
  if (event.from === event.to && event.scheduledAt) return `Visit moved to ${formatWhen(event.scheduledAt)}`;
  const visit = event.to === 'scheduled' && event.scheduledAt ? ` for ${formatWhen(event.scheduledAt)}` : '';
  const from = event.from ? `${stageLabel(event.from)} → ` : '';
  return `Stage: ${from}${to}${visit}`;
}

function History({ message }: { message: Message }) {
  const history = message.history ?? [];
  return (
    <section className="request-panel" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <ol className="request-history">
        <li>
          <p className="request-note-meta">
            <time dateTime={message.createdAt}>{formatWhen(message.createdAt)}</time>
          </p>
          <p>Request received{message.urgent ? ' (urgent)' : ''}</p>
        </li>
        {history.map((event) => (
          <li key={event._id} className={`history-${event.kind}`}>
            <p className="request-note-meta">
              <time dateTime={event.at}>{formatWhen(event.at)}</time> · {event.by}
              {event.kind === 'stage' &&
                (event.notified ? ' · customer notified' : ' · customer not notified')}
            </p>
            <p>{eventText(event)}</p>
            {event.kind === 'reply' && event.text ? <p className="message-text">{event.text}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
