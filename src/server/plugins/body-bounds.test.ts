import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_BODY_BYTES } from '../../shared/constants';
import { jsonDepthWithin, MAX_JSON_DEPTH, maxBodyBytes } from '../http/body-size';
import { createTestApp } from '../test/helpers';

// The page-form POST and the unknown-API catch-all are in the list when the web build exists.
const t = await createTestApp({ ssr: true });
await t.app.ready();

/** Every character outside ASCII as `\uXXXX`, as some JSON encoders send it. */
const escaped = (value: unknown) =>
  JSON.stringify(value).replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

const URDU = 'ہمارا ایئر کنڈیشنر ٹھنڈا نہیں کر رہا، براہ کرم جلد آئیں۔ ';
const urduMessage = (length: number) => URDU.repeat(Math.ceil(length / URDU.length)).slice(0, length);
const request = (message: string) => ({
  name: 'نادیہ',
  email: 'nadia@example.com',
  phone: '03001234567',
  message,
});
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('anonymous bodies sized by their schema', () => {
  it('every anonymous route that takes a body has a limit derived from its declaration, and it holds', async () => {
    const sized = t.app.bodySizedRoutes;
    console.info(
      `Anonymous routes and their body limits (${sized.length}):\n${sized
        .map((r) => `${r.method.padEnd(6)} ${r.url.padEnd(36)} ${String(r.bodyLimit).padStart(8)} ${r.basis}`)
        .join('\n')}`,
    );
    // Every public route with a writing method, as the access rules saw them added, has its limit.
    const publicWrites = t.app.routeRules
      .filter((r) => r.access === 'public' && !['GET', 'HEAD', 'OPTIONS'].includes(r.method))
      .map((r) => `${r.method} ${r.url}`);
    expect(publicWrites).toContain('POST /*');
    expect(new Set(sized.map((r) => `${r.method} ${r.url}`))).toEqual(new Set(publicWrites));

    const failures: string[] = [];
    for (const route of sized) {
      // The upload's own limits are tested with it; Fastify reads no body of a TRACE.
      if (route.basis === 'upload' || route.method === 'TRACE') continue;
      if (route.bodyLimit >= MAX_BODY_BYTES)
        failures.push(`${route.method} ${route.url}: ${route.bodyLimit}`);
      const form = route.basis === 'form schemas';
      const response = await t.app.inject({
        method: route.method as 'POST',
        url: route.url === '/*' ? '/contact' : route.url.replace('*', 'nothing'),
        headers: {
          'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
          'sec-fetch-site': 'same-origin',
        },
        payload: form
          ? `message=${'x'.repeat(route.bodyLimit)}`
          : `{"message":"${'x'.repeat(route.bodyLimit)}"}`,
      });
      if (response.statusCode !== 413)
        failures.push(
          `${route.method} ${route.url}: one byte over its limit answered ${response.statusCode}`,
        );
    }
    expect(failures).toEqual([]);
  });

  it('takes a full 5,000-character Urdu message escaped as \\uXXXX, and answers 413 to ten times that', async () => {
    const full = escaped(request(urduMessage(5000)));
    expect(full.match(/\\u/g)?.length).toBeGreaterThan(4000);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      headers: { 'content-type': 'application/json' },
      payload: full,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);

    const tenTimes = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      headers: { 'content-type': 'application/json' },
      payload: escaped(request(urduMessage(50_000))),
    });
    expect(tenTimes.statusCode).toBe(413);
    expect(tenTimes.json().error).toBe('The request is too large.');
  });

  it('refuses a route without a bounded schema at start, naming the field', () => {
    expect(() => maxBodyBytes(z.object({ note: z.string() }), 'json')).toThrow('/note has no maximum size');
    expect(() => maxBodyBytes(z.object({ tags: z.array(z.string().max(5)) }), 'json')).toThrow(
      '/tags has no maximum size',
    );
    // Six bytes a character in JSON, nine in a url-encoded form.
    const one = z.object({ note: z.string().max(1000) });
    expect(maxBodyBytes(one, 'json')).toBeGreaterThan(6000);
    expect(maxBodyBytes(one, 'form')).toBeGreaterThan(9000);
  });
});

describe('JSON nesting bounded before parsing', () => {
  it(`refuses bodies nested deeper than ${MAX_JSON_DEPTH} levels with a 400 that says so`, async () => {
    const deep = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      headers: { 'content-type': 'application/json' },
      payload: `{"name":${nested(MAX_JSON_DEPTH)}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error).toBe(`The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
    // The beacon's own text/plain JSON too.
    const beacon = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'same-origin' },
      payload: nested(100),
    });
    expect(beacon.statusCode).toBe(400);
    expect(beacon.json().error).toContain('nests deeper');
  });

  it('counts only brackets outside strings', async () => {
    expect(jsonDepthWithin(`{"a":"${'['.repeat(100)}\\"[["}`, 2)).toBe(true);
    expect(jsonDepthWithin(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDepthWithin(`[${nested(MAX_JSON_DEPTH)}]`, MAX_JSON_DEPTH)).toBe(false);
    const brackets = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      payload: request(`Quoted: ${'[{'.repeat(200)} the text stays text.`),
    });
    expect(brackets.statusCode, brackets.body).toBe(201);
  });

  it('answers twenty 1 MB deeply nested bodies to a staff route with 400, without stalling', async () => {
    const { authorization } = await t.signIn();
    const body = nested(MAX_BODY_BYTES / 2 - 8);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'PUT',
          url: '/api/settings',
          headers: { authorization, 'content-type': 'application/json' },
          payload: body,
        }),
      ),
    );
    const ms = performance.now() - started;
    console.info(`20 nested 1 MB bodies answered in ${Math.round(ms)} ms`);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(400));
    expect(answers[0]!.json().error).toContain('nests deeper');
    // A bound against pathological cost, not a budget: parsing them took 1.8 s on the attacker's run.
    expect(ms).toBeLessThan(1500);
  });
});
