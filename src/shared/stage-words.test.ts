import { describe, expect, it } from 'vitest';
import { stageWords, visitTime } from './stage-words';

describe("a stage in the customer's words", () => {
  it('says each stage as the track page and the mails do', () => {
    expect(stageWords('new')).toBe('Received');
    expect(stageWords('contacted')).toBe('We have called you');
    expect(stageWords('scheduled')).toBe('Visit scheduled');
    expect(stageWords('done')).toBe('Done');
    expect(stageWords('lost')).toBe('Closed');
  });

  it("gives the visit's time in the company's zone, long or short", () => {
    expect(stageWords('scheduled', '2026-11-25T05:00:00.000Z')).toBe(
      'Visit scheduled for Wed 25 Nov 2026, 10:00 am',
    );
    expect(visitTime('2026-11-25T05:00:00.000Z', 'short')).toBe('Wed 25 Nov, 10:00');
    // The site's zone decides the day: 01:18 in Karachi is the evening before in London.
    expect(stageWords('scheduled', '2026-11-26T20:18:00.000Z', 'long', 'Europe/London')).toBe(
      'Visit scheduled for Thu 26 Nov 2026, 8:18 pm',
    );
    expect(visitTime('2026-11-26T20:18:00.000Z')).toBe('Fri 27 Nov 2026, 1:18 am');
  });
});
