import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../app';
import { HttpError, tooManyRequests } from '../errors';
import { registerErrorHandling } from './errors';

/** The server's source files, tests left out. */
function serverSources(dir = path.join(PROJECT_ROOT, 'src/server')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(file);
    return /\.m?tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [file] : [];
  });
}

// RFC 9110: a 429 should say when to come back; without it well-behaved clients retry at once.
describe('every 429 carries Retry-After', () => {
  it('is answered only through tooManyRequests, which names the wait', () => {
    const handMade = /HttpError\(\s*429|status\(\s*429|statusCode\s*=\s*429|code\(\s*429/;
    const offenders = serverSources()
      .filter((file) => handMade.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(PROJECT_ROOT, file));
    expect(offenders).toEqual([]);
  });

  it('sends the wait tooManyRequests names, and a minute for any 429 that named none', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/named', async () => {
      throw tooManyRequests('Too many.', 12.2);
    });
    app.get('/thrown', async () => {
      throw new HttpError(Number('429'), 'Too many.');
    });
    app.get('/sent', async (_request, reply) => reply.status(Number('429')).send({ error: 'Too many.' }));
    const named = await app.inject({ url: '/named' });
    expect([named.statusCode, named.headers['retry-after']]).toEqual([429, '13']);
    for (const url of ['/thrown', '/sent']) {
      const res = await app.inject({ url });
      expect([res.statusCode, res.headers['retry-after']], url).toEqual([429, '60']);
    }
    await app.close();
  });
});
