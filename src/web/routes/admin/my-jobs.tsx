import { useCallback } from 'react';
import {
  type ClientLoaderFunctionArgs,
  Link,
  useLoaderData,
  useRevalidator,
  useRouteLoaderData,
} from 'react-router';
import { PAGE_SIZE_MAX } from '../../../shared/constants';
import { contactus } from '../../../shared/content/types';
import type { ListPage } from '../../../shared/list-page';
import {
  isNewsToCustomer,
  notifiesCustomerByDefault,
  requestPhotoPath,
  visitTimeProblem,
} from '../../../shared/request-desk';
import { telHref } from '../../../shared/text';
import { runChange } from '../../admin/actions';
import { STALE_EDIT } from '../../admin/content-form';
import { Spinner, useFeedback } from '../../admin/feedback';
import { FieldControl } from '../../admin/field-control';
import { formatWhen } from '../../admin/format';
import { adminRead, optionalRead } from '../../admin/load';
import { groupJobs, nextStages, OPEN_STAGES } from '../../admin/my-jobs';
import { ScreenHeader } from '../../admin/record-view';
import { customerWhatsappHref, STAGE_LABELS, stageLabel } from '../../admin/request';
import { openScreen } from '../../admin/signed-in';
import { useForm } from '../../lib/use-form';
import type { loader as rootLoader } from '../../root';
import '../../admin/request-desk.css';
import './my-jobs.css';
import { DirectionsLink, Notes, RequestPhotos } from './message-activity';
import { isStaleEdit, requestPath, saveWork, type WorkChange } from './message-work-form';
import type { Message } from './messages';

export function meta() {
  return [{ title: 'My jobs | Admin' }];
}

/**
 * The open requests assigned to the signed-in person, one list request per open stage (a list
 * filters by one stage), so the closed ones of past months never crowd out today's.
 */
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await openScreen(request);
  const query = (stage: string) =>
    new URLSearchParams({ assignee: 'me', stage, page: '1', pageSize: String(PAGE_SIZE_MAX) });
  const [pages, services] = await Promise.all([
    Promise.all(
      OPEN_STAGES.map((stage) =>
        adminRead<ListPage<Message>>(`/api/${contactus.name}?${query(stage)}`, request),
      ),
    ),
    optionalRead<{ slug?: string; title?: string }[]>('/api/service', request),
  ]);
  const serviceNames: Record<string, string> = {};
  for (const service of services ?? [])
    if (service.slug && service.title) serviceNames[service.slug] = service.title;
  return {
    jobs: pages.flatMap((page) => page.data),
    // More open jobs than one page holds: the queue shows them all.
    overflow: pages.some((page) => page.totalCount > page.data.length),
    serviceNames,
  };
}
clientLoader.hydrate = true as const;

export { ScreenError as ErrorBoundary } from '../../admin/screen-error';

export function HydrateFallback() {
  return <Spinner />;
}

/** A technician's day on a phone: today's and coming visits, then the open jobs, each one tap from the customer. */
export default function MyJobs() {
  const { jobs, overflow, serviceNames } = useLoaderData<typeof clientLoader>();
  const revalidator = useRevalidator();
  const refresh = useCallback(() => revalidator.revalidate(), [revalidator]);
  const groups = groupJobs(jobs);
  return (
    <section className="screen my-jobs" aria-busy={revalidator.state === 'loading'}>
      <ScreenHeader title="My jobs" count={jobs.length} />
      {groups.length === 0 && (
        <p className="panel-empty">
          No open jobs are assigned to you. A new one appears here, and you get a mail, when the desk gives
          you one.
        </p>
      )}
      {groups.map((group) => (
        <section key={group.name} className="job-group" aria-labelledby={`jobs-${group.name}`}>
          <h2 id={`jobs-${group.name}`} className="job-group-title">
            {group.title} <span className="muted">({group.jobs.length})</span>
          </h2>
          <ul className="job-list">
            {group.jobs.map((job) => (
              <li key={job._id}>
                <JobCard
                  job={job}
                  serviceName={serviceNames[String(job.service ?? '')]}
                  onChanged={refresh}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {overflow && (
        <p className="muted">
          Only the first {PAGE_SIZE_MAX} jobs of each stage are listed: ask the desk to share the others out.
        </p>
      )}
    </section>
  );
}

function JobCard({
  job,
  serviceName,
  onChanged,
}: {
  job: Message;
  serviceName: string | undefined;
  onChanged: () => unknown;
}) {
  const company = useRouteLoaderData<typeof rootLoader>('root')?.settings.companyName ?? 'us';
  const photos = Array.from({ length: job.photoCount ?? 0 }, (_, index) =>
    requestPhotoPath(job._id, index + 1),
  );
  const titleId = `job-${job._id}`;
  return (
    <article className={job.urgent ? 'job-card urgent' : 'job-card'} aria-labelledby={titleId}>
      <header className="request-head job-head">
        <h3 id={titleId}>
          <Link to={`/message/${job._id}`}>{job.name}</Link>
        </h3>
        <span className="badges">
          {job.urgent && <span className="status-badge urgent">Urgent</span>}
          <span className={`stage-badge stage-${job.stage ?? 'new'}`}>{stageLabel(job.stage)}</span>
        </span>
      </header>
      <dl className="job-facts">
        <dt>Visit</dt>
        <dd>
          {job.scheduledAt ? (
            <time dateTime={job.scheduledAt}>{formatWhen(job.scheduledAt)}</time>
          ) : (
            <span className="muted">Not booked yet</span>
          )}
        </dd>
        <dt>Service</dt>
        <dd>{serviceName ?? (job.service || <span className="muted">Not given</span>)}</dd>
        <dt>Area</dt>
        <dd>{job.area || <span className="muted">Not given</span>}</dd>
        {job.address ? (
          <>
            <dt>Address</dt>
            <dd>{job.address}</dd>
          </>
        ) : null}
        {job.preferredTime ? (
          <>
            <dt>Prefers</dt>
            <dd>{job.preferredTime}</dd>
          </>
        ) : null}
        <dt>Reference</dt>
        <dd>{job.reference ?? '—'}</dd>
      </dl>
      <p className="message-text job-message">{job.message}</p>
      <div className="job-reach">
        <a className="btn btn-primary btn-block" href={telHref(job.phone)}>
          Call<span className="visually-hidden"> {job.name}</span>
        </a>
        <a
          className="btn btn-chat btn-block"
          href={customerWhatsappHref(job.phone, job.reference, company)}
          target="_blank"
          rel="noopener noreferrer"
        >
          WhatsApp<span className="visually-hidden"> {job.name}</span>
        </a>
        <DirectionsLink request={job} className="btn btn-light btn-block" />
      </div>
      <StageMoves job={job} onChanged={onChanged} />
      <RequestPhotos photos={photos} sender={job.name} />
      <Notes message={job} formId={`note-${job._id}`} onAdded={onChanged} />
    </article>
  );
}

/** The change a move to `stage` makes; the customer hears of it when the desk's rule says so. */
function moveTo(job: Message, stage: string, scheduledAt: string | null): WorkChange {
  return {
    stage,
    scheduledAt,
    notifyCustomer: isNewsToCustomer(job, { stage, scheduledAt }) && notifiesCustomerByDefault(stage, job),
  };
}

/** One tap per next stage; booking the visit asks for its time first. */
function StageMoves({ job, onChanged }: { job: Message; onChanged: () => unknown }) {
  const feedback = useFeedback();
  const stages = nextStages(job.stage);
  if (stages.length === 0) return null;
  const others = stages.filter((stage) => stage !== 'scheduled');
  return (
    <section className="job-stages" aria-labelledby={`stages-${job._id}`}>
      <h4 id={`stages-${job._id}`}>Move on</h4>
      {stages.includes('scheduled') && <BookVisit job={job} onChanged={onChanged} />}
      <div className="job-stage-buttons">
        {others.map((stage) => (
          <button
            key={stage}
            type="button"
            className={stage === 'lost' ? 'btn btn-danger btn-block' : 'btn btn-light btn-block'}
            onClick={() =>
              void runChange(
                feedback,
                onChanged,
                {
                  path: requestPath(job._id),
                  method: 'PUT',
                  body: { version: job.version, ...moveTo(job, stage, null) },
                },
                `${job.name}: ${STAGE_LABELS[stage]}.`,
              )
            }
          >
            <span className="visually-hidden">Move {job.name} to </span>
            {STAGE_LABELS[stage]}
          </button>
        ))}
      </div>
    </section>
  );
}

function BookVisit({ job, onChanged }: { job: Message; onChanged: () => unknown }) {
  const feedback = useFeedback();
  const check = useCallback(
    (values: { scheduledAt: string }): Record<string, string> => {
      const problem = values.scheduledAt
        ? visitTimeProblem(values.scheduledAt, job.scheduledAt)
        : "Choose the visit's date and time.";
      return problem ? { scheduledAt: problem } : {};
    },
    [job.scheduledAt],
  );
  const form = useForm<{ scheduledAt: string }>({
    values: { scheduledAt: job.scheduledAt ?? '' },
    check,
    invalidMessage: "Choose the visit's date and time.",
    send: async ({ scheduledAt }) => {
      await saveWork(job, moveTo(job, 'scheduled', scheduledAt), feedback);
      await onChanged();
      return undefined;
    },
    describeFailure: (error) => {
      if (!isStaleEdit(error)) return undefined;
      void onChanged();
      return STALE_EDIT;
    },
  });
  return (
    <form className="job-book" noValidate onSubmit={(event) => void form.submit(event)}>
      {/* The declared field's own control, as the request's form draws it. */}
      <FieldControl
        name="scheduledAt"
        field={contactus.fields.scheduledAt}
        value={form.values.scheduledAt}
        error={form.errors.scheduledAt}
        onChange={(update) => form.setValue('scheduledAt', (value) => String(update(value) ?? ''))}
        onBlur={() => form.touch('scheduledAt')}
        idPrefix={`visit-${job._id}`}
      />
      <div className="form-message" role="alert">
        {form.notice?.kind === 'error' && <p className="form-error">{form.notice.text}</p>}
      </div>
      <button
        type="submit"
        className="btn btn-primary btn-block"
        aria-disabled={form.invalid || form.submitting}
      >
        <span className="visually-hidden">Move {job.name} to </span>
        {form.submitting ? 'Saving…' : STAGE_LABELS.scheduled}
      </button>
    </form>
  );
}
