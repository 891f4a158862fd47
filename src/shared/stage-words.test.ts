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
      'Visit scheduled for Wednesday, 25 November 2026 at 10:00',
    );
    expect(visitTime('2026-11-25T05:00:00.000Z', 'short')).toBe('Wed 25 Nov, 10:00');
  });
});
