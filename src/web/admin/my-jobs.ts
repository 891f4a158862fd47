import { wallParts } from '../../shared/clock';
import { CONTACT_STAGES, type ContactStage } from '../../shared/constants';
import { readingZone } from './format';

/**
 * A technician's day, apart from React: which of their requests they see and in what order, and
 * where each may go next. Visits are placed by the site's calendar day (Asia/Karachi), not the
 * phone's, so "today" means the same day for the desk and the technician.
 */

/** Stages after which a job leaves the list: the work is over. */
export const CLOSED_STAGES: readonly ContactStage[] = ['done', 'lost'];
/** The stages a job is listed in, one list request each (a list filters by one stage). */
export const OPEN_STAGES = CONTACT_STAGES.filter((stage) => !CLOSED_STAGES.includes(stage));

export interface JobLike {
  stage?: unknown;
  scheduledAt?: string | null;
  urgent?: unknown;
  createdAt: string;
}

export type JobGroupName = 'today' | 'upcoming' | 'open';

export const JOB_GROUP_TITLES: Record<JobGroupName, string> = {
  today: 'Today',
  upcoming: 'Upcoming visits',
  open: 'Open, no visit yet',
};

/**
 * The site's calendar day of an instant, as `YYYY-MM-DD` (which sorts and compares as text), in
 * the site's zone (decision 097).
 */
export function siteDay(at: Date, timeZone = readingZone()): string {
  const { year, month, day } = wallParts(at, timeZone);
  return `${year}-${month}-${day}`;
}

const visitOf = (job: JobLike): Date | null => {
  if (!job.scheduledAt) return null;
  const at = new Date(job.scheduledAt);
  return Number.isNaN(at.getTime()) ? null : at;
};

const time = (at: Date | null) => at?.getTime() ?? 0;

/**
 * Today's visits (with any earlier one still open: it is still to do today), then the coming
 * ones, each by time; then the open jobs with no visit, urgent first, then the oldest first.
 * Closed jobs are left out; empty groups too.
 */
export function groupJobs<J extends JobLike>(jobs: readonly J[], now = new Date()) {
  const today = siteDay(now);
  const groups: Record<JobGroupName, J[]> = { today: [], upcoming: [], open: [] };
  for (const job of jobs) {
    if (CLOSED_STAGES.includes(job.stage as ContactStage)) continue;
    const visit = visitOf(job);
    if (!visit) groups.open.push(job);
    else groups[siteDay(visit) <= today ? 'today' : 'upcoming'].push(job);
  }
  const byVisit = (a: J, b: J) => time(visitOf(a)) - time(visitOf(b));
  groups.today.sort(byVisit);
  groups.upcoming.sort(byVisit);
  groups.open.sort(
    (a, b) => Number(Boolean(b.urgent)) - Number(Boolean(a.urgent)) || a.createdAt.localeCompare(b.createdAt),
  );
  return (Object.keys(groups) as JobGroupName[])
    .filter((name) => groups[name].length > 0)
    .map((name) => ({ name, title: JOB_GROUP_TITLES[name], jobs: groups[name] }));
}

/** Where a job may go from its stage: the stages after it, in the desk's order. */
export function nextStages(stage: unknown): ContactStage[] {
  const at = CONTACT_STAGES.indexOf(stage as ContactStage);
  return CONTACT_STAGES.slice(Math.max(at, 0) + 1);
}
