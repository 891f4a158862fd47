import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** The first account of the fresh e2e server (signed up by global-setup.ts): the admin. */
export const ADMIN = { name: 'E2E Admin', username: 'e2e-admin', password: 'e2e-admin-password-1' } as const;

const port = process.env.E2E_PORT ?? '3210';
/** The admin's saved session (cookies), written once by global-setup.ts. */
export const adminStatePath = path.join(os.tmpdir(), `site-e2e-admin-state-${port}.json`);

/** Tests that start signed in as the admin, without typing a password. */
export const adminTest = base.extend({ storageState: adminStatePath });
export { expect };

let counter = 0;
/** A name no other test (or earlier run on this server) uses. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${counter}`;
}

/** A write through the API as the page's signed-in user (with the anti-forgery header). */
export async function apiWrite<T = unknown>(
  page: Page,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<T> {
  const cookies = await page.context().cookies();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.fetch(url, {
    method,
    data,
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
  });
  if (!response.ok())
    throw new Error(`${method} ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** axe-core finds no serious or critical accessibility problem on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}
