import { z } from 'zod';
import { messages } from '../field-checks';
import type { WeeklyHoursField } from '../fields';
import { type DayHours, isWeekday, TIME_PATTERN, WEEKDAY_LABELS, WEEKDAYS } from '../hours';
import { defaultUnlessRequired, type FieldKindModule, isPlainObject, quote } from './kind';

const daySchema = z.object({
  opens: z.string().regex(TIME_PATTERN),
  closes: z.string().regex(TIME_PATTERN),
});

/**
 * The week's opening hours: each day named is open from `opens` to `closes` (24-hour `HH:MM`,
 * opening first), a day left out or null is closed. Anything else names the day it is wrong on.
 * The days come out in calendar order, with nothing but their two times.
 */
function weeklyHoursSchema(field: WeeklyHoursField): z.ZodType {
  const { label } = field;
  const notAWeek = `${label} must give each open day its opening and closing time, e.g. { "monday": { "opens": "09:00", "closes": "18:00" } }.`;
  const week = z
    .object(Object.fromEntries(WEEKDAYS.map((day) => [day, daySchema.optional()])), { error: () => notAWeek })
    .refine((value) => !field.required || Object.keys(value).length > 0, messages.required(label));
  const checked = z.preprocess((value, context) => {
    if (!isPlainObject(value)) return value;
    const keys = Object.keys(value);
    // More keys than days is wrong whatever they are: refused before any of them is read.
    const stranger = keys.length > WEEKDAYS.length ? keys[0] : keys.find((key) => !isWeekday(key));
    if (stranger !== undefined) {
      context.addIssue({
        code: 'custom',
        message: `${label}: "${stranger.slice(0, 20)}" is not a day of the week (monday to sunday).`,
        input: value,
      });
      return value;
    }
    const days: Record<string, DayHours> = {};
    for (const day of WEEKDAYS) {
      const hours = value[day];
      if (hours === undefined || hours === null) continue;
      const where = `${label}, ${WEEKDAY_LABELS[day]}`;
      const opens = isPlainObject(hours) ? hours.opens : undefined;
      const closes = isPlainObject(hours) ? hours.closes : undefined;
      const problem =
        typeof opens !== 'string' || !TIME_PATTERN.test(opens)
          ? 'the opening time must be a time like 08:30.'
          : typeof closes !== 'string' || !TIME_PATTERN.test(closes)
            ? 'the closing time must be a time like 18:00.'
            : opens >= closes
              ? 'the closing time must be after the opening time.'
              : undefined;
      if (problem) context.addIssue({ code: 'custom', message: `${where}: ${problem}`, input: value });
      else days[day] = { opens: opens as string, closes: closes as string };
    }
    return days;
  }, week);
  return field.required ? checked : checked.default({});
}

/** Opening hours of each day of the week (hours.ts), as one `jsonb` object. */
export const weeklyHours: FieldKindModule<WeeklyHoursField> = {
  schema: weeklyHoursSchema,
  stored: () => z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, daySchema.optional()]))),
  column: (field) => ({ type: 'jsonb', notNull: true, ...defaultUnlessRequired(field, quote('{}')) }),
  // The days in calendar order, each with nothing but its two times.
  read(_field, value) {
    if (!isPlainObject(value)) return {};
    const week: Record<string, unknown> = {};
    for (const day of WEEKDAYS) {
      const hours = value[day];
      if (isPlainObject(hours)) week[day] = { opens: hours.opens, closes: hours.closes };
    }
    return week;
  },
  example: () => ({
    monday: { opens: '09:00', closes: '18:00' },
    saturday: { opens: '10:00', closes: '14:00' },
  }),
  empty: () => ({}),
  absent: () => ({}),
};
