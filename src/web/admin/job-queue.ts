import { siteWords } from '../../shared/content/settings';
import { contentTypesByName } from '../../shared/content/types';
import { type JobEntry, type JobState, PUBLISH_JOB_KIND, publishedRecordOf } from '../../shared/jobs';
import { recordTitle } from './record-view';

/**
 * The job queue's screen (routes/admin/jobs.tsx) apart from React: what each job is called, what
 * it is about and where it stands, in words.
 */

const KIND_WORDS: Record<string, string> = { [PUBLISH_JOB_KIND]: 'Scheduled publish' };

/** A job's kind as staff read it; a kind this screen has no words for reads as its name. */
export const kindWords = (kind: string): string => KIND_WORDS[kind] ?? kind;

/** The state filter's choices, as the API names them. */
export const STATE_WORDS: Record<JobState, string> = { pending: 'Waiting', failed: 'Given up' };

/** Where a job stands: waiting for its time, waiting to be tried again after a failure, or given up. */
export function standingOf(job: Pick<JobEntry, 'state' | 'lastError'>): {
  label: string;
  tone: 'waiting' | 'retrying' | 'given-up';
} {
  if (job.state === 'failed') return { label: STATE_WORDS.failed, tone: 'given-up' };
  return job.lastError ? { label: 'Trying again', tone: 'retrying' } : { label: 'Waiting', tone: 'waiting' };
}

/** What a job is about, as far as the screen can tell. */
export type JobSubject =
  /** `type`: the record's type as staff call it ('Service'); `href`: its list screen, searched for it. */
  | { kind: 'record'; type: string; id: string; name: string; href: string }
  /** A record of a known type that its list no longer holds (it was deleted since). */
  | { kind: 'gone'; type: string; id: string }
  | { kind: 'other'; key: string };

/** The types whose records the screen must read to name its jobs' records. */
export function typesToName(jobs: readonly Pick<JobEntry, 'kind' | 'key'>[]): string[] {
  const types = jobs.flatMap((job) => {
    const about = publishedRecordOf(job);
    // Only types with drafts are scheduled, and their lists are whole (never paginated).
    return about && contentTypesByName.get(about.type)?.versions ? [about.type] : [];
  });
  return [...new Set(types)];
}

/**
 * What each job is about: a scheduled publish names its record, linked to its list screen searched
 * for it (the list screen's edit opens it from there). `records` are the lists read for `typesToName`.
 */
export function subjectOf(
  job: Pick<JobEntry, 'kind' | 'key'>,
  records: Readonly<Record<string, readonly Record<string, unknown>[] | null>>,
): JobSubject {
  const about = publishedRecordOf(job);
  // The site's words are one record, on the settings screen (decision 110).
  if (about?.type === siteWords.name)
    return {
      kind: 'record',
      type: siteWords.label,
      id: about.id,
      name: 'Site settings',
      href: siteWords.admin.path,
    };
  const def = about && contentTypesByName.get(about.type);
  if (!about || !def) return { kind: 'other', key: job.key };
  const record = records[def.name]?.find((one) => one._id === about.id);
  if (!record) return { kind: 'gone', type: def.label, id: about.id };
  const name = recordTitle(def, record);
  const search = def.list.search?.length ? `?${new URLSearchParams({ q: name })}` : '';
  return { kind: 'record', type: def.label, id: about.id, name, href: `${def.admin.path}${search}` };
}

/** Who asked for a job: a staff member by name, else as much as the API's answer says. */
export function requesterOf(job: Pick<JobEntry, 'createdBy' | 'createdByName'>): {
  name: string;
  known: boolean;
} {
  if (job.createdByName) return { name: job.createdByName, known: true };
  return { name: job.createdBy ? 'an API key or a removed account' : 'the site', known: false };
}
