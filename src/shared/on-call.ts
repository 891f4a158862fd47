import { z } from 'zod';
import { wallClock } from './content/hours';

/**
 * The on-call rota (docs/decisions/095): staff members with the days and hours they are on call,
 * in the company's time zone. An urgent request goes to whoever is on call when it arrives. The
 * form, the route and the server's "who is on call now" all read this module.
 */
export const ON_CALL_PATH = '/api/on-call';

/** More shifts than a company's week needs is a mistake, not a rota. */
export const MAX_SHIFTS = 50;

/** The days of the week, Monday first, as the API names them. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

/** A minute of the day as people write it: 00:00 to 23:59, and 24:00 for the end of the day. */
const START_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const END_PATTERN = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;

export const onCallMessages = {
  person: 'Choose an approved staff member.',
  days: 'Choose at least one day.',
  day: `Days are ${WEEKDAYS.join(', ')}.`,
  start: 'Start is a time of day as HH:MM, e.g. 08:00.',
  end: 'End is a time of day as HH:MM, e.g. 17:00; 24:00 is the end of the day.',
  empty: 'A shift cannot end when it starts; 00:00 to 24:00 is all day.',
  tooMany: `At most ${MAX_SHIFTS} shifts.`,
  list: 'Shifts are a list.',
} as const;

/** One shift as the form and `PUT /api/on-call` send it. Unknown fields are a 400. */
export const shiftInputSchema = z
  .strictObject({
    userId: z.uuid({ error: onCallMessages.person }),
    days: z
      .array(z.enum(WEEKDAYS, { error: onCallMessages.day }), { error: onCallMessages.days })
      .min(1, onCallMessages.days)
      .max(WEEKDAYS.length, onCallMessages.day),
    start: z.string({ error: onCallMessages.start }).regex(START_PATTERN, onCallMessages.start),
    end: z.string({ error: onCallMessages.end }).regex(END_PATTERN, onCallMessages.end),
  })
  .refine((shift) => shift.start !== shift.end, { error: onCallMessages.empty, path: ['end'] });
export type ShiftInput = z.infer<typeof shiftInputSchema>;

/** The whole rota, replaced at once: its order is the order people are picked in. */
export const onCallInputSchema = z.strictObject({
  shifts: z.array(shiftInputSchema, { error: onCallMessages.list }).max(MAX_SHIFTS, onCallMessages.tooMany),
});
export type OnCallInput = z.infer<typeof onCallInputSchema>;

const personSchema = z.object({ userId: z.string(), name: z.string() });

/** The rota as `GET /api/on-call` answers it: each shift with its person's name, and who is on now. */
export const onCallSchema = z.object({
  timeZone: z.string(),
  shifts: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      days: z.array(z.enum(WEEKDAYS)),
      start: z.string(),
      end: z.string(),
    }),
  ),
  /** Everyone on call at the time of the answer, in the rota's order: the first is assigned. */
  onCallNow: z.array(personSchema),
});
export type OnCall = z.infer<typeof onCallSchema>;
export type Shift = OnCall['shifts'][number];

/** `08:30` as minutes of the day (510); `24:00` is 1440. */
export const minuteOfDay = (clock: string): number => {
  const [hours, minutes] = clock.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/** 510 as `08:30`; 1440 as `24:00`. */
export const clockOf = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The day of the week and the minute of the day at `at` on the company's clock (the site's zone). */
export function siteClock(at: Date, timeZone: string): { day: Weekday; minute: number } {
  const { day, minute } = wallClock(at, timeZone);
  return { day: day.slice(0, 3) as Weekday, minute };
}

/**
 * Whether `shift` covers the moment `at`. A shift's days are the days it starts on: one that ends
 * before it starts runs past midnight into the next morning (Monday 22:00 to 06:00 covers Tuesday
 * 03:00), and 00:00 to 24:00 is the whole day.
 */
export function onShift(shift: Pick<Shift, 'days' | 'start' | 'end'>, at: Date, timeZone: string): boolean {
  const { day, minute } = siteClock(at, timeZone);
  const [start, end] = [minuteOfDay(shift.start), minuteOfDay(shift.end)];
  const startsOn = (weekday: Weekday) => shift.days.includes(weekday);
  if (start < end) return startsOn(day) && minute >= start && minute < end;
  const yesterday = WEEKDAYS[(WEEKDAYS.indexOf(day) + WEEKDAYS.length - 1) % WEEKDAYS.length]!;
  return (startsOn(day) && minute >= start) || (startsOn(yesterday) && minute < end);
}

/** The people on call at `at`, each once, in the order of their first shift that covers it. */
export function onCallAt<S extends Pick<Shift, 'userId' | 'days' | 'start' | 'end'>>(
  shifts: readonly S[],
  at: Date,
  timeZone: string,
): S[] {
  const seen = new Set<string>();
  return shifts.filter((shift) => {
    if (seen.has(shift.userId) || !onShift(shift, at, timeZone)) return false;
    seen.add(shift.userId);
    return true;
  });
}

/** `Mon–Fri`, `Sat, Sun`, `Every day`: a shift's days as the rota screen and the audit log say them. */
export function daysInWords(days: readonly Weekday[]): string {
  const chosen = WEEKDAYS.filter((day) => days.includes(day));
  if (chosen.length === WEEKDAYS.length) return 'Every day';
  const first = WEEKDAYS.indexOf(chosen[0]!);
  const consecutive = chosen.every((day, index) => WEEKDAYS.indexOf(day) === first + index);
  if (consecutive && chosen.length >= 3)
    return `${WEEKDAY_LABELS[chosen[0]!]}–${WEEKDAY_LABELS[chosen.at(-1)!]}`;
  return chosen.map((day) => WEEKDAY_LABELS[day]).join(', ');
}
