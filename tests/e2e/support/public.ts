import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN } from '../fixtures';

/** Content as the API has it: what the pages must show. */
export async function listOf<T = Record<string, unknown>>(
  request: APIRequestContext,
  type: string,
): Promise<T[]> {
  const response = await request.get(`/api/${type}`);
  if (!response.ok()) throw new Error(`GET /api/${type}: ${response.status()}`);
  const body = await response.json();
  return (Array.isArray(body) ? body : body.data) as T[];
}

export async function settingsOf(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.get('/api/settings');
  return response.json();
}

/** HTML text as a visitor reads it: entities decoded, tags kept. */
export function decodeHtml(html: string): string {
  return html
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

export const PUBLIC_PATHS = [
  '/home',
  '/services',
  '/projects',
  '/serviceCenter',
  '/about',
  '/client',
  '/gallery',
  '/contact',
] as const;

/**
 * Wait until the page is interactive and set as it stays: a public page's islands are bound and
 * its typeface has come in after the first paint (or could not), or the admin app has hydrated.
 * Both mark the document with data-ready; a public page lifts data-fonts="later" (decision 106).
 */
export async function pageReady(page: Page) {
  await page.locator('html[data-ready]:not([data-fonts="later"])').waitFor({ state: 'attached' });
}

/**
 * Sign the page's browser context in as the e2e admin (signed up when its worker's server
 * started), with a session of its own so that logging out does not end the session other tests reuse.
 */
export async function signInAsStaff(page: Page) {
  const login = await page.context().request.post('/api/auth/login', {
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  if (!login.ok()) throw new Error(`login failed: ${login.status()} ${await login.text()}`);
}
