import { z } from 'zod';
import { dateTimeMessage } from '../field-checks';
import type { DateTimeField } from '../fields';
import { asStored, type FieldKindModule, optionalValue } from './kind';

const isoDateTime = z.iso.datetime({ offset: true });

/** An ISO 8601 date and time with seconds and an offset (or Z), naming a day the calendar has. */
function isInstant(value: string): boolean {
  if (!isoDateTime.safeParse(value).success) return false;
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  // Date.parse reads 30 February as 2 March: the day must exist in its month.
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A moment (a visit, a follow-up) in a `timestamptz` column, or none. */
export const dateTime: FieldKindModule<DateTimeField> = {
  // Any offset in, one instant out: stored and answered in UTC.
  schema: (field) =>
    optionalValue(field, 40, dateTimeMessage(field), isInstant, (value) => new Date(value).toISOString()),
  stored: () => z.string().nullable(),
  column: (field) => ({ type: 'timestamptz', notNull: field.required }),
  read: asStored,
  example: () => null,
  empty: () => '',
  absent: () => null,
};
