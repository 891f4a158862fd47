import { describe, expect, it } from 'vitest';
import { formatDate, formatTime, offsetWindow, wallParts } from './clock';

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

describe('a zone read by arithmetic while its offset holds', () => {
  it('gives the same wall clock through the offset as through the zone', () => {
    for (const iso of ['2026-11-28T19:30:00Z', '2026-06-01T00:00:00Z', '2026-12-31T23:59:00Z']) {
      const at = new Date(iso);
      for (const zone of ['Asia/Karachi', 'Europe/London', 'America/St_Johns', 'Asia/Kathmandu']) {
        expect(wallParts(at, offsetWindow(at, zone).offset), `${zone} at ${iso}`).toEqual(
          wallParts(at, zone),
        );
      }
    }
  });

  it('holds for 35 days either side in a zone without summer time', () => {
    const at = new Date('2026-11-28T10:00:00Z');
    // A zone no other test here has asked for: a window is remembered while the clock stays inside.
    const window = offsetWindow(at, 'Asia/Dubai');
    expect(window.offset).toBe('+04:00');
    expect(offsetWindow(new Date(at.getTime() + 86_400_000), 'Asia/Dubai')).toBe(window);
    expect(window.until - at.getTime()).toBe(35 * 86_400_000);
    expect(at.getTime() - window.from).toBe(35 * 86_400_000);
  });

  it('ends at the minute summer time starts, and starts at the minute it started', () => {
    const spring = new Date('2026-03-20T12:00:00Z');
    const before = offsetWindow(spring, 'Europe/London');
    expect(before.offset).toBe('+00:00');
    expect(new Date(before.until).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    const after = offsetWindow(new Date('2026-04-10T12:00:00Z'), 'Europe/London');
    expect(after.offset).toBe('+01:00');
    expect(new Date(after.from).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(offsetWindow(new Date('2026-07-01T00:00:00Z'), 'America/St_Johns').offset).toBe('-02:30');
  });
});
