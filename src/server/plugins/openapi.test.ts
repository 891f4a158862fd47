import fastifySwagger from '@fastify/swagger';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { API_KEY_SCOPES } from '../../shared/api-keys';
import { createTestApp, testEnv } from '../test/helpers';
import { openApiOptions } from './openapi';

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
}

const t = await createTestApp();
const served = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
const document = served.json() as {
  servers?: { url: string }[];
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
};
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    name: `${method.toUpperCase()} ${path}`,
    operation,
  })),
);

describe('the API document', () => {
  it('passes the recommended rules of an OpenAPI linter without an error', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: served.body, absoluteRef: 'openapi.json', config });
    const describe = (severity: string) =>
      problems
        .filter((problem) => problem.severity === severity)
        .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? '?'}`);
    expect(describe('error'), 'lint errors').toEqual([]);
    // The one warning left: a proprietary licence has no URL to point to.
    expect(describe('warn')).toEqual([
      'info-license-strict: License object should contain `url` field. at #/info/license/url',
    ]);
  });

  // What integrators' tools need from every operation, for the next route as for these.
  it('gives every operation a unique operationId, its security, a tag and a 4xx answer', () => {
    expect(operations.length).toBeGreaterThan(50);
    const ids = new Map<string, string[]>();
    for (const { name, operation } of operations) {
      expect(operation.operationId, name).toMatch(/^[a-z][a-zA-Z0-9]+$/);
      ids.set(operation.operationId!, [...(ids.get(operation.operationId!) ?? []), name]);
      expect(operation.security, name).toBeDefined();
      for (const requirement of operation.security!)
        for (const scheme of Object.keys(requirement))
          expect(document.components.securitySchemes, `${name}: ${scheme}`).toHaveProperty(scheme);
      expect(operation.tags?.length, name).toBeGreaterThan(0);
      expect(
        Object.keys(operation.responses).some((status) => status.startsWith('4')),
        name,
      ).toBe(true);
    }
    expect([...ids.values()].filter((names) => names.length > 1)).toEqual([]);
  });

  it('names the nouns the declarations give, and the aliases apart', () => {
    const idOf = (name: string) => operations.find((entry) => entry.name === name)?.operation.operationId;
    expect(idOf('GET /api/service')).toBe('listServices');
    expect(idOf('PUT /api/contactus/{id}')).toBe('updateContactMessage');
    expect(idOf('POST /api/contactus/{id}/notes')).toBe('createContactMessageNote');
    expect(idOf('GET /api/auth/current-user')).toBe('getCurrentUser');
    expect(idOf('GET /api/current-user')).toBe('getCurrentUserAtOldPath');
  });

  it('asks nothing of public reads and a session of staff routes', () => {
    const securityOf = (name: string) => operations.find((entry) => entry.name === name)?.operation.security;
    // Anyone may read services; a key with `content:read` may too (it then sees what staff see).
    expect(securityOf('GET /api/service')).toEqual([{}, { apiKey: [] }]);
    expect(securityOf('POST /api/contactus')).toEqual([]);
    expect(securityOf('GET /api/contactus')).toEqual([{ bearer: [] }, { cookie: [] }, { apiKey: [] }]);
    expect(securityOf('GET /api/contactus')).toEqual(
      expect.arrayContaining([{ bearer: [] }, { cookie: [] }]),
    );
    expect(securityOf('GET /api/users')).toEqual([{ bearer: [] }, { cookie: [] }]);
  });

  it('lists an API key exactly where a route names the scope a key needs', async () => {
    for (const { name, operation } of operations) {
      const byKey = operation.security?.some((requirement) => 'apiKey' in requirement) ?? false;
      const description = (operation as { description?: string }).description ?? '';
      expect(byKey, name).toBe(description.includes('An API key with the scope'));
    }
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(fastifySwagger, openApiOptions(testEnv()));
    app.get(
      '/api/contactus/:id/history',
      { config: { access: 'requests:read', keyScope: 'leads:read' }, schema: { tags: ['Messages'] } },
      () => 'history',
    );
    await app.ready();
    const scoped = (app.swagger() as unknown as typeof document).paths['/api/contactus/{id}/history']!.get!;
    await app.close();
    expect(scoped.security).toEqual([{ bearer: [] }, { cookie: [] }, { apiKey: [] }]);
    expect((scoped as { description?: string }).description).toContain('`leads:read`');
    expect(scoped.operationId).toBe('getContactMessageHistory');
  });

  it("names every key scope, and the request's update names the three that change its fields", () => {
    const scheme = document.components.securitySchemes.apiKey as { description: string };
    for (const scope of API_KEY_SCOPES) expect(scheme.description).toContain(`\`${scope}\``);
    const update = document.paths['/api/contactus/{id}']!.put as Operation & { description: string };
    for (const scope of ['leads:write', 'leads:assign', 'leads:contact'])
      expect(update.description).toContain(`\`${scope}\``);
    expect(update.description).not.toContain('`leads:reply`');
    expect(update.security).toContainEqual({ apiKey: [] });
  });

  it('serves from the relative root when PUBLIC_URL is unset, whatever the Host header says', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { host: 'attacker.example' },
    });
    expect(res.json().servers).toEqual([{ url: '/' }]);
  });
});

describe('the API document of a site with PUBLIC_URL', async () => {
  const site = await createTestApp({ env: { PUBLIC_URL: 'https://www.example.com' } });
  it('names that address as its server', async () => {
    const res = await site.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { host: 'evil.test' },
    });
    expect(res.json().servers).toEqual([{ url: 'https://www.example.com' }]);
  });
});
