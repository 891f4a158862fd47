import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';
import { eventually } from '../../test/smtp-peer';
import { addressAllowed, endpointProblem, guardedLookup } from './endpoint-guard';

/**
 * A push service on loopback that does what a browser's would: it reads the VAPID header and
 * decrypts the aes128gcm message (RFC 8291) with the subscribing browser's private key and auth
 * secret, so a test sees exactly what the service worker would be handed.
 */
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
const received: Received[] = [];
/** Status to answer per path; a path held here waits until released (a slow push service). */
const statusFor = new Map<string, number>();
const held = new Map<string, () => void>();
const service = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const path = request.url ?? '';
    const answer = () => {
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statusFor.get(path) ?? 201).end();
    };
    if (path.includes('slow')) held.set(path, answer);
    else answer();
  });
});
await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())));

/** A browser's side of a subscription: its key pair and auth secret. */
function browser(path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: {
      endpoint: `${origin}/push/${path}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 decryption of one aes128gcm record, as a browser does it. */
function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): unknown {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    ecdh.getPublicKey(),
    senderKey,
    Buffer.from([1]),
  ]);
  const ikm = hmac(hmac(auth, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2, then zero padding.
  const end = padded.lastIndexOf(2);
  return JSON.parse(padded.subarray(0, end).toString('utf8'));
}

/** The VAPID header's token, checked against the site's public key (ES256 over header.payload). */
function vapidClaims(header: string | undefined, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '');
  expect(match?.[2]).toBe(publicKey);
  const [head, payload, signature] = match![1]!.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(ok).toBe(true);
  return JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
}

const t = await createTestApp({ env: { PUSH_ALLOW_LOOPBACK: 'true', CONTACT_RATE_LIMIT: '0' } });
let admin: { authorization: string; userId: string };
let editor: { authorization: string; userId: string };
let publicKey = '';

const subscribe = (who: { authorization: string }, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: who, payload: payload as object });
const unsubscribe = (who: { authorization: string }, payload: object) =>
  t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: who, payload });
const urgentRequest = (area: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contactus',
    payload: {
      name: 'Night Caller',
      email: 'night@example.com',
      phone: '03001234567',
      message: 'The freezer stopped and the stock is thawing',
      urgent: true,
      area,
      ...extra,
    },
  });
const subscriptionRows = () =>
  t.database.query<{ endpoint: string; user_id: string }>(
    'select endpoint, user_id::text from push_subscriptions order by endpoint',
  );

beforeAll(async () => {
  admin = await t.signIn();
  editor = await t.signIn('office');
  const res = await t.app.inject({ method: 'GET', url: '/api/push/key', headers: admin });
  expect(res.statusCode).toBe(200);
  publicKey = res.json().publicKey;
});

describe('the VAPID key', () => {
  it('is a P-256 public key, generated once and kept in the database', async () => {
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const again = await t.app.inject({ method: 'GET', url: '/api/push/key', headers: editor });
    expect(again.json().publicKey).toBe(publicKey);
    expect(again.headers['cache-control']).toBe('no-store');
    const rows = await t.database.query('select 1 from server_secrets where name = $1', ['vapid']);
    expect(rows).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/push/key' })).statusCode).toBe(401);
  });

  it('comes from VAPID_PRIVATE_KEY when the environment sets it', async () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const preset = await createTestApp({
      env: { VAPID_PRIVATE_KEY: ecdh.getPrivateKey().toString('base64url') },
    });
    const { authorization } = await preset.signIn();
    const res = await preset.app.inject({ method: 'GET', url: '/api/push/key', headers: { authorization } });
    expect(res.json().publicKey).toBe(ecdh.getPublicKey().toString('base64url'));
    expect(await preset.database.query('select 1 from server_secrets where name = $1', ['vapid'])).toEqual(
      [],
    );
  });
});

describe('subscribing a browser', () => {
  it('refuses what is not a browser push subscription, with a message per field', async () => {
    const good = browser('shape').subscription;
    const cases: [unknown, string][] = [
      [{ ...good, endpoint: 'ftp://push.example.com/x' }, 'endpoint'],
      [{ ...good, endpoint: 'http://push.example.com/x' }, 'endpoint'],
      [{ ...good, endpoint: 'not a url' }, 'endpoint'],
      [{ ...good, endpoint: `https://push.example.com/${'x'.repeat(2001)}` }, 'endpoint'],
      [{ ...good, keys: { p256dh: 'short', auth: good.keys.auth } }, 'keys'],
      [{ ...good, keys: { p256dh: good.keys.p256dh, auth: 'not/base64url=' } }, 'keys'],
      [{ endpoint: good.endpoint }, 'keys'],
      [{ keys: good.keys }, 'endpoint'],
    ];
    for (const [payload, field] of cases) {
      const res = await subscribe(admin, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
  });

  it('refuses internal addresses (SSRF) unless loopback is explicitly allowed', () => {
    for (const endpoint of [
      'https://127.0.0.1/push',
      'https://localhost/push',
      'https://10.1.2.3/push',
      'https://192.168.1.1/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push',
      'https://[fd00::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://intranet/push',
      'https://user:pass@push.example.com/x',
      'http://127.0.0.1:8080/push',
    ])
      expect(endpointProblem(endpoint, false), endpoint).toBeDefined();
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc', false)).toBeUndefined();
    expect(endpointProblem('https://updates.push.services.mozilla.com/wpush/v2/x', false)).toBeUndefined();
    // Allowed for tests and development: loopback, and only loopback.
    expect(endpointProblem('http://127.0.0.1:8080/push', true)).toBeUndefined();
    expect(endpointProblem('http://10.1.2.3/push', true)).toBeDefined();
    expect(endpointProblem('http://push.example.com/push', true)).toBeDefined();
  });

  it('reaches public addresses and refuses every private, loopback, link-local, shared and reserved range', () => {
    const publicAddresses = [
      '142.250.74.74', // fcm.googleapis.com
      '34.107.221.82', // updates.push.services.mozilla.com
      '17.253.144.10', // web.push.apple.com
      '52.96.0.1', // *.notify.windows.com
      '8.8.8.8',
      '1.1.1.1',
      '2607:f8b0:4004:c1b::5f', // Google over IPv6
      '2a03:2880:f12d:83:face:b00c::25de',
      '::ffff:142.250.74.74', // IPv4-mapped public
      '::ffff:8efa:4a4a', // the same, written in hex
      '64:ff9b::8efa:4a4a', // NAT64 of a public address (IPv6-only networks)
    ];
    const refused: [string, string][] = [
      ['0.0.0.0', 'this network'],
      ['10.20.30.40', 'private 10/8'],
      ['100.64.0.1', 'shared CGNAT'],
      ['100.127.255.254', 'shared CGNAT'],
      ['127.0.0.1', 'loopback'],
      ['127.255.255.254', 'loopback'],
      ['169.254.169.254', 'link-local metadata'],
      ['172.16.0.1', 'private 172.16/12'],
      ['172.31.255.255', 'private 172.16/12'],
      ['192.0.0.8', 'IETF protocol'],
      ['192.0.2.1', 'documentation'],
      ['192.168.1.1', 'private 192.168/16'],
      ['198.18.0.1', 'benchmarking'],
      ['198.51.100.7', 'documentation'],
      ['203.0.113.9', 'documentation'],
      ['224.0.0.251', 'multicast'],
      ['239.255.255.250', 'multicast'],
      ['240.0.0.1', 'reserved'],
      ['255.255.255.255', 'broadcast'],
      ['::', 'unspecified'],
      ['::1', 'loopback'],
      ['fe80::1', 'link-local'],
      ['fe80::1%eth0', 'link-local with zone'],
      ['fc00::1', 'unique local'],
      ['fd12:3456::1', 'unique local'],
      ['ff02::1', 'multicast'],
      ['::ffff:127.0.0.1', 'mapped loopback'],
      ['::ffff:7f00:1', 'mapped loopback in hex'],
      ['::ffff:10.0.0.1', 'mapped private'],
      ['::ffff:169.254.169.254', 'mapped metadata'],
      ['64:ff9b::a9fe:a9fe', 'NAT64 of metadata'],
      ['::127.0.0.1', 'IPv4-compatible'],
      ['2001:db8::1', 'documentation'],
      ['2001::1', 'Teredo'],
      ['2002:7f00:1::1', '6to4'],
    ];
    for (const address of publicAddresses) expect(addressAllowed(address, false), address).toBe(true);
    for (const [address, range] of refused)
      expect(addressAllowed(address, false), `${address} (${range})`).toBe(false);
    // The same at the door: an endpoint written as an address is judged as the address.
    expect(endpointProblem('https://142.250.74.74/fcm/send/x', false)).toBeUndefined();
    expect(endpointProblem('https://[2607:f8b0:4004:c1b::5f]/x', false)).toBeUndefined();
    expect(endpointProblem('https://[::ffff:a9fe:a9fe]/latest', false)).toBeDefined();
    expect(endpointProblem('https://100.64.0.1/x', false)).toBeDefined();
    for (const host of [
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      'wns2-by3p.notify.windows.com',
      'web.push.apple.com',
    ])
      expect(endpointProblem(`https://${host}/push/abc`, false), host).toBeUndefined();
    for (const host of ['printer.local', 'db.internal', 'router.home.arpa', 'app.localhost', 'nas.lan'])
      expect(endpointProblem(`https://${host}/push`, false), host).toBeDefined();
  });

  it('resolves the name when it sends: a name pointing inward is refused, a public one is reached', async () => {
    const lookupWith = (addresses: string[]) =>
      new Promise<string | Error>((resolve) =>
        guardedLookup(false, (_name, _options, callback) =>
          callback(
            null,
            addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
          ),
        )('push.example.com', { all: false }, (error, address) => resolve(error ?? String(address))),
      );
    expect(await lookupWith(['142.250.74.74'])).toBe('142.250.74.74');
    expect(await lookupWith(['2607:f8b0:4004:c1b::5f'])).toBe('2607:f8b0:4004:c1b::5f');
    for (const inward of [
      ['10.0.0.5'],
      ['::ffff:169.254.169.254'],
      ['142.250.74.74', '127.0.0.1'],
      ['fd00::1'],
    ]) {
      const answer = await lookupWith(inward);
      expect(answer, inward.join()).toBeInstanceOf(Error);
      expect((answer as NodeJS.ErrnoException).code).toBe('EPUSHBLOCKED');
    }
  });

  it('stores one row per endpoint for the signed-in user, updates it, and removes it on DELETE', async () => {
    const first = browser('upsert');
    expect((await subscribe(admin, first.subscription)).statusCode).toBe(204);
    const renewed = browser('upsert');
    expect((await subscribe(editor, renewed.subscription)).statusCode).toBe(204);
    let rows = (await subscriptionRows()).filter((row) => row.endpoint.endsWith('/upsert'));
    expect(rows).toEqual([{ endpoint: first.subscription.endpoint, user_id: editor.userId }]);
    const key = await t.app.inject({ method: 'GET', url: '/api/push/key', headers: editor });
    expect(key.json().subscriptions).toBe(1);
    // Someone else's endpoint is not theirs to remove.
    const foreign = await unsubscribe(admin, { endpoint: first.subscription.endpoint });
    expect(foreign.statusCode).toBe(204);
    expect((await subscriptionRows()).filter((row) => row.endpoint.endsWith('/upsert'))).toHaveLength(1);
    const own = await unsubscribe(editor, { endpoint: first.subscription.endpoint });
    expect(own.statusCode).toBe(204);
    rows = (await subscriptionRows()).filter((row) => row.endpoint.endsWith('/upsert'));
    expect(rows).toEqual([]);
    const empty = await unsubscribe(editor, {});
    expect(empty.statusCode).toBe(400);
  });
  it('keeps an account’s 10 most recently saved browsers: a new one replaces the one saved longest ago', async () => {
    const person = await t.signIn('office');
    const other = browser('not-mine').subscription;
    expect((await subscribe(editor, other)).statusCode).toBe(204);
    const mine = async () =>
      (
        await t.database.query<{ endpoint: string }>(
          'select endpoint from push_subscriptions where user_id::text = $1',
          [person.userId],
        )
      )
        .map((row) => new URL(row.endpoint).pathname.replace('/push/', ''))
        .sort();
    for (let n = 0; n < 12; n++)
      expect((await subscribe(person, browser(`many-${n}`).subscription)).statusCode).toBe(204);
    const kept = Array.from({ length: 10 }, (_, n) => `many-${n + 2}`).sort();
    expect(await mine()).toEqual(kept);
    // Saving a browser again (it renews its keys) keeps it, as the newest.
    expect((await subscribe(person, browser('many-2').subscription)).statusCode).toBe(204);
    expect(await mine()).toEqual(kept);
    expect((await subscribe(person, browser('many-12').subscription)).statusCode).toBe(204);
    expect(await mine()).toEqual([...kept.filter((name) => name !== 'many-3'), 'many-12'].sort());
    const key = await t.app.inject({ method: 'GET', url: '/api/push/key', headers: person });
    expect(key.json().subscriptions).toBe(10);
    // Another account's browser is not counted against this one.
    expect((await subscriptionRows()).map((row) => row.endpoint)).toContain(other.endpoint);
    // Later tests count the pushes every subscribed browser gets.
    await t.database.query('delete from push_subscriptions where user_id::text = $1', [person.userId]);
    expect((await unsubscribe(editor, { endpoint: other.endpoint })).statusCode).toBe(204);
  });
});

describe('an urgent request', () => {
  it('is pushed to the browsers of those paged, encrypted for each: title, area and the request page', async () => {
    const mine = browser('admin-phone');
    const theirs = browser('editor-laptop');
    expect((await subscribe(admin, mine.subscription)).statusCode).toBe(204);
    expect((await subscribe(editor, theirs.subscription)).statusCode).toBe(204);
    const res = await urgentRequest('Gulberg III');
    expect(res.statusCode, res.body).toBe(201);
    const { _id, reference } = res.json();
    await t.app.urgent.settled();
    // Nobody is on call here, so the admins are paged (decision 095); the editor is not.
    const theirPath = new URL(theirs.subscription.endpoint).pathname;
    expect(received.filter((entry) => entry.path === theirPath)).toEqual([]);
    for (const device of [mine]) {
      const path = new URL(device.subscription.endpoint).pathname;
      const delivery = await eventually(() => received.find((entry) => entry.path === path));
      expect(delivery.headers['content-encoding']).toBe('aes128gcm');
      expect(delivery.headers.urgency).toBe('high');
      expect(Number(delivery.headers.ttl)).toBeGreaterThan(0);
      expect(decrypt(delivery.body, device.ecdh, device.auth)).toEqual({
        title: `URGENT ${reference}`,
        body: 'Gulberg III',
        url: `/message/${_id}`,
        tag: `urgent-${_id}`,
      });
      const claims = vapidClaims(delivery.headers.authorization, publicKey);
      expect(claims.aud).toBe(origin);
      expect(claims.sub).toMatch(/^(mailto:|https:)/);
      expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    }
  });

  it('is not pushed when it is not urgent, nor when flagged as spam', async () => {
    const before = received.length;
    await urgentRequest('Nowhere', { urgent: false });
    await urgentRequest('Nowhere', { website: 'http://bot.test' });
    await t.app.urgent.settled();
    expect(received.slice(before)).toEqual([]);
  });

  it('forgets a subscription the push service says is gone (404 or 410), keeps one that failed otherwise', async () => {
    const gone = browser('gone');
    const expired = browser('expired');
    const busy = browser('busy');
    statusFor.set('/push/gone', 410);
    statusFor.set('/push/expired', 404);
    statusFor.set('/push/busy', 503);
    for (const device of [gone, expired, busy])
      expect((await subscribe(admin, device.subscription)).statusCode).toBe(204);
    await urgentRequest('Saddar');
    await t.app.urgent.settled();
    const left = (await subscriptionRows()).map((row) => new URL(row.endpoint).pathname);
    expect(left).not.toContain('/push/gone');
    expect(left).not.toContain('/push/expired');
    expect(left).toContain('/push/busy');
    await t.database.query(`delete from push_subscriptions where endpoint like '%/busy'`);
  });

  it('answers the visitor without waiting for a slow push service', async () => {
    const slow = browser('slow');
    expect((await subscribe(admin, slow.subscription)).statusCode).toBe(204);
    const res = await urgentRequest('Cantt');
    expect(res.statusCode).toBe(201);
    // The push service has the request and has not answered; the visitor already has theirs.
    await eventually(() => held.has('/push/slow'));
    expect(received.some((entry) => entry.path === '/push/slow')).toBe(false);
    held.get('/push/slow')!();
    await t.app.urgent.settled();
    const delivery = received.find((entry) => entry.path === '/push/slow')!;
    expect(decrypt(delivery.body, slow.ecdh, slow.auth)).toMatchObject({
      title: `URGENT ${res.json().reference}`,
    });
  });
});
