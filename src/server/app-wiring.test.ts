import { afterAll, describe, expect, it } from 'vitest';
import { type AppOptions, appPlugins, buildApp } from './app';
import { orderPlugins, type PluginEntry, pluginNames } from './http/plugin-order';
import { createTestDatabase, TEST_SETUP_CODE, testEnv } from './test/helpers';

/** A repeatable shuffle (mulberry32), so a failure names the seed that found it. */
function shuffled(seed: number) {
  return (plugins: PluginEntry[]) => {
    let state = seed;
    const random = () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const copy = [...plugins];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };
}

const arrangements: [string, (plugins: PluginEntry[]) => PluginEntry[]][] = [
  ['as listed', (plugins) => plugins],
  ['reversed', (plugins) => [...plugins].reverse()],
  ['shuffled with seed 1', shuffled(1)],
  ['shuffled with seed 27', shuffled(27)],
  ['shuffled with seed 2026', shuffled(2026)],
];

const { database, drop } = await createTestDatabase();
afterAll(drop);
const options: AppOptions = { env: testEnv(), database, logger: false, ssr: false };
const credentials = { username: 'wiringadmin', password: 'correct horse battery' };

/** What a visitor, a staff member and a stranger are answered, and each route's hooks by name. */
async function observe(arrange: (plugins: PluginEntry[]) => PluginEntry[]) {
  const app = await buildApp(options, arrange);
  try {
    await app.ready();
    const hooks = app.printRoutes({ includeHooks: true, commonPrefix: false });
    // The first build creates the admin; later builds are refused the same name and sign in.
    await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Site Admin', ...credentials, setupCode: TEST_SETUP_CODE },
    });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: credentials });
    const authorization = `Bearer ${login.json().token}`;
    const answer = async (url: string, headers: Record<string, string> = {}) => {
      const response = await app.inject({ method: 'GET', url, headers });
      const { date: _date, ...rest } = response.headers;
      return { url, status: response.statusCode, headers: rest, body: response.body };
    };
    const firstRead = await answer('/api/service');
    await app.responseCacheSettled();
    const answers = [
      firstRead,
      await answer('/api/service'),
      await answer('/api/service', { 'if-none-match': String(firstRead.headers.etag) }),
      await answer('/api/trash', { authorization }),
      await answer('/api/trash'),
      await answer('/api/no-such-thing'),
    ];
    return { hooks, answers };
  } finally {
    await app.close();
  }
}

describe('the plugin list', () => {
  it('is registered in an order that follows from the declared dependencies alone', () => {
    const order = pluginNames(orderPlugins(appPlugins(options)));
    for (const [, arrange] of arrangements)
      expect(pluginNames(orderPlugins(arrange(appPlugins(options))))).toEqual(order);
    const comesBefore = (first: string, second: string) =>
      expect(order.indexOf(first)).toBeLessThan(order.indexOf(second));
    comesBefore('normal-paths', 'response-cache');
    comesBefore('response-cache', 'load-shedding');
    comesBefore('load-shedding', 'cookies');
    comesBefore('cookies', 'access');
    comesBefore('security-headers', 'conditional-tags');
    comesBefore('conditional-tags', 'response-cache-store');
    comesBefore('response-cache-store', 'compression');
  });

  it('gives the same hooks and the same answers however the list is arranged', async () => {
    const expected = await observe(arrangements[0]![1]);
    expect(expected.hooks).toMatch(
      /replayFromCache.*fastifyCookieHandler.*checkAccess.*setStaticHeaders.*requireTwoFactorSetup/,
    );
    expect(expected.answers.map((answer) => answer.status)).toEqual([200, 200, 304, 200, 401, 404]);
    for (const [name, arrange] of arrangements.slice(1)) {
      const observed = await observe(arrange);
      expect(observed.hooks, name).toEqual(expected.hooks);
      expect(observed.answers, name).toEqual(expected.answers);
    }
  });
});
