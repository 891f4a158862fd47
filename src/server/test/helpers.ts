import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { canonicalIdentity } from '../../shared/identity';
import type { StaffRole } from '../../shared/roles';
import { type AppOptions, buildApp, PROJECT_ROOT } from '../app';
import { type Database, openDatabase } from '../db/client';
import { type Env, loadEnv } from '../env';
import { hashPassword } from '../modules/auth/passwords';
import { createRecoveryStore } from '../modules/auth/recovery-store';
import { hasWebBuild } from '../plugins/ssr';
import { DB_PREFIX, TEMPLATE_DB, withDatabase } from './global-setup';

export const testDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test file: PGlite in memory loaded from the migrated dump
 * global-setup.ts made, or a copy of the migrated PostgreSQL template. Dropped when the file's
 * tests end.
 */
export async function createTestDatabase(): Promise<{
  database: Database;
  url?: string;
  drop: () => Promise<void>;
}> {
  const url = process.env.TEST_DATABASE_URL;
  if (testDatabaseKind === 'postgres' && url) {
    const name = `${DB_PREFIX}${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
    await admin.end();
    const dbUrl = withDatabase(url, name);
    const database = await openDatabase({ url: dbUrl, dataDir: '', poolSize: 4 });
    return {
      database,
      url: dbUrl,
      drop: async () => {
        await database.close();
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  const template = inject('pgliteTemplate');
  if (!template)
    throw new Error('No PGlite template: run tests through vitest.config.ts (global-setup.ts makes it).');
  const loadDataDir = new Blob([fs.readFileSync(template)]);
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir });
  return { database, drop: () => database.close() };
}

/**
 * Tests of rendered pages need the built site. A missing build fails them, never skips them:
 * a skipped test passes silently. `npm test` and `.ci/run` build first.
 */
export function requireWebBuild(): true {
  if (!hasWebBuild(PROJECT_ROOT))
    throw new Error(
      `This test renders pages and needs the built site, missing at ${PROJECT_ROOT}/build/web: run \`node scripts/build.mjs\` (npm test builds first).`,
    );
  return true;
}

/** The setup code every test app is claimed with (tests of the code itself set their own). */
export const TEST_SETUP_CODE = 'test-setup-code-0123456789';

export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: 'test',
    SETUP_CODE: TEST_SETUP_CODE,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: '/nonexistent',
    // Test files sign up many accounts from one address; the limit has tests of its own.
    SIGNUP_MAX_PER_IP: '1000',
    // Embedded PostgreSQL runs in this thread and tests run side by side on a busy machine: a
    // slow query must not turn into a 503 in an unrelated test. The guard has tests of its own.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // Two-factor secrets are sealed with it; tests of a site without one override it with ''.
    SECRET_KEY: 'test-secret-key-0123456789abcdefghijklmnop',
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Sign up (the first account becomes admin) or make a staff account, and log in; answers a bearer header. */
  signIn(role?: StaffRole): Promise<{ authorization: string; userId: string }>;
  /** Let anyone ask for an account (the setting is off once the site is claimed), as the admin. */
  openSignup(): Promise<void>;
  /**
   * Ask for an account through POST /api/auth/signup, sign-up opened first; answers the waiting
   * account's id (the answer itself does not say it, decision 094).
   */
  requestAccount(payload: {
    username: string;
    name?: string;
    password?: string;
    email?: string;
  }): Promise<string>;
  /** Save site settings through the API as `as`; fails the test unless they are stored. */
  saveSettings(values: Record<string, unknown>, as: { authorization: string }): Promise<void>;
  /** Create a record through the API as `as`; fails the test unless it is stored (201). */
  create(
    type: string,
    payload: Record<string, unknown>,
    as?: { authorization: string },
  ): Promise<Record<string, unknown> & { _id: string; version: number }>;
}

/** The whole app on a fresh database, closed after the file's tests. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    ssr?: boolean;
    logLines?: string[];
    now?: () => Date;
    /** Types served beside the declared ones (their tables are the test's to create). */
    extraContentTypes?: AppOptions['extraContentTypes'];
  } = {},
): Promise<TestApp> {
  if (options.ssr) requireWebBuild();
  const { database, drop } = await createTestDatabase();
  const { logLines } = options;
  const app = await buildApp({
    env: testEnv(options.env),
    database,
    // With `logLines`, the app logs (at the env's LOG_LEVEL) into that array.
    ...(logLines ? { logStream: { write: (line: string) => logLines.push(line) } } : { logger: false }),
    ssr: options.ssr ? {} : false,
    now: options.now,
    extraContentTypes: options.extraContentTypes,
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });
  let admin: { authorization: string; userId: string } | undefined;
  let counter = 0;

  async function login(username: string, password: string) {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
    return `Bearer ${res.json().token}`;
  }

  async function signIn(role: StaffRole = 'admin') {
    if (!admin) {
      const username = `admin${randomBytes(3).toString('hex')}`;
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: {
          name: 'Site Admin',
          username,
          password: 'correct horse battery',
          setupCode: TEST_SETUP_CODE,
        },
      });
      if (res.json().role !== 'admin') throw new Error('test app must start with no users');
      admin = { authorization: await login(username, 'correct horse battery'), userId: res.json()._id };
    }
    if (role === 'admin') return admin;
    // Staff join by invitation (sign-up is closed once the site is claimed): the account is made
    // by the store, as accepting an invitation does, and given its role.
    const username = `${role}${++counter}${randomBytes(2).toString('hex')}`;
    const name = `${role[0]!.toUpperCase()}${role.slice(1)}`;
    const passwordHash = await hashPassword('correct horse battery');
    const { _id: userId } = await app.authStore.createUser({ name, username, passwordHash });
    await database.query('update users set role = $2 where id::text = $1', [userId, role]);
    return { authorization: await login(username, 'correct horse battery'), userId };
  }

  async function create(type: string, payload: Record<string, unknown>, as?: { authorization: string }) {
    const res = await app.inject({ method: 'POST', url: `/api/${type}`, payload, headers: as ?? {} });
    if (res.statusCode !== 201) throw new Error(`creating a ${type} failed: ${res.statusCode} ${res.body}`);
    return res.json();
  }

  async function saveSettings(values: Record<string, unknown>, as: { authorization: string }) {
    const res = await app.inject({ method: 'PUT', url: '/api/settings', payload: values, headers: as });
    if (res.statusCode !== 200) throw new Error(`saving settings failed: ${res.statusCode} ${res.body}`);
  }

  let signupOpen = false;
  async function openSignup() {
    await saveSettings({ signupOpen: true }, await signIn('admin'));
    signupOpen = true;
  }

  async function requestAccount(payload: {
    username: string;
    name?: string;
    password?: string;
    email?: string;
  }) {
    if (!signupOpen) await openSignup();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Person', password: 'correct horse battery', ...payload },
    });
    if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
    const [row] = await database.query<{ id: string }>(
      'select id::text as id from users where username_canonical = $1',
      [canonicalIdentity(payload.username)],
    );
    if (!row) throw new Error(`sign-up of ${payload.username} made no account`);
    return row.id;
  }

  return { app, database, signIn, create, saveSettings, openSignup, requestAccount };
}

/**
 * Give an account an address as if its confirmation link had been opened: the address and its
 * canonical form, written by the store that confirms addresses. Without `account`, the only
 * account there is.
 */
export async function giveAccountEmail(
  database: Database,
  email: string,
  account: { userId?: string; username?: string } = {},
) {
  const rows = await database.query<{ id: string }>(
    `select id::text as id from users
      where ($1::text is null or id::text = $1) and ($2::text is null or username = $2)`,
    [account.userId ?? null, account.username ?? null],
  );
  if (rows.length !== 1) throw new Error(`expected one account, found ${rows.length}`);
  await createRecoveryStore(database).setEmail(rows[0]!.id, email);
}
