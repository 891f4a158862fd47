import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp, TEST_SETUP_CODE } from '../test/helpers';
import { multipartForm } from '../test/uploads';
import { networkOf } from './client-network';

const SERVER = path.resolve(import.meta.dirname, '..');

/**
 * The only lines outside client-network.ts that may read the client's raw address: what is logged
 * and what a signed-in person is shown about their own sessions, never a budget.
 */
const RAW_ADDRESS_READERS = [
  // The request line in the log names the address itself.
  'http/server-options.ts: remoteAddress: request.ip,',
  // A session records where it signed in from; staff see it in their session list.
  "modules/auth/sign-in.ts: const from = { userAgent: request.headers['user-agent'] ?? '', ip: request.ip };",
  "modules/auth/routes.ts: request.log.warn({ ip: request.ip }, 'login attempts over the limit');",
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('client networks', () => {
  it('counts IPv4 per address, IPv6 per network, and a mapped IPv4 address as itself', () => {
    expect(networkOf('203.0.113.7', 64)).toBe('203.0.113.7');
    expect(networkOf('2001:db8::1', 64)).toBe('2001:db8:0:0:0:0:0:0/64');
    expect(networkOf('2001:db8:0:0:ffff:1:2:3', 64)).toBe('2001:db8:0:0:0:0:0:0/64');
    expect(networkOf('2001:db8:0:1::1', 64)).toBe('2001:db8:0:1:0:0:0:0/64');
    expect(networkOf('2001:DB8:aa:bb:cc::1%eth0', 48)).toBe('2001:db8:aa:0:0:0:0:0/48');
    expect(networkOf('2001:db8::1', 128)).toBe('2001:db8:0:0:0:0:0:1/128');
    expect(networkOf('::ffff:198.51.100.9', 64)).toBe('198.51.100.9');
    expect(networkOf('::ffff:c633:6409', 64)).toBe('198.51.100.9');
    expect(networkOf('::1', 64)).toBe('0:0:0:0:0:0:0:0/64');
  });

  it('no budget reads the raw client address: only the listed log and session lines do', () => {
    const readers: string[] = [];
    for (const file of sourceFiles(SERVER)) {
      const relative = path.relative(SERVER, file).split(path.sep).join('/');
      if (relative === 'http/client-network.ts') continue;
      for (const line of fs.readFileSync(file, 'utf8').split('\n'))
        if (/\b(request|req)\.ip\b/.test(line)) readers.push(`${relative}: ${line.trim()}`);
    }
    expect(readers.sort()).toEqual([...RAW_ADDRESS_READERS].sort());
  });
});

describe('per-address budgets count an IPv6 network as one client', async () => {
  const t = await createTestApp({ env: { CONTACT_RATE_LIMIT: '2' } });
  await t.app.ready();
  let n = 0;
  const contact = (remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      remoteAddress,
      payload: { name: 'Visitor', email: `v${++n}@example.com`, phone: '03001234567', message: 'Hello' },
    });
  const statuses = async (...addresses: string[]) => {
    const codes: number[] = [];
    for (const address of addresses) codes.push((await contact(address)).statusCode);
    return codes;
  };

  it('two addresses in one /64 share its budget; another /64 has its own', async () => {
    expect(await statuses('2001:db8:1::1', '2001:db8:1::2', '2001:db8:1:0:abcd::9')).toEqual([201, 201, 429]);
    expect(await statuses('2001:db8:2::1')).toEqual([201]);
  });

  it('IPv4 addresses still count one by one', async () => {
    expect(await statuses('192.0.2.1', '192.0.2.1', '192.0.2.1', '192.0.2.2')).toEqual([201, 201, 429, 201]);
  });

  it('an IPv4-mapped IPv6 address counts as its IPv4 address', async () => {
    expect(await statuses('192.0.2.50', '::ffff:192.0.2.50', '::ffff:192.0.2.50')).toEqual([201, 201, 429]);
  });
});

describe('LIMIT_IPV6_PREFIX', async () => {
  const t = await createTestApp({ env: { CONTACT_RATE_LIMIT: '1', LIMIT_IPV6_PREFIX: '48' } });
  await t.app.ready();
  it('widens the network an IPv6 budget counts', async () => {
    const post = (remoteAddress: string, email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/contactus',
        remoteAddress,
        payload: { name: 'Visitor', email, phone: '03001234567', message: 'Hello' },
      });
    expect((await post('2001:db8:5:1::1', 'a@example.com')).statusCode).toBe(201);
    expect((await post('2001:db8:5:2::1', 'b@example.com')).statusCode).toBe(429);
  });
});

describe('the login budget per address', async () => {
  const t = await createTestApp({ env: { LOGIN_MAX_PER_IP: '3' } });
  await t.app.ready();
  const PASSWORD = 'a long passphrase';
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    remoteAddress: '198.51.100.1',
    payload: { name: 'Owner', username: 'owner', password: PASSWORD, setupCode: TEST_SETUP_CODE },
  });
  const login = (host: number, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: `2001:db8:9::${host}`,
      payload: { username: 'owner', password },
    });

  it('is shared by one /64, and a successful login from it takes its attempt back', async () => {
    const statuses: number[] = [];
    for (const [host, password] of [
      [1, PASSWORD],
      [2, PASSWORD],
      [3, 'wrong'],
      [4, 'wrong'],
      [5, 'wrong'],
      [6, 'wrong'],
    ] as const)
      statuses.push((await login(host, password)).statusCode);
    expect(statuses).toEqual([200, 200, 401, 401, 401, 429]);
  });
});

// The page form is server HTML: this needs the web build (npm test builds first).
describe("the page contact form's photo budget", async () => {
  const t = await createTestApp({
    ssr: true,
    env: { CONTACT_RATE_LIMIT: '0', PAGE_POST_RATE_LIMIT: '0', CONTACT_PHOTO_RATE_LIMIT: '1' },
  });
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2e86c1' } })
    .jpeg()
    .toBuffer();
  const send = (remoteAddress: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/contact',
      remoteAddress,
      ...multipartForm(
        { name: 'Danish', email, phone: '0300-1234567', message: 'The display cabinet is warm.' },
        [{ field: 'photos', filename: 'fault.jpg', bytes }],
      ),
    });

  it('is shared by one /64', async () => {
    expect((await send('2001:db8:7::1', 'first@example.com')).statusCode).toBe(200);
    expect((await send('2001:db8:7::2', 'second@example.com')).statusCode).toBe(429);
    expect((await send('2001:db8:8::1', 'third@example.com')).statusCode).toBe(200);
  });
});
