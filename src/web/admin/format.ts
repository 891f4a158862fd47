const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A stored timestamp as staff read it ('23 Nov 2026, 09:30'), in the browser's time zone. */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
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
