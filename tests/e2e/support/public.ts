import type { APIRequestContext, Page } from '@playwright/test';

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
  '/serviceCenter',
  '/department',
  '/about',
  '/client',
  '/gallery',
  '/contact',
] as const;

/** Wait until React has hydrated the page (its event handlers are attached). */
export async function hydrated(page: Page) {
  // The public layout marks the document once its effects (the last to run) have run.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

export const STAFF = { name: 'E2E Admin', username: 'e2e-admin', password: 'correct horse battery staple' };

/**
 * Sign the page's browser context in as staff. The first account of the test run's empty database
 * becomes the admin; later runs of this helper log in to it.
 */
export async function signInAsStaff(page: Page) {
  const request = page.context().request;
  const signup = await request.post('/api/auth/signup', { data: STAFF });
  if (signup.ok() && (await signup.json()).role === 'pending')
    throw new Error('Another account was created first; e2e-admin is pending approval');
  const login = await request.post('/api/auth/login', {
    data: { username: STAFF.username, password: STAFF.password },
  });
  if (!login.ok()) throw new Error(`login failed: ${login.status()} ${await login.text()}`);
}
