import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Page,
  request,
} from '@playwright/test';
import { E2E_SETUP_CODE } from './setup-code';
import { BUILT_SERVER, copySeededDataDir, startSite } from './support/site';

/** The first account of each worker's server (signed up when the server starts): the admin. */
export const ADMIN = { name: 'E2E Admin', username: 'e2e-admin', password: 'e2e-admin-password-1' } as const;

/** A worker's own server: its own port, its own database (a copy of the seeded demo site). */
export interface WorkerSite {
  origin: string;
  /** The admin's saved session (cookies) on this server, for `storageState`. */
  adminStatePath: string;
}

/** Records a journey makes through the API; the fixture removes them when the journey ends. */
export interface Records {
  /** `POST /api/<type>` as the admin; answers the stored record. */
  create<T extends { _id: string } = { _id: string } & Record<string, unknown>>(
    type: string,
    body: Record<string, unknown>,
  ): Promise<T>;
}

interface JourneyOptions {
  /**
   * Console errors this journey causes on purpose, e.g. `[/Failed to fetch/]` when it cuts the
   * network, or `[/status of 409/]` when it provokes a refusal. Any other console.error fails it.
   */
  expectedConsoleErrors: RegExp[];
}

interface JourneyFixtures {
  failOnBrowserErrors: undefined;
  records: Records;
}

interface WorkerFixtures {
  /** This worker's server; every journey's baseURL. */
  workerSite: WorkerSite;
}

/**
 * Every journey's `test`. It runs against its worker's own server (`baseURL`), so what a journey
 * changes or counts is seen by no journey running at the same time. It fails the journey on an
 * uncaught error in any page or an unexpected console.error (a broken island or a failed request
 * would otherwise pass unseen, since the assertions look at what did render), and gives it
 * `records` that clean up after themselves.
 */
export const test = base.extend<JourneyOptions & JourneyFixtures, WorkerFixtures>({
  workerSite: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern, and this one has none.
    async ({}, use, workerInfo) => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), `site-e2e-worker-${workerInfo.workerIndex}-`));
      const dataDir = path.join(folder, 'data');
      const adminStatePath = path.join(folder, 'admin-state.json');
      try {
        copySeededDataDir(dataDir);
        const server = await startSite({ dataDir, entry: BUILT_SERVER });
        try {
          await claimSite(server.origin, adminStatePath);
          await use({ origin: server.origin, adminStatePath });
        } finally {
          await server.stop();
        }
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],

  baseURL: async ({ workerSite }, use) => use(workerSite.origin),

  expectedConsoleErrors: [[], { option: true }],

  failOnBrowserErrors: [
    async ({ context, browser, expectedConsoleErrors }, use) => {
      const problems: string[] = [];
      const watch = (watched: BrowserContext) => {
        watched.on('weberror', (webError) => problems.push(`page error: ${webError.error().message}`));
        watched.on('console', (message) => {
          if (message.type() !== 'error') return;
          const text = message.text();
          if (expectedConsoleErrors.some((pattern) => pattern.test(text))) return;
          problems.push(`console.error on ${message.page()?.url() ?? 'a worker'}: ${text}`);
        });
      };
      watch(context);
      // Contexts a journey opens itself (a phone, a second user) are watched the same way.
      const newContext = browser.newContext;
      browser.newContext = async (options) => {
        const opened = await newContext.call(browser, options);
        watch(opened);
        return opened;
      };
      try {
        await use(undefined);
      } finally {
        browser.newContext = newContext;
      }
      expect(problems, 'errors in the browser during the journey').toEqual([]);
    },
    { auto: true },
  ],

  records: async ({ workerSite }, use) => {
    const adminApi = () =>
      request.newContext({ baseURL: workerSite.origin, storageState: workerSite.adminStatePath });
    const made: Array<{ type: string; id: string }> = [];
    await use({
      async create(type, body) {
        // One short-lived context per call: a connection left idle through a long journey is
        // closed by the server while idle, and a later request on it met a reset (ECONNRESET).
        const api = await adminApi();
        const response = await api.post(`/api/${type}`, { data: body, headers: await xsrfHeader(api) });
        if (!response.ok())
          throw new Error(`POST /api/${type} answered ${response.status()}: ${await response.text()}`);
        const record = await response.json();
        await api.dispose();
        made.push({ type, id: record._id });
        return record;
      },
    });
    if (made.length === 0) return;
    const api = await adminApi();
    // Newest first; to the trash, then out of it for good. A journey that deleted a record itself
    // leaves a 404 here, which is fine; anything else means the site broke.
    for (const { type, id } of made.reverse()) {
      for (const url of [`/api/${type}/${id}`, `/api/trash/${type}/${id}`]) {
        const response = await api.delete(url, { headers: await xsrfHeader(api) });
        if (!response.ok() && response.status() !== 404)
          throw new Error(`cleaning up: DELETE ${url} answered ${response.status()}`);
      }
    }
    await api.dispose();
  },
});

/** Journeys that start signed in as the admin, without typing a password. */
export const adminTest = test.extend({
  storageState: async ({ workerSite }, use) => use(workerSite.adminStatePath),
});
export { expect };

/**
 * Claim a fresh site with the setup code (its first account becomes the admin) and save the
 * admin's session at `statePath`.
 */
async function claimSite(origin: string, statePath: string) {
  const api = await request.newContext({ baseURL: origin });
  const signup = await api.post('/api/auth/signup', { data: { ...ADMIN, setupCode: E2E_SETUP_CODE } });
  if (!signup.ok())
    throw new Error(`Signing up the e2e admin failed: ${signup.status()} ${await signup.text()}`);
  const login = await api.post('/api/auth/login', {
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  if (!login.ok())
    throw new Error(`Logging in the e2e admin failed: ${login.status()} ${await login.text()}`);
  await api.storageState({ path: statePath });
  await api.dispose();
}

/**
 * Ask for an account as a visitor does, once the admin has let anyone ask (a claimed site takes
 * staff by invitation, decision 094); answers the waiting account's id, from the Users list (the
 * sign-up's answer does not say it).
 */
export async function requestAccount(
  baseURL: string | undefined,
  adminStatePath: string,
  account: { name: string; username: string; password: string },
): Promise<string> {
  const admin = await request.newContext({ baseURL, storageState: adminStatePath });
  const visitor = await request.newContext({ baseURL });
  try {
    const opened = await admin.put('/api/settings', {
      data: { signupOpen: true },
      headers: await xsrfHeader(admin),
    });
    if (!opened.ok()) throw new Error(`Opening sign-up failed: ${opened.status()} ${await opened.text()}`);
    const created = await visitor.post('/api/auth/signup', { data: account });
    if (created.status() !== 201)
      throw new Error(`Signing up ${account.username} failed: ${created.status()} ${await created.text()}`);
    const users = (await (await admin.get('/api/users')).json()) as { _id: string; username: string }[];
    const found = users.find((user) => user.username === account.username);
    if (!found) throw new Error(`The sign-up of ${account.username} made no account`);
    return found._id;
  } finally {
    await Promise.all([admin.dispose(), visitor.dispose()]);
  }
}

async function xsrfHeader(api: APIRequestContext): Promise<Record<string, string>> {
  const { cookies } = await api.storageState();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'x-xsrf-token': decodeURIComponent(xsrf) };
}

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

/**
 * Findings axe rates moderate that still fail a page: a skipped heading level (Lighthouse's
 * accessibility score counts it, and screen-reader users navigate by headings).
 */
const ALSO_FAILING = new Set(['heading-order']);

/** Whether an axe finding fails a page: serious, critical, or one of ALSO_FAILING. */
export function failsPage(violation: { id: string; impact?: string | null }): boolean {
  return violation.impact === 'serious' || violation.impact === 'critical' || ALSO_FAILING.has(violation.id);
}

/** axe-core finds no serious or critical accessibility problem on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(failsPage);
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/**
 * A browser page signed in as a new staff member with `role`: asked for as a visitor does, made
 * that role by the admin `page`, then logged in in a context of its own.
 */
export async function signedInAs(
  role: 'office' | 'editor' | 'technician',
  setup: { page: Page; browser: Browser; baseURL: string | undefined; adminStatePath: string },
): Promise<{ page: Page; context: BrowserContext; userId: string }> {
  const label = unique(`${role} journey`);
  const person = {
    name: label,
    username: label.replace(/\W+/g, '-').toLowerCase(),
    password: `${role} journey passphrase 7`,
  };
  const userId = await requestAccount(setup.baseURL, setup.adminStatePath, person);
  await apiWrite(setup.page, 'PUT', `/api/users/${userId}`, { role });
  const context = await setup.browser.newContext({ baseURL: setup.baseURL });
  const login = await context.request.post('/api/auth/login', {
    data: { username: person.username, password: person.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  return { page: await context.newPage(), context, userId };
}
