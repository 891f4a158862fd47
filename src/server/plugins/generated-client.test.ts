import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import createClient, { type Middleware } from 'openapi-fetch';
import type { OpenAPI3 } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
// Generated from the served document by writeApiTypes below and by `npm run typecheck` before tsc:
// where the document and this test disagree, the typecheck fails.
import type { paths } from '../../../.generated/api';
import { servedApiDocument, writeApiTypes } from '../test/api-types';
import { createTestApp } from '../test/helpers';

/**
 * An integrating app's view of the API: a client generated from /api/openapi.json, used against the
 * server listening on a port. Every answer is checked against the document's schema for its
 * operation and status, so a document that promises what the server does not send fails here.
 */
const t = await createTestApp();
const document = await servedApiDocument(t.app);
await writeApiTypes(document);
const baseUrl = await listenOnTestPort(t.app);

/** Test ports are 34800-34899; the database projects run side by side, so try until one is free. */
async function listenOnTestPort(app: FastifyInstance): Promise<string> {
  const first = 34800 + Math.floor(Math.random() * 100);
  for (let offset = 0; offset < 100; offset++) {
    const port = 34800 + ((first - 34800 + offset) % 100);
    try {
      await app.listen({ port, host: '127.0.0.1' });
      return `http://127.0.0.1:${port}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
  throw new Error('No free port in 34800-34899');
}

type Responses = Record<string, { content?: Record<string, { schema?: object }> }>;

/** Checks answers against the document: `check` throws, naming what disagreed. */
function documentChecker(api: OpenAPI3) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const compiled = new Map<object, ValidateFunction>();
  return {
    check(method: string, schemaPath: string, status: number, contentType: string, body: unknown) {
      const paths = api.paths as Record<string, Record<string, { responses: Responses }> | undefined>;
      const operation = paths[schemaPath]?.[method.toLowerCase()];
      if (!operation) throw new Error(`${method} ${schemaPath} is not in the document`);
      const responses = operation.responses;
      const response = responses[status] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
      if (!response)
        throw new Error(`${method} ${schemaPath} answered ${status}, which the document does not list`);
      const media = response.content?.[contentType];
      if (!media)
        throw new Error(`${method} ${schemaPath} ${status} answered ${contentType}, not documented`);
      if (!media.schema || contentType !== 'application/json') return;
      let validate = compiled.get(media.schema);
      if (!validate) {
        // The document's components come along, so a $ref into them resolves.
        validate = ajv.compile({ ...media.schema, components: api.components });
        compiled.set(media.schema, validate);
      }
      if (!validate(body))
        throw new Error(
          `${method} ${schemaPath} ${status} disagrees with the document: ${ajv.errorsText(validate.errors)}`,
        );
    },
  };
}

const checker = documentChecker(document);
const disagreements: string[] = [];
let answersChecked = 0;
const checkEveryAnswer: Middleware = {
  async onResponse({ request, response, schemaPath }) {
    const contentType = response.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
    const text = await response.clone().text();
    const body = contentType === 'application/json' && text ? JSON.parse(text) : text;
    try {
      checker.check(request.method, schemaPath, response.status, contentType, body);
      answersChecked++;
    } catch (error) {
      disagreements.push((error as Error).message);
    }
  },
};

/**
 * How the technician's app proves who it is: an API key an admin made for it, limited to the
 * technician's assigned requests, with the scopes the day needs (created through the client too).
 */
async function technicianCredentials(admin: ReturnType<typeof apiClient>) {
  const technician = await t.signIn('technician');
  const { data, error } = await admin.POST('/api/keys', {
    body: { name: 'Technician app', scopes: ['leads:read', 'leads:write'], userId: technician.userId },
  });
  expect(error).toBeUndefined();
  return { authorization: `Bearer ${data!.key}`, userId: technician.userId };
}

function apiClient(authorization?: string) {
  const client = createClient<paths>({
    baseUrl,
    headers: authorization ? { authorization } : {},
  });
  client.use(checkEveryAnswer);
  return client;
}

describe("a technician's day through the generated client", () => {
  it('lists my assigned requests, adds a note, moves one to done and reads its history', async () => {
    const admin = apiClient((await t.signIn()).authorization);
    const technician = await technicianCredentials(admin);
    const visitor = apiClient();

    // Three customers write in; the office assigns two of them to the technician.
    const sent = [];
    for (const n of [1, 2, 3]) {
      const { data, error } = await visitor.POST('/api/contactus', {
        body: {
          name: `Customer ${n}`,
          email: `customer${n}@example.com`,
          phone: '03001234567',
          message: `The air conditioner in room ${n} drips.`,
        },
      });
      expect(error).toBeUndefined();
      // A new request answers 201 with the record; 200 and 202 are other types' answers.
      if (!data || !('_id' in data)) throw new Error('no record in the answer');
      sent.push(data);
    }
    for (const request of sent.slice(0, 2)) {
      const { error } = await admin.PUT('/api/contactus/{id}', {
        params: { path: { id: request._id } },
        body: { assignee: technician.userId, version: request.version },
      });
      expect(error).toBeUndefined();
    }

    const api = apiClient(technician.authorization);
    const mine = await api.GET('/api/contactus', { params: { query: { assignee: 'me' } } });
    expect(mine.error).toBeUndefined();
    expect(mine.data!.totalCount).toBe(2);
    const ids = mine.data!.data.map((request) => request._id);
    expect(ids.sort()).toEqual(
      sent
        .slice(0, 2)
        .map((request) => request._id)
        .sort(),
    );
    const job = mine.data!.data[0]!;

    const note = await api.POST('/api/contactus/{id}/notes', {
      params: { path: { id: job._id } },
      body: { text: 'Drain pipe blocked; cleared it and tested for an hour.' },
    });
    expect(note.response.status).toBe(201);
    expect(note.data!.text).toContain('Drain pipe');

    const done = await api.PUT('/api/contactus/{id}', {
      params: { path: { id: job._id } },
      body: { stage: 'done', version: job.version, notifyCustomer: false },
    });
    expect(done.error).toBeUndefined();
    expect(done.data!.stage).toBe('done');

    const record = await api.GET('/api/contactus/{id}', { params: { path: { id: job._id } } });
    expect(record.data!.stage).toBe('done');
    expect(record.data!.notes.map((entry) => entry.text)).toEqual([note.data!.text]);
    // The office's assignment, then the technician's stage change, each by who did it.
    expect(record.data!.history).toEqual([
      expect.objectContaining({ kind: 'assign', assignedTo: 'Technician', assignedFrom: null }),
      expect.objectContaining({ kind: 'stage', from: 'new', to: 'done', by: 'API key "Technician app"' }),
    ]);

    // A stale version is refused as the document says: 409 with the current record.
    const stale = await api.PUT('/api/contactus/{id}', {
      params: { path: { id: job._id } },
      body: { stage: 'contacted', version: job.version },
    });
    expect(stale.response.status).toBe(409);
    expect(stale.error!.error).toBeTruthy();

    // Without credentials the list is refused, in the documented shape.
    const anonymous = await visitor.GET('/api/contactus', { params: { query: {} } });
    expect(anonymous.response.status).toBe(401);

    // The key reaches only the technician's own requests: another's is not found.
    const other = await api.GET('/api/contactus/{id}', { params: { path: { id: sent[2]!._id } } });
    expect(other.response.status).toBe(404);

    expect(disagreements).toEqual([]);
    expect(answersChecked).toBe(13);
  });

  it('would notice an answer the document does not describe', () => {
    expect(() => checker.check('GET', '/api/contactus', 200, 'application/json', { data: 'x' })).toThrow(
      /disagrees with the document/,
    );
    expect(() => checker.check('GET', '/api/contactus', 302, 'text/html', '')).toThrow(/does not list/);
  });
});
