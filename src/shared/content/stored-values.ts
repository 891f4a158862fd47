import type { Field } from './fields';
import { kindOf } from './kinds';

/**
 * A value read from storage in the shape its field promises, whatever the storage kept: a list's
 * rows each carry every declared sub-field and nothing else; a week's days come in calendar
 * order; a day is `YYYY-MM-DD` text. Each kind says how (its `read`, kinds/<kind>.ts).
 */
export function storedValue(field: Field, value: unknown): unknown {
  return kindOf(field).read(field, value);
}
