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

/** The week's open days in calendar order, each with its hours. */
export function openDays(week: WeeklyHours | null | undefined): [Weekday, DayHours][] {
  return WEEKDAYS.flatMap((day) => {
    const hours = week?.[day];
    return hours ? [[day, hours] as [Weekday, DayHours]] : [];
  });
}
