import type { Field } from '../../shared/content/fields';
import type { WeeklyHours } from '../../shared/content/hours';
import { ReferenceName } from './field-control';
import { formatDay, formatWhen } from './format';
import { listSummary, weekSummary } from './record-view';

/** How long a value's line may be before it is cut (a description in the audit log). */
const LINE_MAX = 120;

/**
 * A stored value as one short line, for the audit log and a version's changes: long texts are cut,
 * lists joined, times in the site's zone, a staff member by name.
 */
export function valueWords(
  value: unknown,
  field: Field | undefined,
  staffNames: Record<string, string> = {},
): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field?.kind === 'user') return staffNames[String(value)] ?? 'A former staff member';
  if (field?.kind === 'dateTime' && typeof value === 'string') return formatWhen(value) || value;
  if (field?.kind === 'date' && typeof value === 'string') return formatDay(value);
  if (field?.kind === 'select') return field.optionLabels?.[String(value)] ?? String(value);
  if (field?.kind === 'list') return listItems(field.fields, value);
  if (field?.kind === 'weeklyHours') return weekSummary(value as WeeklyHours);
  const text = Array.isArray(value) ? value.map(String).join(', ') : String(value);
  return cut(text);
}

const cut = (text: string) => (text.length > LINE_MAX ? `${text.slice(0, LINE_MAX - 1)}…` : text);

/** A list's rows in a line: each row's first text (`Question one | Question two`), or its row count. */
function listItems(fields: Record<string, Field>, value: unknown): string {
  const first = Object.entries(fields).find(([, sub]) => sub.kind === 'text')?.[0];
  const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  if (rows.length === 0) return '(empty)';
  return cut(first ? rows.map((row) => String(row[first] ?? '')).join(' | ') : listSummary('rows', rows));
}

/** A value as `valueWords` words it; a reference by id is named by its record's title. */
export function ValueLine({
  value,
  field,
  staffNames,
}: {
  value: unknown;
  field: Field | undefined;
  staffNames?: Record<string, string>;
}) {
  if (field?.kind === 'reference' && field.by === 'id' && typeof value === 'string')
    return <ReferenceName field={field} value={value} />;
  return <>{valueWords(value, field, staffNames)}</>;
}
