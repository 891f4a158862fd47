import { describe, expect, it } from 'vitest';
import { formatDate, formatTime } from './clock';

// Karachi is UTC+5 all year: 19:30 UTC is half past midnight there.
const ZONE = 'Asia/Karachi';

describe('a time as people read it in the site zone', () => {
  it('writes the hour after midnight as 12, never 0', () => {
    expect(formatTime('2026-11-28T19:30:00Z', ZONE)).toBe('Sun 29 Nov 2026, 12:30 am');
    expect(formatTime('2026-11-28T19:05:00Z', 'UTC')).toBe('Sat 28 Nov 2026, 7:05 pm');
  });

  it('writes noon as 12 pm and the last minute of the day as 11:59 pm', () => {
    expect(formatTime('2026-11-28T07:00:00Z', ZONE)).toBe('Sat 28 Nov 2026, 12:00 pm');
    expect(formatTime('2026-11-28T18:59:00Z', ZONE)).toBe('Sat 28 Nov 2026, 11:59 pm');
  });

  it('gives the calendar day in the zone, and nothing for no time or a broken one', () => {
    expect(formatDate('2026-11-28T19:30:00Z', ZONE)).toBe('Sun 29 Nov 2026');
    expect(formatTime(null, ZONE)).toBe('');
    expect(formatTime('not a time', ZONE)).toBe('');
  });
});
