import { z } from 'zod';
import { dateMessage } from '../field-checks';
import type { DateField } from '../fields';
import { type FieldKindModule, optionalValue } from './kind';

/** `YYYY-MM-DD`, naming a day the calendar has (no 30 February). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return (
    year >= 1 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= new Date(Date.UTC(year, month, 0)).getUTCDate()
  );
}

/** A calendar day in a `date` column, read as `YYYY-MM-DD` text, or none. */
export const date: FieldKindModule<DateField> = {
  schema: (field) => optionalValue(field, 10, dateMessage(field), isCalendarDay, String),
  stored: () => z.string().nullable(),
  column: (field) => ({ type: 'date', notNull: field.required }),
  // A day is text, never a Date moved by the server's time zone.
  read(_field, value) {
    if (value instanceof Date) {
      // A driver that reads a date as local midnight: the local calendar day is the stored one.
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
    }
    return typeof value === 'string' ? value.slice(0, 10) : null;
  },
  example: () => '2026-05-04',
  empty: () => '',
  absent: () => '',
};
