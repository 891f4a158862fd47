import { wallParts } from '../clock';

/**
 * Weekly opening hours (a service center's week), as a field stores them and pages show them.
 * Plain data and plain functions: the server-rendered pages, the admin table and the structured
 * data read the same values.
 */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;

export type Weekday = (typeof WEEKDAYS)[number];

/** One day's opening, in 24-hour `HH:MM`; opens comes before closes. */
export interface DayHours {
  opens: string;
  closes: string;
}

/** The week: a day left out is closed; open all day is `00:00`–`23:59`. */
export type WeeklyHours = { [day in Weekday]?: DayHours };

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** The hours of a day open around the clock. */
export const ALL_DAY: DayHours = { opens: '00:00', closes: '23:59' };

/** A time of day as the field takes it: `08:30`, `17:00`. */
export const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

export const isWeekday = (value: string): value is Weekday => (WEEKDAYS as readonly string[]).includes(value);

export const isAllDay = (hours: DayHours) => hours.opens === ALL_DAY.opens && hours.closes === ALL_DAY.closes;

/** `17:30` as people read it: `5:30 pm`; `12:00` is `12:00 pm`. */
export function formatTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'am' : 'pm';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** A day's hours as people read them: `Closed`, `Open 24 hours` or `9:00 am – 6:00 pm`. */
export function formatDayHours(hours: DayHours | undefined | null): string {
  if (!hours) return 'Closed';
  if (isAllDay(hours)) return 'Open 24 hours';
  return `${formatTime(hours.opens)} – ${formatTime(hours.closes)}`;
}

/** A time as a line of hours shows it: `9 am`, `7:30 pm`, `12 pm`. */
export function shortTime(time: string): string {
  return formatTime(time).replace(':00 ', ' ');
}

/** One line of a week's hours: a day or a run of days, and what they share. */
export interface HoursLine {
  /** `Every day`, `Monday–Friday`, `Saturday`. */
  days: string;
  /** `24 hours`, `9 am–7 pm` or `Closed`. */
  hours: string;
  closed: boolean;
}

const sameHours = (a: DayHours | undefined, b: DayHours | undefined) =>
  a === b || (!!a && !!b && a.opens === b.opens && a.closes === b.closes);

/**
 * The week as people read it: a run of days with the same hours is one line ("Monday–Friday,
 * 9 am–7 pm"), a week of one kind is "Every day". Every page that shows hours shows these lines,
 * so a center reads the same on its page, its card and the contact page. Empty for a week with
 * no open day: there is nothing to show.
 */
export function weekLines(week: WeeklyHours | null | undefined): HoursLine[] {
  if (openDays(week).length === 0) return [];
  const runs: { first: Weekday; last: Weekday; hours: DayHours | undefined }[] = [];
  for (const day of WEEKDAYS) {
    const hours = week?.[day];
    const run = runs.at(-1);
    if (run && sameHours(run.hours, hours)) run.last = day;
    else runs.push({ first: day, last: day, hours });
  }
  return runs.map(({ first, last, hours }) => ({
    days:
      runs.length === 1
        ? 'Every day'
        : first === last
          ? WEEKDAY_LABELS[first]
          : `${WEEKDAY_LABELS[first]}–${WEEKDAY_LABELS[last]}`,
    hours: !hours
      ? 'Closed'
      : isAllDay(hours)
        ? '24 hours'
        : `${shortTime(hours.opens)}–${shortTime(hours.closes)}`,
    closed: !hours,
  }));
}

/** The week's open days in calendar order, each with its hours. */
export function openDays(week: WeeklyHours | null | undefined): [Weekday, DayHours][] {
  return WEEKDAYS.flatMap((day) => {
    const hours = week?.[day];
    return hours ? [[day, hours] as [Weekday, DayHours]] : [];
  });
}

/** The day of the week and the minute of the day at `at` on the clocks of `timeZone`. */
export function wallClock(at: Date, timeZone: string): { day: Weekday; minute: number } {
  const parts = wallParts(at, timeZone);
  return {
    day: parts.weekday.toLowerCase() as Weekday,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const minuteOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/**
 * Whether the week's hours have the place open at `at`, read on the clocks of `timeZone` (the
 * site's zone, not the visitor's: a center is open by its own wall clock). A day's hours end at
 * its closing minute; `23:59` closes at midnight, so an all-day day has no gap.
 */
export function isOpenAt(week: WeeklyHours | null | undefined, at: Date, timeZone: string): boolean {
  const { day, minute } = wallClock(at, timeZone);
  const hours = week?.[day];
  if (!hours) return false;
  const closes = hours.closes === ALL_DAY.closes ? 24 * 60 : minuteOf(hours.closes);
  return minute >= minuteOf(hours.opens) && minute < closes;
}

/** What a center page says about now, and the number its Call button dials. */
export interface CenterStatus {
  state: 'open' | 'emergency' | 'closed';
  label: string;
  /** The number to call now: the center's inside its hours, the emergency line outside them. */
  callPhone: string;
  /** The Call button's words: it says so when it rings the emergency line. */
  callLabel: string;
}

/**
 * A center's state at `at`: open (its own phone), closed with its 24/7 emergency line answering
 * (that number), or closed. Null when the center publishes no hours: nothing to say about now.
 * The server renders it and the page's island recomputes it when the page is read (decision 098).
 */
export function centerStatus(
  center: { hours: WeeklyHours | null | undefined; phone: string; emergencyPhone: string },
  at: Date,
  timeZone: string,
): CenterStatus | null {
  if (openDays(center.hours).length === 0) return null;
  const call = { callPhone: center.phone, callLabel: 'Call' };
  if (isOpenAt(center.hours, at, timeZone)) {
    const today = center.hours?.[wallClock(at, timeZone).day];
    const until = !today || isAllDay(today) ? '24 hours' : `closes ${shortTime(today.closes)}`;
    return { state: 'open', label: `Open now · ${until}`, ...call };
  }
  if (!center.emergencyPhone) return { state: 'closed', label: 'Closed now', ...call };
  return {
    state: 'emergency',
    label: 'Closed now · emergency line open',
    callPhone: center.emergencyPhone,
    callLabel: 'Call emergency line',
  };
}
