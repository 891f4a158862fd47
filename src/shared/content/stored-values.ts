import type { Field } from './fields';
import { WEEKDAYS } from './hours';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a sub-field of a list holds when a stored row has no value for it (a sub-field added later). */
function absentValue(field: Field): unknown {
  return field.kind === 'number' || field.kind === 'reference' ? null : '';
}

/**
 * A value read from storage in the shape its field promises, whatever the storage kept: a list's
 * rows each carry every declared sub-field (one added after the row was saved reads as empty) and
 * nothing else; a week's days come in calendar order; a day is `YYYY-MM-DD` text, never a Date
 * moved by the server's time zone. Every other value is returned as it is.
 */
export function storedValue(field: Field, value: unknown): unknown {
  switch (field.kind) {
    case 'list': {
      if (!Array.isArray(value)) return [];
      const entries = Object.entries(field.fields);
      return value
        .filter(isPlainObject)
        .map((row) =>
          Object.fromEntries(
            entries.map(([key, sub]) => [key, row[key] === undefined ? absentValue(sub) : row[key]]),
          ),
        );
    }
    case 'weeklyHours': {
      if (!isPlainObject(value)) return {};
      const week: Record<string, unknown> = {};
      for (const day of WEEKDAYS) {
        const hours = value[day];
        if (isPlainObject(hours)) week[day] = { opens: hours.opens, closes: hours.closes };
      }
      return week;
    }
    case 'date':
      if (value instanceof Date) {
        // A driver that reads a date as local midnight: the local calendar day is the stored one.
        const pad = (n: number) => String(n).padStart(2, '0');
        return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
      }
      return typeof value === 'string' ? value.slice(0, 10) : null;
    default:
      return value;
  }
}
