import { STATUS_CODES } from 'node:http';
import fastifySwagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_KEY_SCOPE_SUMMARY,
  API_KEY_SCOPES,
  type ApiKeyScope,
  type RouteKeyScope,
  scopesOf,
} from '../../shared/api-keys';
import { type AccessRule, apiNounOf } from '../../shared/content/define';
import { contentTypes } from '../../shared/content/types';
import { PERMISSIONS, whoMayCall } from '../../shared/permissions';
import type { Env } from '../env';
import { errorSchema } from '../http/schemas';
import { SECURE_SESSION_COOKIE, SECURE_XSRF_COOKIE, SESSION_COOKIE, XSRF_COOKIE } from './access';

/**
 * The API document as integrators' tools read it (linters, client generators). What every
 * operation must say — who may call it, a stable operationId, its resource's tag, how it is
 * refused — is derived here from what each route already declares (`config.access`,
 * `config.keyScope`, the content-type declarations), so a new route cannot leave it out.
 * openapi.test.ts lints the served document and checks each operation.
 */
export function openApiOptions(env: Env): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Company website API',
        version: '1.0.0',
        description: 'Content, contact inbox, media and staff accounts.',
        license: { name: 'Proprietary' },
      },
      // The configured public address; never the Host header of whoever fetched the document.
      servers: [{ url: env.PUBLIC_URL ?? '/' }],
      components: { securitySchemes },
    },
    transform: (input) =>
      jsonSchemaTransform({ ...input, schema: describeOperation(input.route) ?? input.schema }),
    transformObject: (document) => {
      const { openapiObject } = document as { openapiObject: { paths?: Paths } };
      return { ...openapiObject, tags: tagsOf(openapiObject.paths ?? {}) };
    },
  };
}

const securitySchemes = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'A staff session token, as `POST /api/auth/login` answers it.',
  },
  cookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SECURE_SESSION_COOKIE,
    description:
      `The browser's session cookie (\`${SECURE_SESSION_COOKIE}\` over HTTPS, where the plain name is ` +
      `not read; \`${SESSION_COOKIE}\` otherwise). A write with it must carry the header \`X-XSRF-TOKEN\` ` +
      `equal to the \`${SECURE_XSRF_COOKIE}\` cookie over HTTPS, the \`${XSRF_COOKIE}\` cookie otherwise.`,
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'API key',
    description: `An API key, sent as \`Authorization: Bearer <key>\`; it reaches only what its scopes allow. The scopes: ${API_KEY_SCOPES.map((scope) => `\`${scope}\` (${API_KEY_SCOPE_SUMMARY[scope]})`).join('; ')}.`,
  },
} as const;

const STAFF_SECURITY = [{ bearer: [] }, { cookie: [] }];

type RouteSchema = Record<string, unknown> & { response?: Record<string, unknown> };

/** Which keys may call an operation, each scope with what it reaches. */
function keyScopeWords(scopes: readonly ApiKeyScope[]): string | undefined {
  const named = scopes.map((scope) => `\`${scope}\` (${API_KEY_SCOPE_SUMMARY[scope]})`);
  const last = named.pop();
  if (!last) return undefined;
  if (named.length === 0) return `An API key with the scope ${last} may call it.`;
  return `An API key with the scope ${named.join(', ')} or ${last} may call it; each changes only the fields it reaches, and a change of any other is refused with 403 naming the fields.`;
}

/** The route's own schema with what the document needs added; the route itself is left as it is. */
function describeOperation(route: RouteOptions): RouteSchema | undefined {
  const schema = route.schema as RouteSchema | undefined;
  if (!schema || schema.hide) return schema;
  const config = (route.config ?? {}) as {
    access?: AccessRule;
    keyScope?: RouteKeyScope;
    stream?: boolean;
  };
  const access = config.access ?? PERMISSIONS;
  const method = [route.method].flat()[0]!.toUpperCase();
  const response: Record<string, unknown> = { ...schema.response };
  // A route that sends a stream or a file declares no body schema; the document still says what comes.
  if (!Object.keys(response).some((status) => status.startsWith('2'))) {
    const types = config.stream
      ? ['text/event-stream']
      : ((schema.produces as string[] | undefined) ?? ['application/octet-stream']);
    response[200] = {
      description: config.stream ? 'Server-Sent Events, one a change, until the client hangs up' : 'The file',
      content: Object.fromEntries(types.map((type) => [type, { schema: z.string() }])),
    };
  }
  if (access !== 'public') {
    response[401] ??= errorSchema.describe('Not signed in, or the session or key is not valid');
    response[403] ??= errorSchema.describe(
      'Not allowed: an account waiting for approval, a role without the right, a cookie write without its anti-forgery header, or a key without the scope (or whose person’s role lacks the right)',
    );
  }
  if (!Object.keys(response).some((status) => status.startsWith('4')))
    response['4XX'] = errorSchema.describe('Refused; `error` says why');
  // Each answer says what it is ('Not Found'), where the route's schema leaves it unnamed.
  for (const [status, answer] of Object.entries(response))
    if (answer instanceof z.ZodType && !answer.description)
      response[status] = answer.describe(STATUS_CODES[status] ?? `HTTP ${status}`);
  const description = [schema.description, whoMayCall(access), keyScopeWords(scopesOf(config.keyScope))]
    .filter(Boolean)
    .join(' ');
  return {
    ...schema,
    operationId: schema.operationId ?? operationIdFor(method, route.url, schema),
    tags: ((schema.tags as string[] | undefined) ?? ['Other']).map(capitalise),
    // A public route a key may call is open to anyone, and to a key for what its scope adds.
    security:
      access === 'public'
        ? config.keyScope
          ? [{}, { apiKey: [] }]
          : []
        : [...STAFF_SECURITY, ...(config.keyScope ? [{ apiKey: [] }] : [])],
    ...(description ? { description } : {}),
    response,
  };
}

const VERBS: Record<string, string> = {
  GET: 'get',
  POST: 'create',
  PUT: 'update',
  DELETE: 'delete',
  PATCH: 'update',
};

/**
 * `listServices`, `getContactMessage`, `createContactMessageNote`, `listUserSessions`: the verb from
 * the method (a GET answering a list is `list`), then each path segment as a noun, singular where
 * a parameter picks one of them. `/api/auth/` is left out: it names no resource.
 */
export function operationIdFor(method: string, url: string, schema?: RouteSchema): string {
  const segments = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter((segment) => segment && segment !== 'auth');
  const lastIsParam = segments.at(-1)?.startsWith(':') ?? false;
  const answersList = method === 'GET' && !lastIsParam && isListAnswer(schema?.response?.[200]);
  const nouns = segments.flatMap((segment, index) => {
    if (segment.startsWith(':')) return [];
    const next = segments[index + 1];
    const def = contentTypes.find((candidate) => candidate.name === segment);
    if (def) return [next === undefined && answersList ? apiNounOf(def).many : apiNounOf(def).one];
    // A parameter picks one of them; a POST to them adds one.
    const one = next?.startsWith(':') || (next === undefined && method === 'POST');
    return [pascal(one ? singular(segment) : segment)];
  });
  return (answersList ? 'list' : (VERBS[method] ?? method.toLowerCase())) + nouns.join('');
}

function isListAnswer(schema: unknown): boolean {
  if (schema instanceof z.ZodArray) return true;
  return schema instanceof z.ZodObject && 'totalCount' in schema.shape && 'data' in schema.shape;
}

function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

function pascal(words: string): string {
  return words
    .replace(/^2fa$/, 'two-factor')
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map(capitalise)
    .join('');
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

type Paths = Record<string, Record<string, { tags?: string[] }> | undefined>;

/** What the tags of the modules that are not content types group. */
const MODULE_TAGS: Record<string, string> = {
  Audit: 'Who changed what, and when.',
  Auth: 'Signing up and in, sessions, two-factor sign-in, passwords and e-mail of the signed-in account.',
  Backup: 'A download of every table and image.',
  Events: "Anonymous counts of visitors' taps on Call and WhatsApp links.",
  'Go-live': 'What still stands between the site and its customers: the admins’ checklist.',
  Jobs: 'Scheduled work (publishing at a set time): what waits to run, and what failed.',
  Keys: 'API keys for other apps: created, listed and revoked by admins, never with a key.',
  Live: 'Changes of contact requests as they happen.',
  Media: 'Pictures uploaded by staff.',
  'On-call': 'The on-call rota: who urgent requests are assigned and paged to, by day and hour.',
  Push: 'Browser notifications to staff about urgent requests.',
  Settings: 'The site settings: company details, links and page texts.',
  Stats: 'Figures of the request desk.',
  Status: 'Whether the service is up.',
  Trash: 'Deleted records, restorable for 30 days.',
  Users: 'Staff accounts, their approval, roles and sessions.',
};

function tagDescription(name: string): string | undefined {
  const def = contentTypes.find((candidate) => candidate.plural === name);
  if (def) return `Records of the content type at \`/api/${def.name}\`.`;
  return MODULE_TAGS[name];
}

/** The document's tag list: every tag an operation names, in alphabetical order. */
function tagsOf(paths: Paths) {
  const names = new Set<string>();
  for (const operations of Object.values(paths))
    for (const operation of Object.values(operations ?? {}))
      for (const tag of operation.tags ?? []) names.add(tag);
  return [...names].sort().map((name) => ({ name, description: tagDescription(name) }));
}

/** Collects every route into the API document: an `onRoute` hook, so before any route plugin. */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(fastifySwagger, openApiOptions(app.env));
  },
  { name: 'openapi', dependencies: ['env'] },
);

/** The document at /api/openapi.json and the page that shows it at /api/docs. */
export const apiDocsPlugin = fp(
  async (app) => {
    await app.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      // The documentation page brings its own hashed policy, tightened to ours where it can be.
      staticCSP: true,
      transformStaticCSP: (header) =>
        header
          .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
          .replace("base-uri 'self'", "base-uri 'none'"),
    });
    app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, () =>
      app.swagger(),
    );
  },
  { name: 'api-docs', dependencies: ['openapi'], encapsulate: true },
);

export const openApiPlugins = [openApiPlugin, apiDocsPlugin];
