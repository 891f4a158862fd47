import { createHash, randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, type ApiKeyScope, scopesOf } from '../../shared/api-keys';
import type { AccessRule } from '../../shared/content/define';
import { contentTypes } from '../../shared/content/types';
import { createAuthStore } from '../modules/auth/store';
import { type RouteRule, registerAccessControl } from '../plugins/access';
import { createXsrfTokens } from '../plugins/xsrf';
import { createTestApp, giveAccountEmail, TEST_SETUP_CODE } from '../test/helpers';

// The pages are part of the matrix when the web build exists (npm test builds first).
const t = await createTestApp({ ssr: true });
await t.app.ready();

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
/** A session straight in the database: as many as the matrix needs, without a login each. */
async function session(userId: string, expired = false): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.database.query(
    `insert into sessions (token_hash, user_id, expires_at, last_seen_at)
     values ($1, $2, now() + ($3 || ' seconds')::interval, now())`,
    [hash(token), userId, expired ? '-60' : '3600'],
  );
  return token;
}

const admin = await t.signIn('admin');
const editor = await t.signIn('editor');
const pendingId = (
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { name: 'Waiting', username: 'waiting', password: 'a long passphrase' },
  })
).json()._id as string;
// A token that was real until logout.
const revokedToken = await session(admin.userId);
await t.app.inject({
  method: 'POST',
  url: '/api/auth/logout',
  headers: { authorization: `Bearer ${revokedToken}` },
});

type Identity =
  | 'anonymous'
  | 'malformed token'
  | 'expired token'
  | 'revoked token'
  | 'pending'
  | 'editor'
  | 'admin';
const identities: Identity[] = [
  'anonymous',
  'malformed token',
  'expired token',
  'revoked token',
  'pending',
  'editor',
  'admin',
];

async function authorizationFor(identity: Identity): Promise<string | undefined> {
  switch (identity) {
    case 'anonymous':
      return undefined;
    case 'malformed token':
      return 'Bearer not a token at all %%%';
    case 'expired token':
      return `Bearer ${await session(admin.userId, true)}`;
    case 'revoked token':
      return `Bearer ${revokedToken}`;
    case 'pending':
      return `Bearer ${await session(pendingId)}`;
    case 'editor':
      return `Bearer ${await session(editor.userId)}`;
    case 'admin':
      return `Bearer ${await session(admin.userId)}`;
  }
}

/** What the rule promises: the route runs, or 401 (who are you?), or 403 (not you). */
function expectedFor(rule: AccessRule, identity: Identity): 'runs' | 401 | 403 {
  if (rule === 'public') return 'runs';
  if (['anonymous', 'malformed token', 'expired token', 'revoked token'].includes(identity)) return 401;
  if (identity === 'pending') return 403;
  if (rule === 'admin' && identity !== 'admin') return 403;
  return 'runs';
}

const SAMPLE: Record<string, string> = {
  ':id': '00000000-0000-4000-8000-000000000000',
  ':resource': 'service',
  ':file': 'nothing.webp',
};
const concreteUrl = (url: string) =>
  url.replace(/:[a-zA-Z]+/g, (param) => SAMPLE[param] ?? 'x').replace(/\*$/, 'matrix-probe');

const routes: RouteRule[] = t.app.routeRules.filter((r) => r.method !== 'OPTIONS');

/** A key made through the API, as an integration would hold it. */
async function apiKey(
  name: string,
  scopes: ApiKeyScope[],
  userId?: string,
): Promise<{ id: string; key: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/keys',
    headers: { authorization: `Bearer ${await session(admin.userId)}` },
    payload: { name, scopes, ...(userId ? { userId } : {}) },
  });
  if (res.statusCode !== 201) throw new Error(`creating a key failed: ${res.body}`);
  return { id: res.json()._id, key: res.json().key };
}
const revokedKey = await apiKey('Revoked', [...API_KEY_SCOPES]);
await t.app.inject({
  method: 'DELETE',
  url: `/api/keys/${revokedKey.id}`,
  headers: { authorization: admin.authorization },
});

type KeyIdentity = `API key ${ApiKeyScope}` | 'revoked API key';
const keyIdentities: KeyIdentity[] = [
  ...API_KEY_SCOPES.map((scope) => `API key ${scope}` as const),
  'revoked API key',
];
const keyOf = new Map<KeyIdentity, string>([['revoked API key', revokedKey.key]]);
for (const scope of API_KEY_SCOPES) keyOf.set(`API key ${scope}`, (await apiKey(scope, [scope])).key);

/** A key runs exactly the routes naming one of its scopes; an unknown or revoked one is asked who it is. */
function keyExpectedFor(route: RouteRule, identity: KeyIdentity): 'runs' | 401 | 403 {
  if (identity === 'revoked API key') return 401;
  if (scopesOf(route.keyScope).some((scope) => identity === `API key ${scope}`)) return 'runs';
  // A public route runs for a key without its scope as for a visitor.
  return route.access === 'public' ? 'runs' : 403;
}

describe('access matrix', () => {
  it('has every registered route with a rule', () => {
    const table = routes.map((r) => `${r.access.padEnd(6)}  ${r.method.padEnd(6)} ${r.url}`).join('\n');
    console.info(`Every route and who may call it (${routes.length}):\n${table}`);
    expect(routes.length).toBeGreaterThan(50);
    for (const r of routes) expect(['public', 'staff', 'admin']).toContain(r.access);
  });

  /**
   * Call every route as one identity and list those whose answer breaks the promise: the route
   * runs (anything but 401, 403 or a 5xx), or it answers exactly 401 or 403.
   */
  async function walk(
    authorizationOf: () => Promise<string | undefined>,
    expectedOf: (route: RouteRule) => 'runs' | 401 | 403,
    ruleOf: (route: RouteRule) => string,
  ): Promise<string[]> {
    const wrong: string[] = [];
    for (const route of routes) {
      const authorization = await authorizationOf();
      const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        headers: authorization ? { authorization } : {},
        ...(hasBody ? { payload: {} } : {}),
        // A stream never ends: its answer is its status, read as soon as the head is written.
        ...(route.stream ? { payloadAsStream: true } : {}),
      });
      if (route.stream) res.stream().destroy();
      const expected = expectedOf(route);
      const ok =
        res.statusCode < 500 &&
        (expected === 'runs'
          ? res.statusCode !== 401 && res.statusCode !== 403
          : res.statusCode === expected);
      if (!ok)
        wrong.push(
          `${route.method} ${route.url} (${ruleOf(route)}): expected ${expected}, got ${res.statusCode}`,
        );
    }
    return wrong;
  }

  it.each(identities)('answers %s as each route rule says', async (identity) => {
    const wrong = await walk(
      () => authorizationFor(identity),
      (route) => expectedFor(route.access, identity),
      (route) => route.access,
    );
    expect(wrong).toEqual([]);
  });

  it.each(keyIdentities)('answers %s as each route’s key scope says', async (identity) => {
    const wrong = await walk(
      async () => `Bearer ${keyOf.get(identity)}`,
      (route) => keyExpectedFor(route, identity),
      (route) => scopesOf(route.keyScope).join(' or ') || 'no key',
    );
    expect(wrong).toEqual([]);
  });

  it('gives a key limited to one technician only the requests assigned to them', async () => {
    const technician = await t.signIn('editor');
    const request = await t.create('contactus', {
      name: 'Matrix customer',
      email: 'matrix-customer@example.com',
      phone: '03001234567',
      message: 'Assigned to someone else',
    });
    const assigned = await t.app.inject({
      method: 'PUT',
      url: `/api/contactus/${request._id}`,
      headers: { authorization: `Bearer ${await session(admin.userId)}` },
      payload: { assignee: editor.userId, version: request.version },
    });
    expect(assigned.statusCode).toBe(200);
    const { key } = await apiKey('Technician app', [...API_KEY_SCOPES], technician.userId);
    const headers = { authorization: `Bearer ${key}` };
    const read = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers, payload });
    expect((await read('GET', `/api/contactus/${request._id}`)).statusCode).toBe(404);
    expect((await read('PUT', `/api/contactus/${request._id}`, { stage: 'done' })).statusCode).toBe(404);
    expect((await read('POST', `/api/contactus/${request._id}/notes`, { text: 'Hi' })).statusCode).toBe(404);
    const list = await read('GET', '/api/contactus');
    expect(list.json().data.map((record: { _id: string }) => record._id)).not.toContain(request._id);
  });

  it('lets keys call only what the declarations open to them', () => {
    const scoped = routes
      .filter((route) => route.keyScope && route.method !== 'HEAD')
      .map((route) => `${scopesOf(route.keyScope).join(' or ')} ${route.method} ${route.url}`)
      .sort();
    const promised: string[] = ['content:write POST /api/upload'];
    for (const def of contentTypes) {
      const base = `/api/${def.name}`;
      // The requests are the request desk's (modules/requests): `leads:*` keys, never created or deleted by one.
      if (def.name === 'contactus') {
        promised.push(
          `leads:read GET ${base}`,
          `leads:read GET ${base}/:id`,
          `leads:read GET ${base}/export.csv`,
          ...(def.intake?.photos ? [`leads:read GET ${base}/:id/photos/:n`] : []),
          // Each of these changes only its own fields of a request (shared/request-fields.ts).
          `leads:write or leads:assign or leads:contact PUT ${base}/:id`,
          `leads:write POST ${base}/:id/notes`,
          `leads:reply POST ${base}/:id/reply`,
        );
      } else if (def.access.list === 'public') {
        promised.push(
          `content:read GET ${base}`,
          `content:read GET ${base}/:id`,
          `content:write POST ${base}`,
          `content:write PUT ${base}/:id`,
          `content:write DELETE ${base}/:id`,
          ...(def.list.order === 'position' ? [`content:write PUT ${base}/order`] : []),
        );
      }
    }
    expect(scoped).toEqual(promised.sort());
  });

  it('declares the rules the product promises (public reads, staff writes, admin users/settings/audit/purge)', () => {
    const ruleOf = (method: string, url: string) =>
      routes.find((r) => r.method === method && r.url === url)?.access;
    const mismatches: string[] = [];
    const expect_ = (method: string, url: string, rule: AccessRule) => {
      const actual = ruleOf(method, url);
      if (actual !== rule) mismatches.push(`${method} ${url}: declared ${actual}, promised ${rule}`);
    };
    for (const def of contentTypes) {
      const base = `/api/${def.name}`;
      const privateInbox = def.name === 'contactus' || def.name === 'subscribers';
      expect_('GET', base, privateInbox ? 'staff' : 'public');
      expect_('GET', `${base}/:id`, privateInbox ? 'staff' : 'public');
      expect_('POST', base, privateInbox ? 'public' : 'staff');
      expect_('PUT', `${base}/:id`, 'staff');
      expect_('DELETE', `${base}/:id`, 'staff');
    }
    expect_('POST', '/api/upload', 'staff');
    expect_('GET', '/api/settings', 'public');
    expect_('PUT', '/api/settings', 'admin');
    expect_('GET', '/api/status', 'public');
    expect_('GET', '/media/:file', 'public');
    expect_('POST', '/api/auth/signup', 'public');
    expect_('POST', '/api/auth/login', 'public');
    expect_('GET', '/api/users', 'admin');
    // The request desk: notes and replies are staff work on a request.
    expect_('POST', '/api/contactus/:id/notes', 'staff');
    expect_('POST', '/api/contactus/:id/reply', 'staff');
    // Choosing an assignee: any staff member sees who the staff are (names only).
    expect_('GET', '/api/users/staff', 'staff');
    expect_('PUT', '/api/users/:id', 'admin');
    expect_('DELETE', '/api/users/:id', 'admin');
    expect_('GET', '/api/audit', 'admin');
    // API keys are an admin's to make and revoke; no key ever reaches them (keyScope is checked above).
    expect_('GET', '/api/keys', 'admin');
    expect_('POST', '/api/keys', 'admin');
    expect_('DELETE', '/api/keys/:id', 'admin');
    expect_('DELETE', '/api/trash', 'admin');
    expect_('DELETE', '/api/trash/:resource/:id', 'admin');
    // Claiming a site and sessions you can see.
    expect_('GET', '/api/auth/setup-status', 'public');
    expect_('GET', '/api/auth/sessions', 'staff');
    expect_('DELETE', '/api/auth/sessions/:sessionId', 'staff');
    expect_('POST', '/api/auth/sessions/revoke-others', 'staff');
    expect_('GET', '/api/users/:id/sessions', 'admin');
    expect_('DELETE', '/api/users/:id/sessions/:sessionId', 'admin');
    // Account recovery: anyone may ask for and use a link; the address is the account's own.
    expect_('POST', '/api/auth/forgot', 'public');
    expect_('POST', '/api/auth/reset', 'public');
    expect_('POST', '/api/auth/confirm-email', 'public');
    expect_('GET', '/api/auth/email', 'staff');
    expect_('PUT', '/api/auth/email', 'staff');
    expect_('POST', '/api/users/:id/reset-link', 'admin');
    expect_('POST', '/api/users/:id/2fa/disable', 'admin');
    expect_('GET', '/api/auth/2fa', 'staff');
    expect_('POST', '/api/auth/2fa/setup', 'staff');
    expect_('POST', '/api/auth/2fa/enable', 'staff');
    expect_('POST', '/api/auth/2fa/disable', 'staff');
    expect_('POST', '/api/auth/2fa/recovery-codes', 'staff');
    expect_('POST', '/api/auth/2fa/verify', 'public');
    expect_('POST', '/api/events', 'public');
    expect_('GET', '/api/stats/leads', 'staff');
    expect_('GET', '/api/live', 'staff');
    // A visitor's photos of a fault: anyone may send one; only staff see what came in.
    expect_('POST', '/api/contactus/photos', 'public');
    expect_('GET', '/api/contactus/:id/photos/:n', 'staff');
    // Browser notifications: each staff member turns them on for their own browser.
    expect_('GET', '/api/push/key', 'staff');
    expect_('POST', '/api/push/subscriptions', 'staff');
    expect_('DELETE', '/api/push/subscriptions', 'staff');
    expect(mismatches).toEqual([]);
  });

  it('refuses to start with a route that declares no rule', async () => {
    const app = Fastify();
    registerAccessControl(
      app,
      createAuthStore(t.database, { idleHours: 1, maxDays: 1 }),
      createXsrfTokens(randomBytes(32)),
    );
    expect(() => app.get('/api/forgotten', () => 'open door')).toThrow(
      'Route GET /api/forgotten declares no access rule',
    );
    await app.close();
  });
});

// The one anonymous door that makes an admin: only with the setup code, and only once.
describe('access matrix: claiming a fresh site', () => {
  it('refuses the first sign-up without the code or with a wrong one, takes the right one once', async () => {
    const fresh = await createTestApp();
    const signup = (username: string, setupCode?: string) =>
      fresh.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name: 'Claimer', username, password: 'a long passphrase', setupCode },
      });
    expect((await signup('missing')).statusCode).toBe(403);
    expect((await signup('wrong', 'not-the-setup-code')).statusCode).toBe(403);
    const right = await signup('right', TEST_SETUP_CODE);
    expect([right.statusCode, right.json().role]).toEqual([201, 'admin']);
    const again = await signup('again', TEST_SETUP_CODE);
    expect([again.statusCode, again.json().role]).toEqual([201, 'pending']);
  });
});

describe('account recovery', () => {
  const forgot = (payload: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot', payload });

  it('answers forgot the same for an account and for nobody: status, headers that matter, body', async () => {
    await giveAccountEmail(t.database, 'matrix-admin@example.com', { userId: admin.userId });
    const [{ username } = { username: '' }] = await t.database.query<{ username: string }>(
      'select username from users where id::text = $1',
      [admin.userId],
    );
    const answers = [
      await forgot({ username }),
      await forgot({ email: 'matrix-admin@example.com' }),
      await forgot({ username: 'no-such-account' }),
      await forgot({ email: 'no-such-account@example.com' }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body).toBe(answers[0]!.body);
    }
  });

  it('ends every session of the account when a reset link is used', async () => {
    const sessions = [await session(editor.userId), await session(editor.userId)];
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/users/${editor.userId}/reset-link`,
      // A session of its own: the matrix's walk above ran "sign out everywhere else" as the admin.
      headers: { authorization: `Bearer ${await session(admin.userId)}` },
    });
    expect(link.statusCode, link.body).toBe(200);
    const token = new URL(link.json().link).searchParams.get('token')!;
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset',
      payload: { token, password: 'a fresh passphrase' },
    });
    expect(done.statusCode).toBe(200);
    for (const bearer of sessions) {
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/current-user',
        headers: { authorization: `Bearer ${bearer}` },
      });
      expect(me.statusCode).toBe(401);
    }
  });
});

describe('access matrix: two-factor sign-in', () => {
  const code = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  const post = (url: string, payload: object, authorization?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: authorization ? { authorization } : {} });
  let secret = '';
  let recoveryCodes: string[] = [];
  let enableCode = '';
  const username = 'second-factor';
  const password = 'a long passphrase';

  it('is set up (setup, enable) by the signed-in staff member only', async () => {
    const res = await post('/api/auth/signup', { name: 'Second Factor', username, password });
    await t.database.query(`update users set role = 'editor' where id::text = $1`, [res.json()._id]);
    const bearer = `Bearer ${(await post('/api/auth/login', { username, password })).json().token}`;
    expect((await post('/api/auth/2fa/setup', {})).statusCode).toBe(401);
    expect((await post('/api/auth/2fa/setup', {}, `Bearer ${await session(pendingId)}`)).statusCode).toBe(
      403,
    );
    const setup = await post('/api/auth/2fa/setup', {}, bearer);
    expect(setup.statusCode).toBe(200);
    secret = setup.json().secret;
    expect((await post('/api/auth/2fa/enable', { code: code(secret) })).statusCode).toBe(401);
    enableCode = code(secret);
    const enabled = await post('/api/auth/2fa/enable', { code: enableCode }, bearer);
    expect(enabled.statusCode).toBe(200);
    recoveryCodes = enabled.json().recoveryCodes;
  });

  it('lets a password alone earn a ticket, never a session; the ticket and a code earn one', async () => {
    const login = await post('/api/auth/login', { username, password });
    const { ticket } = login.json();
    expect(login.json().token).toBeUndefined();
    for (const url of ['/api/current-user', '/api/contactus', '/api/auth/2fa'])
      expect((await t.app.inject({ url, headers: { authorization: `Bearer ${ticket}` } })).statusCode).toBe(
        401,
      );
    // The code that turned it on is spent: a replay, refused.
    const replayed = await post('/api/auth/2fa/verify', { ticket, code: enableCode });
    expect(replayed.statusCode).toBe(401);
    const recovered = await post('/api/auth/2fa/verify', { ticket, code: recoveryCodes[0] });
    expect(recovered.statusCode).toBe(200);
    const again = await post('/api/auth/2fa/verify', {
      ticket: (await post('/api/auth/login', { username, password })).json().ticket,
      code: recoveryCodes[0],
    });
    expect(again.statusCode).toBe(401);
  });

  it('shuts a staff member the settings require it of out of every staff route but setting it up', async () => {
    await t.database.query(`update settings set data = data || '{"twoFactorRequiredFor":"staff"}'`);
    const setupRoutes = [
      'GET /api/auth/current-user',
      'GET /api/current-user',
      'GET /api/auth/2fa',
      'POST /api/auth/2fa/setup',
      'POST /api/auth/2fa/enable',
      'PUT /api/auth/password',
    ];
    const wrong: string[] = [];
    try {
      for (const route of routes.filter((r) => r.access !== 'public')) {
        const authorization = `Bearer ${await session(editor.userId)}`;
        const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: concreteUrl(route.url),
          headers: { authorization },
          ...(hasBody ? { payload: {} } : {}),
        });
        const allowed = setupRoutes.includes(`${route.method} ${route.url}`);
        const ok = res.statusCode < 500 && (allowed ? res.statusCode !== 403 : res.statusCode === 403);
        if (!ok) wrong.push(`${route.method} ${route.url}: got ${res.statusCode}`);
      }
    } finally {
      await t.database.query(`update settings set data = data || '{"twoFactorRequiredFor":"nobody"}'`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('access matrix: a request status page', () => {
  it('is public and read-only: every identity reads it, nobody writes through it', async () => {
    const sent = (
      await t.app.inject({
        method: 'POST',
        url: '/api/contactus',
        payload: { name: 'Matrix', email: 'matrix@example.com', phone: '03001234567', message: 'Probe' },
      })
    ).json() as { trackUrl: string; reference: string };
    for (const identity of identities) {
      const authorization = await authorizationFor(identity);
      const headers = authorization ? { authorization } : {};
      const page = await t.app.inject({ method: 'GET', url: sent.trackUrl, headers });
      expect(page.statusCode, identity).toBe(200);
      expect(page.body).toContain(sent.reference);
      const unknown = await t.app.inject({ method: 'GET', url: `/track/${'x'.repeat(43)}`, headers });
      expect(unknown.statusCode, identity).toBe(404);
    }
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: sent.trackUrl, payload: { stage: 'done' } });
      expect(res.statusCode, method).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, method).toBeLessThan(500);
    }
    const after = await t.app.inject({ method: 'GET', url: sent.trackUrl });
    expect(after.body).toMatch(/is-current" aria-current="step">Received/);
  });
});
