/**
 * A stored instant (UTC ISO 8601) as `<input type="datetime-local">` shows it, in the browser's
 * zone, and back. The control knows no zone; these are the one place the conversion happens.
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-25T10:00:00.000Z` -> `2026-11-25T15:00` in UTC+5; '' for no value. */
export function toLocalInput(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** What the control holds, as the instant the API takes; '' (cleared) stays '' (stored as null). */
export function fromLocalInput(local: string): string {
  if (local === '') return '';
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? local : at.toISOString();
}
