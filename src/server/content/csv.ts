/** Characters that make a spreadsheet treat a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: text starting like a formula gets a leading apostrophe so spreadsheets show it
 * as text; cells holding a quote, comma or line break are quoted, quotes doubled (RFC 4180).
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined ? '' : Array.isArray(value) ? value.join(' ') : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (values: unknown[]) => `${values.map(csvCell).join(',')}\r\n`;
