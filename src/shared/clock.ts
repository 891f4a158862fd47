/**
 * The site's one clock (decision 097): every time a person reads (mails, admin screens, the track
 * page, the CSV) is written in the site's time zone, a setting, and in one wording:
 * `Fri 27 Nov 2026, 1:18 am`. Server and browser both format through this module, so that a mail,
 * a screen and an export never disagree about the day.
 */

/** The zone a site starts with: the company works in Pakistan's time. */
export const DEFAULT_TIME_ZONE = 'Asia/Karachi';

export const TIME_ZONE_MESSAGE = 'Time zone must be an IANA zone name, e.g. Asia/Karachi or Europe/London.';

/** Whether this runtime's Intl knows `zone` as an IANA time zone (`Asia/Karachi`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  // Offsets (`+05:00`) are accepted by newer Intl versions but are not zones: they know no rules.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone to read times in: the setting when it is a zone, else the default (an old or hand-edited row). */
export function siteTimeZone(setting: unknown): string {
  return typeof setting === 'string' && isTimeZone(setting) ? setting : DEFAULT_TIME_ZONE;
}

// Formatters are costly to make and are reused per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(kind: 'time' | 'day' | 'parts', zone: string): Intl.DateTimeFormat {
  const key = `${kind} ${zone}`;
  let made = formatters.get(key);
  if (!made) {
    const day = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' } as const;
    const options: Intl.DateTimeFormatOptions =
      kind === 'day'
        ? { ...day, timeZone: zone }
        : kind === 'time'
          ? // h12, not hour12: en-GB's 12-hour clock is h11, which writes half past midnight "0:30 am".
            { ...day, hour: 'numeric', minute: '2-digit', hourCycle: 'h12', timeZone: zone }
          : {
              weekday: 'long',
              year: 'numeric',
              month: '2-digit',
              day: '2-digit',
              hour: '2-digit',
              minute: '2-digit',
              hourCycle: 'h23',
              timeZone: zone,
            };
    made = new Intl.DateTimeFormat('en-GB', options);
    formatters.set(key, made);
  }
  return made;
}

const asDate = (at: string | number | Date) => (at instanceof Date ? at : new Date(at));

/**
 * An instant as people read it in the site's zone: `Fri 27 Nov 2026, 1:18 am`. Built from the
 * parts, so that every runtime's Intl writes the same (no comma after the weekday, `am` in lower case).
 */
export function formatTime(at: string | number | Date | null | undefined, zone: string): string {
  if (at === null || at === undefined || at === '') return '';
  const date = asDate(at);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(
    formatterFor('time', siteTimeZone(zone))
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const period = String(parts.dayPeriod ?? '').toLowerCase();
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} ${period}`;
}

/** An instant's calendar day in the site's zone: `Fri 27 Nov 2026`. */
export function formatDate(at: string | number | Date | null | undefined, zone: string): string {
  if (at === null || at === undefined || at === '') return '';
  const date = asDate(at);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(
    formatterFor('day', siteTimeZone(zone))
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

/**
 * An instant as a sortable local wall time, `2026-11-27 01:18`, for a spreadsheet column: the site's
 * zone, never UTC, and no letters a spreadsheet would read as text.
 */
export function formatSortableTime(at: string | number | Date | null | undefined, zone: string): string {
  if (at === null || at === undefined || at === '') return '';
  const date = asDate(at);
  if (Number.isNaN(date.getTime())) return '';
  const parts = wallParts(date, siteTimeZone(zone));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/**
 * The wall clock and calendar of `zone` at `at`, as digits (`2026`, `11`, `27`, `01`, `18`) and
 * the weekday's English name (`Friday`): what the rota, a center's open-now and "today" compare.
 */
export function wallParts(
  at: Date,
  zone: string,
): { weekday: string; year: string; month: string; day: string; hour: string; minute: string } {
  const fixed = FIXED_OFFSET.exec(zone);
  if (fixed) return offsetWallParts(at, fixed);
  const parts = Object.fromEntries(
    formatterFor('parts', zone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    weekday: String(parts.weekday),
    year: String(parts.year),
    month: String(parts.month),
    day: String(parts.day),
    hour: String(parts.hour),
    minute: String(parts.minute),
  };
}

/** A fixed offset from UTC as a zone: `+05:00`, `-03:30` (see `offsetWindow`). */
const FIXED_OFFSET = /^([+-])(\d\d):(\d\d)$/;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const two = (n: number) => String(n).padStart(2, '0');

/** The wall clock at a fixed offset, by arithmetic: no Intl (whose first use costs a browser about 60 ms). */
function offsetWallParts(at: Date, [, sign, hours, minutes]: RegExpExecArray) {
  const offset = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
  const wall = new Date(at.getTime() + offset * 60_000);
  return {
    weekday: WEEKDAYS[wall.getUTCDay()]!,
    year: String(wall.getUTCFullYear()),
    month: two(wall.getUTCMonth() + 1),
    day: two(wall.getUTCDate()),
    hour: two(wall.getUTCHours()),
    minute: two(wall.getUTCMinutes()),
  };
}

/** `zone`'s offset from UTC at `at`, in minutes (Karachi: 300). */
function offsetMinutes(at: number, zone: string): number {
  const minute = Math.floor(at / 60_000) * 60_000;
  const p = wallParts(new Date(minute), zone);
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  return (wall - minute) / 60_000;
}

const DAY = 86_400_000;
/** How far either side of an instant `offsetWindow` looks for a change of offset. */
const WINDOW_DAYS = 35;

/** The last instant of `zone`'s offset `offset` between `from` (which has it) and `to` (which has not), to the minute. */
function lastWithOffset(from: number, to: number, zone: string, offset: number): number {
  let [inside, outside] = [from, to];
  while (Math.abs(outside - inside) > 60_000) {
    const middle = inside + Math.trunc((outside - inside) / 2);
    if (offsetMinutes(middle, zone) === offset) inside = middle;
    else outside = middle;
  }
  // Offsets change on a whole minute: the minute `outside` falls in is the first (or last) of the other.
  return Math.floor(outside / 60_000) * 60_000;
}

const windows = new Map<string, { offset: string; from: number; until: number }>();

/**
 * `zone`'s offset at `at` as a fixed zone (`+05:00`), and the instants between which it holds: up
 * to the zone's next and last change of offset (summer time), at most 35 days either side. A page
 * carries it so that its script reads the zone's wall clock by arithmetic (`wallParts` with the
 * offset as zone) while the visitor's clock is inside the window, and asks Intl only outside it.
 * Remembered per zone while `at` stays inside.
 */
export function offsetWindow(at: Date, zone: string): { offset: string; from: number; until: number } {
  const now = at.getTime();
  const known = windows.get(zone);
  if (known && known.from <= now && now < known.until) return known;
  const offset = offsetMinutes(now, zone);
  const edge = (step: number) => {
    for (let day = 1; day <= WINDOW_DAYS; day++) {
      const probe = now + step * day * DAY;
      if (offsetMinutes(probe, zone) !== offset)
        return lastWithOffset(probe - step * DAY, probe, zone, offset);
    }
    return now + step * WINDOW_DAYS * DAY;
  };
  const until = edge(1);
  // Going back, the edge found is the last minute of the other offset: this one starts a minute later.
  const before = edge(-1);
  const from = before === now - WINDOW_DAYS * DAY ? before : before + 60_000;
  const abs = Math.abs(offset);
  const made = {
    offset: `${offset < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`,
    from,
    until,
  };
  windows.set(zone, made);
  return made;
}
