import { type ClientLoaderFunctionArgs, Link, useLoaderData } from 'react-router';
import { JOB_STATES, type JobEntry, type JobState } from '../../../shared/jobs';
import type { ListPage } from '../../../shared/list-page';
import { Spinner } from '../../admin/feedback';
import { formatWhen, pageOf } from '../../admin/format';
import {
  kindWords,
  requesterOf,
  STATE_WORDS,
  standingOf,
  subjectOf,
  typesToName,
} from '../../admin/job-queue';
import { adminRead, optionalRead } from '../../admin/load';
import { DataTable, FilterForm, Pagination, ScreenHeader } from '../../admin/record-view';
import { openScreen } from '../../admin/signed-in';
import './jobs.css';

const PAGE_SIZE = 25;

export function meta() {
  return [{ title: 'Job queue | Admin' }];
}

const isJobState = (value: string | null): value is JobState =>
  (JOB_STATES as readonly (string | null)[]).includes(value);

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await openScreen(request);
  const url = new URL(request.url);
  const asked = url.searchParams.get('state');
  const state = isJobState(asked) ? asked : null;
  const page = pageOf(url);
  const query = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
  if (state) query.set('state', state);
  const { data, totalCount } = await adminRead<ListPage<JobEntry>>(`/api/jobs?${query}`, request);
  // A job names its record by id: the lists of the types it is about give their names (a record
  // deleted since is simply not in its list, where reading it by id would answer 404).
  const types = typesToName(data);
  const lists = await Promise.all(
    types.map((type) => optionalRead<Record<string, unknown>[]>(`/api/${type}`, request)),
  );
  const records = Object.fromEntries(types.map((type, index) => [type, lists[index] ?? null]));
  return {
    jobs: data.map((job) => ({ ...job, subject: subjectOf(job, records) })),
    totalCount,
    page,
    state: state ?? '',
  };
}
clientLoader.hydrate = true as const;

export { ScreenError as ErrorBoundary } from '../../admin/screen-error';

export function HydrateFallback() {
  return <Spinner />;
}

type ListedJob = Awaited<ReturnType<typeof clientLoader>>['jobs'][number];

/**
 * What a job is: its kind (and its record's type) on a small line, then what it is about, a
 * record's name leading to the record's list.
 */
function JobWhat({ job }: { job: ListedJob }) {
  const { subject } = job;
  const kind = kindWords(job.kind);
  return (
    <span className="job-subject">
      <span className="job-kind">{subject.kind === 'other' ? kind : `${kind} · ${subject.type}`}</span>{' '}
      {subject.kind === 'other' ? (
        <code className="job-key">{subject.key}</code>
      ) : subject.kind === 'gone' ? (
        <span className="muted">{subject.id.slice(0, 8)}, no longer in its list</span>
      ) : (
        <Link to={subject.href}>{subject.name}</Link>
      )}
    </span>
  );
}

/** The work the site does by itself at a set time: what is waiting, and what was given up. */
export default function Jobs() {
  const data = useLoaderData<typeof clientLoader>();
  return (
    <section className="screen">
      <ScreenHeader title="Job queue" count={data.totalCount} />
      <p className="muted">
        Work the site does by itself at a set time, such as a scheduled publish. A job that fails is tried
        again a few times, then given up and kept here with its last error.
      </p>
      <FilterForm>
        <div className="filter">
          <label htmlFor="jobs-state">State</label>
          <select id="jobs-state" name="state" defaultValue={data.state}>
            <option value="">Waiting and given up</option>
            {JOB_STATES.map((state) => (
              <option key={state} value={state}>
                {STATE_WORDS[state]}
              </option>
            ))}
          </select>
        </div>
      </FilterForm>
      {data.jobs.length === 0 ? (
        <p className="empty">
          {data.state === 'failed' ? 'No job has been given up.' : 'Nothing is waiting to run.'}
        </p>
      ) : (
        <DataTable caption="Job queue" headings={['What', 'Due', 'State', 'Attempts', 'Last error', 'By']}>
          {data.jobs.map((job) => {
            const standing = standingOf(job);
            const requester = requesterOf(job);
            return (
              <tr key={job._id}>
                <td data-label="What">
                  <JobWhat job={job} />
                </td>
                <td data-label="Due" className="nowrap">
                  <time dateTime={job.dueAt}>{formatWhen(job.dueAt)}</time>
                </td>
                <td data-label="State">
                  <span className={`status-badge job-state job-${standing.tone}`}>{standing.label}</span>
                </td>
                <td data-label="Attempts">{job.attempts}</td>
                <td data-label="Last error">
                  {job.lastError ? (
                    <span className="job-error">{job.lastError}</span>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
                <td data-label="By">
                  {requester.known ? requester.name : <span className="muted">{requester.name}</span>}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      <Pagination page={data.page} pageSize={PAGE_SIZE} total={data.totalCount} />
    </section>
  );
}
