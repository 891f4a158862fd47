import { describe, expect, it } from 'vitest';
import { groupJobs, nextStages, siteDay } from './my-jobs';

const job = (
  id: string,
  fields: { stage?: string; scheduledAt?: string | null; urgent?: boolean; createdAt?: string },
) => ({
  id,
  createdAt: '2026-11-20T08:00:00.000Z',
  ...fields,
});
const ids = (groups: ReturnType<typeof groupJobs<ReturnType<typeof job>>>) =>
  groups.map((group) => [group.name, group.jobs.map((one) => one.id)]);

describe("a technician's jobs", () => {
  // 28 Nov 2026, 22:00 in Karachi (UTC+5): 17:00 UTC.
  const now = new Date('2026-11-28T17:00:00.000Z');

  it('reads the day in Karachi, whatever the UTC date', () => {
    expect(siteDay(new Date('2026-11-28T19:30:00.000Z'))).toBe('2026-11-29');
    expect(siteDay(new Date('2026-11-28T18:59:00.000Z'))).toBe('2026-11-28');
  });

  it("lists today's visits, then the coming ones, each by time, then the open ones", () => {
    const groups = groupJobs(
      [
        job('open-old', { stage: 'new', createdAt: '2026-11-19T08:00:00.000Z' }),
        job('tomorrow', { stage: 'scheduled', scheduledAt: '2026-11-29T05:00:00.000Z' }),
        job('late-today', { stage: 'scheduled', scheduledAt: '2026-11-28T15:00:00.000Z' }),
        job('early-today', { stage: 'scheduled', scheduledAt: '2026-11-28T04:00:00.000Z' }),
        // 00:30 on the 29th in Karachi, though still the 28th in UTC: tomorrow.
        job('after-midnight', { stage: 'scheduled', scheduledAt: '2026-11-28T19:30:00.000Z' }),
        job('open-urgent', { stage: 'contacted', urgent: true, createdAt: '2026-11-25T08:00:00.000Z' }),
      ],
      now,
    );
    expect(ids(groups)).toEqual([
      ['today', ['early-today', 'late-today']],
      ['upcoming', ['after-midnight', 'tomorrow']],
      ['open', ['open-urgent', 'open-old']],
    ]);
  });

  it('keeps an earlier visit still open among today’s, and leaves closed jobs and empty groups out', () => {
    const groups = groupJobs(
      [
        job('overdue', { stage: 'scheduled', scheduledAt: '2026-11-26T06:00:00.000Z' }),
        job('done', { stage: 'done', scheduledAt: '2026-11-28T06:00:00.000Z' }),
        job('lost', { stage: 'lost' }),
      ],
      now,
    );
    expect(ids(groups)).toEqual([['today', ['overdue']]]);
  });

  it('offers the stages after the current one', () => {
    expect(nextStages('new')).toEqual(['contacted', 'scheduled', 'done', 'lost']);
    expect(nextStages('scheduled')).toEqual(['done', 'lost']);
    expect(nextStages('lost')).toEqual([]);
    expect(nextStages(undefined)).toEqual(['contacted', 'scheduled', 'done', 'lost']);
  });
});
