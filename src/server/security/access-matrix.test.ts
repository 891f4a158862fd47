import { createHash, randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, type ApiKeyScope, scopesOf } from '../../shared/api-keys';
import { contentTypes, contentTypesByName } from '../../shared/content/types';
import {
  type AccessRule,
  mayCall,
  PERMISSIONS,
  requestReachOf,
  scopesWithin,
} from '../../shared/permissions';
import { STAFF_ROLES, type StaffRole } from '../../shared/roles';
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
const editor = await t.signIn('office');
/** One approved person of each role: the matrix asks as each of them, and as a key limited to each. */
const people = Object.fromEntries(
  await Promise.all(STAFF_ROLES.map(async (role) => [role, role === 'admin' ? admin : await t.signIn(role)])),
) as Record<StaffRole, { userId: string }>;
const pendingId = await t.requestAccount({
  name: 'Waiting',
  username: 'waiting',
  password: 'a long passphrase',
});
// A token that was real until logout.
const revokedToken = await session(admin.userId);
await t.app.inject({
  method: 'POST',
  url: '/api/auth/logout',
  headers: { authorization: `Bearer ${revokedToken}` },
});

type Identity = 'anonymous' | 'malformed token' | 'expired token' | 'revoked token' | 'pending' | StaffRole;
const identities: Identity[] = [
  'anonymous',
  'malformed token',
  'expired token',
  'revoked token',
  'pending',
  ...STAFF_ROLES,
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
    default:
      return `Bearer ${await session(people[identity].userId)}`;
  }
}

/** What the declaration promises: the route runs, or 401 (who are you?), or 403 (not you). */
function expectedFor(rule: AccessRule, identity: Identity): 'runs' | 401 | 403 {
  if (rule === 'public') return 'runs';
  if (['anonymous', 'malformed token', 'expired token', 'revoked token'].includes(identity)) return 401;
  return mayCall(identity as StaffRole | 'pending', rule) ? 'runs' : 403;
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
  scopes: readonly ApiKeyScope[],
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

/**
 * Keys: one per scope, limited to nobody; one with every scope limited to nobody; one with every
 * scope limited to a person of each role; and a revoked one.
 */
type KeyIdentity =
  | `API key ${ApiKeyScope}`
  | 'API key with every scope, limited to nobody'
  | `API key with every scope, limited to a ${StaffRole}`
  | 'revoked API key';
interface KeyHolder {
  key: string;
  scopes: readonly ApiKeyScope[];
  /** The role of the person the key is limited to. */
  role?: StaffRole;
}
const keyOf = new Map<KeyIdentity, KeyHolder>([
  ['revoked API key', { key: revokedKey.key, scopes: API_KEY_SCOPES }],
]);
for (const scope of API_KEY_SCOPES)
  keyOf.set(`API key ${scope}`, { key: (await apiKey(scope, [scope])).key, scopes: [scope] });
keyOf.set('API key with every scope, limited to nobody', {
  key: (await apiKey('Everything', API_KEY_SCOPES)).key,
  scopes: API_KEY_SCOPES,
});
for (const role of STAFF_ROLES) {
  const { key } = await apiKey(`Limited to a ${role}`, API_KEY_SCOPES, people[role].userId);
  keyOf.set(`API key with every scope, limited to a ${role}`, { key, scopes: API_KEY_SCOPES, role });
}
const keyIdentities = [...keyOf.keys()];

/**
 * A key runs exactly the routes naming one of its scopes, and a key limited to a person only those
 * their role may call, with the scopes whose rights the role holds; an unknown or revoked one is
 * asked who it is.
 */
function keyExpectedFor(route: RouteRule, identity: KeyIdentity): 'runs' | 401 | 403 {
  if (identity === 'revoked API key') return 401;
  const holder = keyOf.get(identity)!;
  const scopes = holder.role ? scopesWithin(holder.role, holder.scopes) : holder.scopes;
  const roleAllows = !holder.role || mayCall(holder.role, route.access);
  if (roleAllows && scopesOf(route.keyScope).some((scope) => scopes.includes(scope))) return 'runs';
  // A public route runs for a key without its scope as for a visitor.
  return route.access === 'public' ? 'runs' : 403;
}

const ruleWords = (rule: AccessRule) => (typeof rule === 'string' ? rule : rule.join(' or '));

describe('access matrix', () => {
  it('has every registered route with a rule the declaration knows', () => {
    const table = routes
      .map((r) => `${ruleWords(r.access).padEnd(24)}  ${r.method.padEnd(6)} ${r.url}`)
      .join('\n');
    console.info(`Every route and who may call it (${routes.length}):\n${table}`);
    expect(routes.length).toBeGreaterThan(50);
    for (const r of routes)
      for (const right of typeof r.access === 'string' ? [r.access] : r.access)
        expect(['public', 'account', ...PERMISSIONS]).toContain(right);
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
      // A record of a type with drafts is edited as a draft, which its `update` right allows;
      // publishing at once needs its `publish` right too, walked in content/drafts.test.ts.
      const drafted =
        route.method === 'PUT' && contentTypesByName.get(route.url.split('/')[2] ?? '')?.versions;
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        headers: authorization ? { authorization } : {},
        ...(hasBody ? { payload: drafted ? { publish: false } : {} } : {}),
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
      (route) => ruleWords(route.access),
    );
    expect(wrong).toEqual([]);
  });

  it.each(keyIdentities)(
    'answers %s as each route’s key scope and its person’s role say',
    async (identity) => {
      const wrong = await walk(
        async () => `Bearer ${keyOf.get(identity)!.key}`,
        (route) => keyExpectedFor(route, identity),
        (route) => `${scopesOf(route.keyScope).join(' or ') || 'no key'}; ${ruleWords(route.access)}`,
      );
      expect(wrong).toEqual([]);
    },
  );

  /**
   * Every route about one request, as every role and every key limited to a role, on a request
   * assigned to that person and on one assigned to someone else: a role that reaches only its own
   * (and any limited key) gets 404 for the other's, as if it did not exist.
   */
  describe('own and other requests', async () => {
    const someoneElse = await t.signIn('office');
    let visitors = 0;
    async function requestAssignedTo(userId: string) {
      // Each from a visitor of their own: the contact form's limit is per network.
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/contactus',
        remoteAddress: `198.51.${Math.floor(++visitors / 250)}.${visitors % 250}`,
        payload: {
          name: 'Matrix customer',
          email: 'matrix-customer@example.com',
          phone: '03001234567',
          message: 'A job for the matrix',
        },
      });
      if (sent.statusCode !== 201) throw new Error(`sending a request failed: ${sent.body}`);
      const created = sent.json() as { _id: string; version: number };
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/contactus/${created._id}`,
        headers: { authorization: `Bearer ${await session(admin.userId)}` },
        payload: { assignee: userId, version: created.version },
      });
      if (res.statusCode === 200) return res.json() as { _id: string; version: number };
      // Nobody gives a request to an editor, who never sees one; one given before a change of role
      // is still theirs in the database, and still out of their reach.
      if (res.json().fields?.assignee === undefined) throw new Error(`assigning failed: ${res.body}`);
      await t.database.query('update contact_messages set assignee = $1 where id::text = $2', [
        userId,
        created._id,
      ]);
      return created;
    }
    const requestRoutes = routes.filter(
      (route) => route.url.startsWith('/api/contactus/:id') && route.method !== 'HEAD',
    );
    const bodies: Record<string, object> = {
      'PUT /api/contactus/:id': { stage: 'scheduled' },
      'POST /api/contactus/:id/notes': { text: 'On my way' },
      'POST /api/contactus/:id/reply': { subject: 'Your request', text: 'We will come tomorrow.' },
      'POST /api/contactus/:id/whatsapp-reply': { text: 'We will come tomorrow.' },
    };
    const cases = STAFF_ROLES.flatMap((role) =>
      (['session', 'limited key'] as const).flatMap((via) =>
        (['own', 'other'] as const).map((whose) => ({ role, via, whose })),
      ),
    );

    it.each(cases)(
      'answers a $role by $via on an $whose request as the declaration says',
      async ({ role, via, whose }) => {
        const wrong: string[] = [];
        for (const route of requestRoutes) {
          // A fresh request per route: a delete or a reply changes it for the next.
          const request = await requestAssignedTo(whose === 'own' ? people[role].userId : someoneElse.userId);
          const key = keyOf.get(`API key with every scope, limited to a ${role}`)!;
          const authorization =
            via === 'session' ? `Bearer ${await session(people[role].userId)}` : `Bearer ${key.key}`;
          const name = `${route.method} ${route.url}`;
          const payload = {
            ...(bodies[name] ?? {}),
            ...(route.method === 'PUT' ? { version: request.version } : {}),
          };
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: route.url.replace(':id', request._id).replace(':n', '1'),
            headers: { authorization },
            ...(['GET', 'DELETE'].includes(route.method) ? {} : { payload }),
          });
          const allowed =
            via === 'session'
              ? mayCall(role, route.access)
              : keyExpectedFor(route, `API key with every scope, limited to a ${role}`) === 'runs';
          // Beyond the reach a request does not exist; within it, the route runs (a photo that is
          // not there, a reply without SMTP are answers of their own, never 401, 403 or 404 of the request).
          const reachesIt = whose === 'own' || (via === 'session' && requestReachOf(role) === 'all');
          const expected = !allowed ? 403 : reachesIt ? 'runs' : 404;
          const ok =
            res.statusCode < 500 &&
            (expected === 'runs'
              ? ![401, 403].includes(res.statusCode) &&
                !(res.statusCode === 404 && res.json().error !== 'Photo not found.')
              : res.statusCode === expected);
          if (!ok)
            wrong.push(`${name}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
        expect(wrong).toEqual([]);
      },
    );

    it.each(STAFF_ROLES)('gives a request to a %s only if its role reaches requests', async (role) => {
      const sent = await requestAssignedTo(someoneElse.userId);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/contactus/${sent._id}`,
        headers: { authorization: `Bearer ${await session(admin.userId)}` },
        payload: { assignee: people[role].userId, version: sent.version },
      });
      expect(res.statusCode, res.body).toBe(requestReachOf(role) === 'none' ? 400 : 200);
      const staff = await t.app.inject({
        url: '/api/users/staff',
        headers: { authorization: `Bearer ${await session(admin.userId)}` },
      });
      const offered = (staff.json() as { _id: string }[]).some(
        (person) => person._id === people[role].userId,
      );
      expect(offered).toBe(requestReachOf(role) !== 'none');
    });

    it.each(STAFF_ROLES)('lists for a %s only the requests its reach covers', async (role) => {
      const own = await requestAssignedTo(people[role].userId);
      const other = await requestAssignedTo(someoneElse.userId);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/contactus?pageSize=100',
        headers: { authorization: `Bearer ${await session(people[role].userId)}` },
      });
      const reach = requestReachOf(role);
      if (reach === 'none') return expect(res.statusCode).toBe(403);
      const ids = (res.json().data as { _id: string }[]).map((record) => record._id);
      expect(ids).toContain(own._id);
      expect(ids.includes(other._id)).toBe(reach === 'all');
    });
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
          `leads:reply POST ${base}/:id/whatsapp-reply`,
        );
      } else if (def.access.list === 'public') {
        promised.push(
          `content:read GET ${base}`,
          `content:read GET ${base}/:id`,
          `content:write POST ${base}`,
          `content:write PUT ${base}/:id`,
          `content:write DELETE ${base}/:id`,
          ...(def.list.order === 'position' ? [`content:write PUT ${base}/order`] : []),
          // Drafts, schedules, previews and versions are the writers' (decision 109).
          ...(def.versions
            ? [
                `content:write POST ${base}/:id/publish`,
                `content:write DELETE ${base}/:id/publish`,
                `content:write POST ${base}/:id/unpublish`,
                `content:write POST ${base}/:id/preview`,
                `content:write GET ${base}/:id/versions`,
                `content:write GET ${base}/:id/versions/:n`,
                `content:write POST ${base}/:id/versions/:n/restore`,
              ]
            : []),
        );
      }
    }
    expect(scoped).toEqual(promised.sort());
  });

  it('declares the rights the product promises (public reads, rights per resource, people and operations for admins)', () => {
    const ruleOf = (method: string, url: string) =>
      routes.find((r) => r.method === method && r.url === url)?.access;
    const mismatches: string[] = [];
    const expect_ = (method: string, url: string, rule: AccessRule) => {
      const actual = ruleOf(method, url);
      if (JSON.stringify(actual) !== JSON.stringify(rule))
        mismatches.push(
          `${method} ${url}: declared ${JSON.stringify(actual)}, promised ${JSON.stringify(rule)}`,
        );
    };
    for (const def of contentTypes) {
      const base = `/api/${def.name}`;
      if (def.name === 'contactus') {
        expect_('GET', base, 'requests:read');
        expect_('GET', `${base}/:id`, 'requests:read');
        expect_('POST', base, 'public');
        expect_('PUT', `${base}/:id`, [
          'requests:work',
          'requests:assign',
          'requests:contact',
          'requests:spam',
        ]);
        expect_('DELETE', `${base}/:id`, 'requests:delete');
      } else if (def.name === 'subscribers') {
        expect_('GET', base, 'subscribers:read');
        expect_('POST', base, 'public');
        expect_('DELETE', `${base}/:id`, 'subscribers:delete');
      } else {
        expect_('GET', base, 'public');
        expect_('GET', `${base}/:id`, 'public');
        expect_('POST', base, `${def.name}:create` as AccessRule);
        expect_('PUT', `${base}/:id`, `${def.name}:update` as AccessRule);
        expect_('DELETE', `${base}/:id`, `${def.name}:delete` as AccessRule);
        // The display order is what visitors see at once, with no draft: a drafted type's is published.
        if (def.list.order === 'position')
          expect_('PUT', `${base}/order`, `${def.name}:${def.versions ? 'publish' : 'update'}` as AccessRule);
      }
    }
    expect_('POST', '/api/upload', 'pictures:upload');
    expect_('GET', '/api/settings', 'public');
    expect_('PUT', '/api/settings', ['siteWords:update', 'operations:update']);
    expect_('GET', '/api/status', 'public');
    expect_('GET', '/media/:file', 'public');
    expect_('POST', '/api/auth/signup', 'public');
    expect_('POST', '/api/auth/login', 'public');
    expect_('GET', '/api/users', 'users:manage');
    // The request desk: notes are the work on a request, replies reach its customer.
    expect_('POST', '/api/contactus/:id/notes', 'requests:work');
    expect_('POST', '/api/contactus/:id/reply', 'requests:reply');
    expect_('POST', '/api/contactus/:id/whatsapp-reply', 'requests:reply');
    // Seeing a request is reading it, by a person: no key has seen anything.
    expect_('POST', '/api/contactus/:id/seen', 'requests:read');
    // Choosing an assignee: who the staff are (names only).
    expect_('GET', '/api/users/staff', 'users:read');
    expect_('PUT', '/api/users/:id', 'users:manage');
    expect_('DELETE', '/api/users/:id', 'users:manage');
    // Invitations: an admin's to make, resend and revoke; the invitee holds the link's secret.
    expect_('GET', '/api/invitations', 'invitations:manage');
    expect_('POST', '/api/invitations', 'invitations:manage');
    expect_('POST', '/api/invitations/:id/resend', 'invitations:manage');
    expect_('DELETE', '/api/invitations/:id', 'invitations:manage');
    expect_('GET', '/api/auth/invitation', 'public');
    expect_('POST', '/api/auth/accept-invite', 'public');
    expect_('POST', '/api/users/:id/deactivate', 'users:manage');
    expect_('POST', '/api/users/:id/reactivate', 'users:manage');
    expect_('GET', '/api/audit', 'audit:read');
    // The job queue's list is an admin's; no key reaches it.
    expect_('GET', '/api/jobs', 'jobs:read');
    // API keys are an admin's to make and revoke; no key ever reaches them (keyScope is checked above).
    expect_('GET', '/api/keys', 'apiKeys:manage');
    expect_('POST', '/api/keys', 'apiKeys:manage');
    expect_('DELETE', '/api/keys/:id', 'apiKeys:manage');
    expect_('GET', '/api/trash', 'trash:read');
    expect_('DELETE', '/api/trash', 'trash:purge');
    expect_('DELETE', '/api/trash/:resource/:id', 'trash:purge');
    // Claiming a site, and one's own account: sessions, e-mail, password, two-factor, notifications.
    expect_('GET', '/api/auth/setup-status', 'public');
    expect_('GET', '/api/auth/sessions', 'account');
    expect_('DELETE', '/api/auth/sessions/:sessionId', 'account');
    expect_('POST', '/api/auth/sessions/revoke-others', 'account');
    expect_('GET', '/api/users/:id/sessions', 'users:manage');
    expect_('DELETE', '/api/users/:id/sessions/:sessionId', 'users:manage');
    // Account recovery: anyone may ask for and use a link; the address is the account's own.
    expect_('POST', '/api/auth/forgot', 'public');
    expect_('POST', '/api/auth/reset', 'public');
    expect_('POST', '/api/auth/confirm-email', 'public');
    expect_('GET', '/api/auth/email', 'account');
    expect_('PUT', '/api/auth/email', 'account');
    expect_('POST', '/api/users/:id/reset-link', 'users:manage');
    expect_('POST', '/api/users/:id/2fa/disable', 'users:manage');
    expect_('GET', '/api/auth/2fa', 'account');
    expect_('POST', '/api/auth/2fa/setup', 'account');
    expect_('POST', '/api/auth/2fa/enable', 'account');
    expect_('POST', '/api/auth/2fa/disable', 'account');
    expect_('POST', '/api/auth/2fa/recovery-codes', 'account');
    expect_('POST', '/api/auth/2fa/verify', 'public');
    expect_('POST', '/api/events', 'public');
    expect_('GET', '/api/stats/leads', 'stats:read');
    expect_('GET', '/api/live', 'live:read');
    // A visitor's photos of a fault: anyone may send one; whoever reads the request sees them.
    expect_('POST', '/api/contactus/photos', 'public');
    expect_('GET', '/api/contactus/:id/photos/:n', 'requests:read');
    // Browser notifications: each staff member turns them on for their own browser.
    // The on-call rota is an operation: an admin's to see and to change.
    expect_('GET', '/api/on-call', 'operations:read');
    expect_('PUT', '/api/on-call', 'operations:update');
    expect_('GET', '/api/push/key', 'account');
    expect_('POST', '/api/push/subscriptions', 'account');
    expect_('DELETE', '/api/push/subscriptions', 'account');
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
    // Once claimed, the code opens nothing: staff join by invitation.
    const again = await signup('again', TEST_SETUP_CODE);
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toContain('invit');
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
    const userId = await t.requestAccount({ name: 'Second Factor', username, password });
    await t.database.query(`update users set role = 'office' where id::text = $1`, [userId]);
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
