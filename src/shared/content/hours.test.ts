import { describe, expect, it } from 'vitest';
import { SITE_TIME_ZONE } from '../constants';
import { f } from './fields';
import { centerStatus, type WeeklyHours, weekLines } from './hours';
import { fieldSchema } from './schema';

const days = (names: string[], opens: string, closes: string): WeeklyHours =>
  Object.fromEntries(names.map((day) => [day, { opens, closes }]));
const WEEKDAYS_ONLY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
const ALL = [...WEEKDAYS_ONLY, 'saturday', 'sunday'];
const text = (week: WeeklyHours) => weekLines(week).map((line) => `${line.days}, ${line.hours}`);

describe('a week of hours reads as lines, identical days collapsed', () => {
  it('seven days open around the clock are one line', () => {
    expect(text(days(ALL, '00:00', '23:59'))).toEqual(['Every day, 24 hours']);
  });

  it('seven days of the same hours are one line', () => {
    expect(text(days(ALL, '08:00', '20:00'))).toEqual(['Every day, 8 am–8 pm']);
  });

  it('a run of identical days is one line, a day that differs its own, a closed day says so', () => {
    const week = { ...days(WEEKDAYS_ONLY, '09:00', '19:00'), saturday: { opens: '10:00', closes: '16:30' } };
    expect(text(week)).toEqual(['Monday–Friday, 9 am–7 pm', 'Saturday, 10 am–4:30 pm', 'Sunday, Closed']);
    expect(weekLines(week).map((line) => line.closed)).toEqual([false, false, true]);
  });

  it('only neighbouring days join: the same hours apart are two lines', () => {
    const week = {
      monday: { opens: '09:00', closes: '17:00' },
      wednesday: { opens: '09:00', closes: '17:00' },
    };
    expect(text(week)).toEqual([
      'Monday, 9 am–5 pm',
      'Tuesday, Closed',
      'Wednesday, 9 am–5 pm',
      'Thursday–Sunday, Closed',
    ]);
  });

  it('a week with no open day has nothing to show', () => {
    expect(weekLines({})).toEqual([]);
    expect(weekLines(null)).toEqual([]);
  });
});

describe('open now says until when', () => {
  const center = { hours: days(WEEKDAYS_ONLY, '09:00', '19:00'), phone: '042', emergencyPhone: '0300' };
  it('names the closing time while open, and the emergency line after it', () => {
    // Monday 10:00 and 20:00 in Karachi (UTC+5).
    expect(centerStatus(center, new Date('2026-11-30T05:00:00Z'), SITE_TIME_ZONE)?.label).toBe(
      'Open now · closes 7 pm',
    );
    expect(centerStatus(center, new Date('2026-11-30T15:00:00Z'), SITE_TIME_ZONE)?.label).toBe(
      'Closed now · emergency line open',
    );
    const allDay = { ...center, hours: days(ALL, '00:00', '23:59') };
    expect(centerStatus(allDay, new Date('2026-11-30T15:00:00Z'), SITE_TIME_ZONE)?.label).toBe(
      'Open now · 24 hours',
    );
  });
});

describe('a map location', () => {
  const location = f.point('Map location');
  const parse = (value: unknown) => fieldSchema(location).safeParse(value);

  it('takes a typed point or a maps link that shows one, and stores the point', () => {
    expect(parse('31.5204, 74.3587').data).toBe('31.5204,74.3587');
    expect(parse('https://www.google.com/maps/@24.8607,67.0011,14z').data).toBe('24.8607,67.0011');
    expect(parse('https://www.openstreetmap.org/#map=15/33.7104/73.0577').data).toBe('33.7104,73.0577');
    expect(parse('').data).toBeNull();
    expect(parse(undefined).data).toBeNull();
  });

  it('refuses what names no point, saying what it takes', () => {
    for (const bad of ['Lahore', '91, 74', 'https://maps.app.goo.gl/AbC', 'https://evil.example/@1,2', 12]) {
      const result = parse(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/^Map location must be a latitude and longitude/);
    }
  });
});
