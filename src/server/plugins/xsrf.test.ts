import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type Database, openDatabase } from '../db/client';
import {
  createTestDatabase,
  requireWebBuild,
  TEST_SETUP_CODE,
  testDatabaseKind,
  testEnv,
} from '../test/helpers';

const { database, url, drop } = await createTestDatabase();
const password = 'correct horse battery';
const apps: FastifyInstance[] = [];
const pools: Database[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const pool of pools) await pool.close();
  await drop();
});

/**
 * An instance of the site on the test database: on PostgreSQL with its own pool, as a second
 * machine would have; on PGlite (one process only) over the same connection.
 */
async function instance(env: Record<string, string> = {}, options: { pages?: boolean } = {}) {
  let own = database;
  if (url) {
    own = await openDatabase({ url, dataDir: '', poolSize: 2 });
    pools.push(own);
  }
  const app = await buildApp({
    env: testEnv(env),
    database: own,
    logger: false,
    ssr: options.pages ? {} : false,
  });
  apps.push(app);
  return app;
}

const t = { app: await instance(), database };
await t.app.inject({
  method: 'POST',
  url: '/api/auth/signup',
  payload: { name: 'Owner', username: 'owner', password, setupCode: TEST_SETUP_CODE },
});

/** A browser login: the session cookie and the XSRF-TOKEN cookie the page scripts read. */
async function browserLogin(app = t.app) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'owner', password },
  });
  expect(res.statusCode).toBe(200);
  const cookie = (name: string) => res.cookies.find((c) => c.name === name)!.value;
  return { session: cookie('session'), xsrf: cookie('XSRF-TOKEN') };
}

/** A cookie-borne write as a page makes it: both cookies sent, the token echoed in the header. */
const write = (app: FastifyInstance, session: string, cookieToken: string, headerToken: string) =>
  app.inject({
    method: 'POST',
    url: '/api/client',
    cookies: { session, 'XSRF-TOKEN': cookieToken },
    headers: { 'x-xsrf-token': headerToken },
    payload: { name: `Client ${randomBytes(3).toString('hex')}`, phone: '03001234567', address: 'Street 1' },
  });

const clientCount = async () =>
  Number((await t.database.query<{ n: string }>('select count(*) as n from clients'))[0]?.n);

describe(`the XSRF token is bound to the session (${testDatabaseKind})`, () => {
  it('accepts the pair the login handed out', async () => {
    const { session, xsrf } = await browserLogin();
    expect((await write(t.app, session, xsrf, xsrf)).statusCode).toBe(201);
  });

  it('refuses a planted cookie pair that was not derived from the session, and stores nothing', async () => {
    const { session } = await browserLogin();
    const before = await clientCount();
    const planted = randomBytes(32).toString('base64url');
    const res = await write(t.app, session, planted, planted);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/anti-forgery/);
    expect(await clientCount()).toBe(before);
  });

  it("refuses another session's token", async () => {
    const mine = await browserLogin();
    const theirs = await browserLogin();
    expect(mine.xsrf).not.toBe(theirs.xsrf);
    expect((await write(t.app, mine.session, theirs.xsrf, theirs.xsrf)).statusCode).toBe(403);
    // The cookie is only the page's copy: what counts is the header against the session.
    expect((await write(t.app, mine.session, theirs.xsrf, mine.xsrf)).statusCode).toBe(201);
  });

  it('hands a browser holding a wrong token the right one on its next read', async () => {
    const { session, xsrf } = await browserLogin();
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/auth/current-user',
      cookies: { session, 'XSRF-TOKEN': 'issued-under-an-old-key' },
    });
    expect(read.statusCode).toBe(200);
    const renewed = read.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(renewed?.value).toBe(xsrf);
    expect(renewed?.httpOnly).toBeFalsy();
    // A browser already holding the right token is not sent it again.
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/auth/current-user',
      cookies: { session, 'XSRF-TOKEN': xsrf },
    });
    expect(again.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
  });

  it('renews a wrong token when a staff page loads', async () => {
    requireWebBuild();
    const site = await instance({}, { pages: true });
    const { session, xsrf } = await browserLogin(site);
    const page = await site.inject({
      method: 'GET',
      url: '/dashboard',
      cookies: { session, 'XSRF-TOKEN': 'issued-under-an-old-key' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value).toBe(xsrf);
  });

  it("lets two instances on the same database accept each other's tokens (one stored key)", async () => {
    const second = await instance();
    const fromFirst = await browserLogin(t.app);
    expect((await write(second, fromFirst.session, fromFirst.xsrf, fromFirst.xsrf)).statusCode).toBe(201);
    const fromSecond = await browserLogin(second);
    expect((await write(t.app, fromSecond.session, fromSecond.xsrf, fromSecond.xsrf)).statusCode).toBe(201);
    const keys = await t.database.query<{ name: string }>(
      "select name from server_secrets where name like 'xsrf%'",
    );
    expect(keys.map((k) => k.name)).toEqual(['xsrf']);
  });

  it('uses XSRF_SECRET from the environment instead of the stored key', async () => {
    const secret = randomBytes(32).toString('base64');
    const [withEnv, sameEnv] = [
      await instance({ XSRF_SECRET: secret }),
      await instance({ XSRF_SECRET: secret }),
    ];
    const pair = await browserLogin(withEnv);
    expect((await write(sameEnv, pair.session, pair.xsrf, pair.xsrf)).statusCode).toBe(201);
    // The instance that uses the stored key does not know this one's tokens.
    expect((await write(t.app, pair.session, pair.xsrf, pair.xsrf)).statusCode).toBe(403);
    const stored = await browserLogin(t.app);
    expect(stored.xsrf).not.toBe((await browserLogin(withEnv)).xsrf);
  });
});
