import { describe, expect, it } from 'vitest';
import { isNewsToCustomer, notifiesCustomerByDefault, tellsCustomer } from './request-desk';

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
