import { DEFAULT_TIME_ZONE, formatTime, siteTimeZone } from '../../shared/clock';

/** The zone the admin's dates are read in: the site's (decision 097), set by the admin layout. */
let siteZone = DEFAULT_TIME_ZONE;

/** Read every time on the admin's screens in the site's zone (the settings' `timeZone`). */
export function readTimesIn(zone: unknown): void {
  siteZone = siteTimeZone(zone);
}

/** The zone the admin's times are read in now. */
export const readingZone = (): string => siteZone;

/** A stored timestamp as staff read it ('Mon 23 Nov 2026, 9:30 am'), in the site's time zone. */
export function formatWhen(iso: string | null | undefined): string {
  return formatTime(iso, siteZone);
}

/** Only the time of day of a stored timestamp ('10:42 am'), in the site's zone: a save just made. */
export function formatClock(iso: string | null | undefined): string {
  const when = formatWhen(iso);
  return when.slice(when.lastIndexOf(', ') + 2);
}

const calendarDay = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar day (`2026-11-23`) as staff read it ('23 Nov 2026'), the same day in every zone. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : calendarDay.format(date);
}

/** The URL's page number (1 when absent or nonsense). */
export function pageOf(url: URL): number {
  return Math.max(1, Math.floor(Number(url.searchParams.get('page'))) || 1);
}

/** Copy the named query parameters that have a value. */
export function pickParams(url: URL, names: readonly string[]): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of names) {
    const value = url.searchParams.get(name)?.trim();
    if (value) params.set(name, value);
  }
  return params;
}

/** A span of minutes as people say it: '42 min', '3 h 10 min', '2 d 4 h'; '–' when unknown. */
export function formatMinutes(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return '–';
  const whole = Math.round(minutes);
  if (whole < 1) return 'under 1 min';
  if (whole < 60) return `${whole} min`;
  if (whole < 24 * 60) {
    const rest = whole % 60;
    return rest ? `${Math.floor(whole / 60)} h ${rest} min` : `${whole / 60} h`;
  }
  const hours = Math.round(whole / 60);
  const rest = hours % 24;
  return rest ? `${Math.floor(hours / 24)} d ${rest} h` : `${hours / 24} d`;
}

/** How long ago, for what happened in the last two days ('5 min ago', '3 h ago'); else the date. */
export function formatAgo(iso: string, now = Date.now()): string {
  const minutes = (now - new Date(iso).getTime()) / 60_000;
  if (!Number.isFinite(minutes)) return '';
  if (minutes < 1) return 'just now';
  if (minutes < 48 * 60) return `${formatMinutes(minutes).replace(/ \d+ min$/, '')} ago`;
  return formatWhen(iso);
}
