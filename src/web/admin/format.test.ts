import { describe, expect, it } from 'vitest';
import { formatAgo, formatClock, formatMinutes, readTimesIn } from './format';

describe('formatMinutes', () => {
  it('says a span of time in the units people use', () => {
    expect(formatMinutes(null)).toBe('–');
    expect(formatMinutes(0.4)).toBe('under 1 min');
    expect(formatMinutes(42)).toBe('42 min');
    expect(formatMinutes(59.6)).toBe('1 h');
    expect(formatMinutes(190)).toBe('3 h 10 min');
    expect(formatMinutes(120)).toBe('2 h');
    expect(formatMinutes(52 * 60 + 10)).toBe('2 d 4 h');
    expect(formatMinutes(48 * 60)).toBe('2 d');
  });
});

describe('formatAgo', () => {
  it('says how long ago for the last two days, the date before that', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(formatAgo('2026-11-24T11:59:40Z', now)).toBe('just now');
    expect(formatAgo('2026-11-24T11:48:00Z', now)).toBe('12 min ago');
    expect(formatAgo('2026-11-24T08:50:00Z', now)).toBe('3 h ago');
    expect(formatAgo('2026-11-20T08:50:00Z', now)).toMatch(/20 Nov 2026/);
  });
});

describe('formatClock', () => {
  it('says the time of day in the site zone, and nothing for no time', () => {
    readTimesIn('Asia/Karachi');
    expect(formatClock('2026-11-24T05:42:00Z')).toBe('10:42 am');
    expect(formatClock('2026-11-24T19:05:00Z')).toBe('12:05 am');
    readTimesIn('Europe/London');
    expect(formatClock('2026-11-24T05:42:00Z')).toBe('5:42 am');
    readTimesIn(undefined);
    expect(formatClock(null)).toBe('');
  });
});
