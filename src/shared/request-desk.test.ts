import { describe, expect, it } from 'vitest';
import {
  isNewsToCustomer,
  notifiesCustomerByDefault,
  PAST_VISIT_MESSAGE,
  tellsCustomer,
  VISIT_GRACE_MINUTES,
  visitTimeProblem,
} from './request-desk';

describe('a visit time', () => {
  const now = Date.parse('2026-11-28T10:00:00Z');
  const minutes = (n: number) => new Date(now + n * 60_000).toISOString();

  it('is refused once past, beyond a grace of a few minutes for a clock running slow', () => {
    expect(visitTimeProblem(minutes(60), null, now)).toBeUndefined();
    expect(visitTimeProblem(minutes(-VISIT_GRACE_MINUTES), null, now)).toBeUndefined();
    expect(visitTimeProblem(minutes(-VISIT_GRACE_MINUTES - 1), null, now)).toBe(PAST_VISIT_MESSAGE);
    expect(visitTimeProblem(null, minutes(-600), now)).toBeUndefined();
  });

  it('the request already holds is not judged again, however it is written', () => {
    expect(visitTimeProblem('2026-11-01T15:00:00+05:00', '2026-11-01T10:00:00.000Z', now)).toBeUndefined();
    expect(visitTimeProblem('2026-11-01T11:00:00Z', '2026-11-01T10:00:00.000Z', now)).toBe(
      PAST_VISIT_MESSAGE,
    );
  });
});

describe('who hears of a change to a request', () => {
  const stages = ['new', 'contacted', 'scheduled', 'done', 'lost'];

  it('tells the customer by default about a visit booked and a job done only', () => {
    expect(stages.filter((stage) => notifiesCustomerByDefault(stage))).toEqual(['scheduled', 'done']);
    // A request the honeypot caught is told nothing unless staff tick the box.
    expect(stages.filter((stage) => notifiesCustomerByDefault(stage, { spam: true }))).toEqual([]);
  });

  it('counts a new stage or a booked visit moved as news, and nothing else', () => {
    const at = '2026-12-01T09:00:00.000Z';
    expect(isNewsToCustomer({ stage: 'new' }, { stage: 'contacted' })).toBe(true);
    expect(
      isNewsToCustomer({ stage: 'scheduled', scheduledAt: at }, { stage: 'scheduled', scheduledAt: null }),
    ).toBe(true);
    expect(
      isNewsToCustomer({ stage: 'scheduled', scheduledAt: at }, { stage: 'scheduled', scheduledAt: at }),
    ).toBe(false);
    // A record stored before stages existed stands at new.
    expect(isNewsToCustomer({}, { stage: 'new' })).toBe(false);
  });

  it("mails only news, as staff chose, else as the stage's default", () => {
    expect(tellsCustomer({ stage: 'new' }, { stage: 'done' })).toBe(true);
    expect(tellsCustomer({ stage: 'new' }, { stage: 'done' }, false)).toBe(false);
    expect(tellsCustomer({ stage: 'new' }, { stage: 'contacted' }, true)).toBe(true);
    expect(tellsCustomer({ stage: 'done' }, { stage: 'done' }, true)).toBe(false);
    expect(tellsCustomer({ stage: 'new' }, { stage: 'done', spam: true })).toBe(false);
  });
});
