import net from 'node:net';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { eventually } from '../test/eventually';
import { createTestApp } from '../test/helpers';
import { imageUpload } from '../test/uploads';
import { trustedPeer } from './client-connections';

/** A raw client connection and everything the server sent on it, until it closed. */
async function connect(port: number, localAddress = '127.0.0.1') {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  const state = { received: '', closed: false };
  socket.on('data', (data) => {
    state.received += data.toString('latin1');
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    state.closed = true;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, state };
}

/** Write `data` at `bytesPerSecond`, a chunk every 100 ms, as a slow client does; stops when the socket closes. */
function trickle(socket: net.Socket, data: Buffer, bytesPerSecond: number): Promise<void> {
  const step = Math.max(1, Math.round(bytesPerSecond / 10));
  let sent = 0;
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      if (socket.destroyed || sent >= data.length) {
        clearInterval(timer);
        resolve();
        return;
      }
      socket.write(data.subarray(sent, sent + step));
      sent += step;
    }, 100);
  });
}

/** One complete answer on a kept-alive connection: the status line, once its body is in. */
async function answerOn(client: Awaited<ReturnType<typeof connect>>, path = '/api/status', headers = '') {
  client.state.received = '';
  client.socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n${headers}\r\n`);
  return eventually(() => {
    const [head = '', body = ''] = client.state.received.split('\r\n\r\n');
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? Number.NaN);
    if (client.state.closed && !head) return 'closed';
    return body.length >= length ? head.split('\r\n')[0] : undefined;
  });
}

/** The whole app listening on a free loopback port, with these settings. */
async function listening(env: Record<string, string> = {}) {
  const t = await createTestApp({ env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...t, port: (t.app.server.address() as net.AddressInfo).port };
}

describe('timeouts', async () => {
  const t = await listening({ HEADERS_TIMEOUT_SECONDS: '0.5', REQUEST_TIMEOUT_SECONDS: '1' });
  const { port } = t;

  it('disconnects a client that trickles its headers, once the headers timeout has passed', async () => {
    const client = await connect(port);
    client.socket.write('GET /api/status HTTP/1.1\r\nHost: localhost\r\n');
    const headers = Buffer.from(Array.from({ length: 100 }, (_, i) => `X-Slow-${i}: a\r\n`).join(''));
    void trickle(client.socket, headers, 200);
    // Node's default would hold it for 60 s and look only every 30 s.
    await eventually(() => client.state.closed, 5000);
    expect(client.state.received).not.toContain('200 OK');
  });

  it('answers 408 and disconnects a client whose body has not arrived by the request timeout', async () => {
    const client = await connect(port);
    client.socket.write(
      'POST /api/contactus HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n{"name":"',
    );
    void trickle(client.socket, Buffer.from('a'.repeat(390)), 20);
    await eventually(() => client.state.closed, 8000);
    expect(client.state.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('leaves nothing behind on a kept-alive connection that carries many requests with bodies', async () => {
    const sockets: net.Socket[] = [];
    t.app.server.on('connection', (socket: net.Socket) => sockets.push(socket));
    const client = await connect(port);
    for (let i = 0; i < 20; i++) {
      client.state.received = '';
      client.socket.write(
        'POST /api/nothing HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
      );
      await eventually(() => client.state.received.includes('Nothing at'));
    }
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.listenerCount('close')).toBeLessThan(5);
    client.socket.destroy();
  });

  it('lets a staff upload finish at 1 Mbit/s, however much longer than the request timeout it takes', async () => {
    const { authorization } = await t.signIn();
    // 10 MB at 1 Mbit/s against a 30 s timeout, scaled down: 340 KB at 125 KB/s against 1 s.
    const picture = await sharp({
      create: {
        width: 340,
        height: 340,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const upload = imageUpload(picture);
    const body = upload.payload as Buffer;
    expect(body.length).toBeGreaterThan(340_000);
    const client = await connect(port);
    client.socket.write(
      `POST /api/upload HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${authorization}\r\nContent-Type: ${upload.headers['content-type']}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    const started = performance.now();
    await trickle(client.socket, body, 125_000);
    expect(performance.now() - started).toBeGreaterThan(2000);
    const status = await eventually(() => /^HTTP\/1\.1 (\d+)/.exec(client.state.received)?.[1], 20_000);
    expect(status, client.state.received.slice(0, 300)).toBe('201');
    client.socket.destroy();
  }, 30_000);
});

describe('connections per client', async () => {
  const t = await listening({ MAX_CONNECTIONS_PER_CLIENT: '3', KEEP_ALIVE_TIMEOUT_SECONDS: '60' });
  const { port } = t;

  it('closes the connection one over the cap from one client while another client still connects', async () => {
    const held = [];
    for (let i = 0; i < 3; i++) {
      const client = await connect(port, '127.0.0.2');
      expect(await answerOn(client)).toBe('HTTP/1.1 200 OK');
      held.push(client);
    }
    const fourth = await connect(port, '127.0.0.2');
    expect(await answerOn(fourth)).toBe('closed');
    const other = await connect(port, '127.0.0.3');
    expect(await answerOn(other)).toBe('HTTP/1.1 200 OK');
    // A closed connection frees its place.
    held[0]!.socket.destroy();
    await eventually(async () => {
      const again = await connect(port, '127.0.0.2');
      const answer = await answerOn(again);
      again.socket.destroy();
      return answer === 'HTTP/1.1 200 OK';
    });
    for (const client of [...held, other]) client.socket.destroy();
  });
});

describe('connections per client behind a trusted proxy', async () => {
  const t = await listening({
    MAX_CONNECTIONS_PER_CLIENT: '3',
    TRUST_PROXY: '127.0.0.1',
    KEEP_ALIVE_TIMEOUT_SECONDS: '60',
  });
  const { port } = t;

  it("counts the proxy's clients by their forwarded address, never the proxy's own connections", async () => {
    const proxy: Awaited<ReturnType<typeof connect>>[] = [];
    for (let i = 0; i < 6; i++) proxy.push(await connect(port));
    // Three requests of one client in flight (their bodies still on the way)…
    for (const connection of proxy.slice(0, 3))
      connection.socket.write(
        'POST /api/contactus HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: 203.0.113.9\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
      );
    // …so its fourth is refused, while another client behind the same proxy is served.
    await eventually(
      async () =>
        (await answerOn(proxy[3]!, '/api/status', 'X-Forwarded-For: 203.0.113.9\r\n')) ===
        'HTTP/1.1 429 Too Many Requests',
    );
    expect(await answerOn(proxy[4]!, '/api/status', 'X-Forwarded-For: 198.51.100.4\r\n')).toBe(
      'HTTP/1.1 200 OK',
    );
    for (const connection of proxy) connection.socket.destroy();
  });
});

describe('connections per client by default', async () => {
  const t = await listening();
  const { port } = t;

  it('serves 50 connections at once from loopback (wrk -c50)', async () => {
    const clients = await Promise.all(Array.from({ length: 50 }, () => connect(port)));
    const answers = await Promise.all(clients.map((client) => answerOn(client)));
    expect(answers).toEqual(Array(50).fill('HTTP/1.1 200 OK'));
    for (const client of clients) client.socket.destroy();
  });
});

describe('the proxies TRUST_PROXY names', () => {
  it('are known by address or range, written as IPv4 or IPv4-mapped IPv6', () => {
    const trusted = trustedPeer(['10.0.0.0/8', '::1', '192.0.2.7']);
    expect(['10.1.2.3', '::ffff:10.1.2.3', '::1', '192.0.2.7'].map(trusted)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['11.0.0.1', '192.0.2.8', '::2', '127.0.0.1'].map(trusted)).toEqual([false, false, false, false]);
    expect(trustedPeer(false)('10.0.0.1')).toBe(false);
    expect(trustedPeer(1)('203.0.113.1')).toBe(true);
  });
});
