import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { type ZodType, z } from 'zod';
import { MAX_UPLOAD_BYTES } from '../../shared/constants';
import { jsonDepthWithin, MAX_JSON_DEPTH, maxBodyBytes, tooDeep, UnboundedBody } from '../http/body-size';

/** Cookies are read after the load shedding: a refused request parses nothing. */
export const cookiesPlugin = fp(
  async (app) => {
    await app.register(fastifyCookie);
  },
  { name: 'cookies', dependencies: ['load-shedding'] },
);

/** Uploads: one file per request, no larger than an image we accept. */
export const multipartPlugin = fp(
  async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  },
  { name: 'multipart', dependencies: ['load-shedding'] },
);

/** What an anonymous route that reads no body takes: room for `{}` or `List-Unsubscribe=One-Click`. */
export const NO_BODY_BYTES = 1024;

/** One anonymous route that takes a body, its limit and where the limit comes from (tests walk it). */
interface SizedRoute {
  method: string;
  url: string;
  bodyLimit: number;
  basis: 'json schema' | 'form schemas' | 'upload' | 'no body';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every anonymous route with a writing method and the body limit derived for it. */
    bodySizedRoutes: SizedRoute[];
  }
  interface FastifyContextConfig {
    /**
     * The schemas of the url-encoded forms an anonymous route without a body schema takes (the
     * pages' forms without JavaScript): its body limit is the largest of them.
     */
    bodyForms?: readonly ZodType[];
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The body limit of an anonymous route, from what it declares: its JSON body schema, the schemas
 * of the forms it takes, or, for an upload, its own `bodyLimit` (the largest file it accepts).
 * A route that declares none of these reads no body. The one place these limits are computed.
 */
export function anonymousBodyLimit(route: RouteOptions): Pick<SizedRoute, 'bodyLimit' | 'basis'> {
  const schema = route.schema as { body?: unknown; consumes?: string[] } | undefined;
  const where = `Route ${[route.method].flat().join(',')} ${route.url}`;
  if (schema?.consumes?.includes('multipart/form-data')) {
    if (!route.bodyLimit) throw new Error(`${where} takes uploads and declares no bodyLimit`);
    return { bodyLimit: route.bodyLimit, basis: 'upload' };
  }
  try {
    if (schema?.body) {
      if (!(schema.body instanceof z.ZodType)) throw new Error(`${where} has a body schema that is not zod`);
      return { bodyLimit: maxBodyBytes(schema.body, 'json'), basis: 'json schema' };
    }
    const forms = route.config?.bodyForms;
    if (forms?.length)
      return {
        bodyLimit: Math.max(...forms.map((form) => maxBodyBytes(form, 'form'))),
        basis: 'form schemas',
      };
  } catch (error) {
    if (error instanceof UnboundedBody)
      throw new Error(`${where} is anonymous and its body cannot be sized: ${error.message}`);
    throw error;
  }
  return { bodyLimit: NO_BODY_BYTES, basis: 'no body' };
}

/**
 * Bodies cost what they hold before any check of ours runs: Fastify reads a body up to its limit
 * and `JSON.parse` builds every value in it. So an anonymous route takes no more than its
 * declaration allows (`anonymousBodyLimit`, set as the route's `bodyLimit` when it is added), and
 * JSON nested deeper than `MAX_JSON_DEPTH` is refused by a scan of its brackets before it is
 * parsed, on every route. Staff routes keep the server's limit (MAX_BODY_BYTES).
 */
export function registerBodyBounds(app: FastifyInstance) {
  app.decorate('bodySizedRoutes', [] as SizedRoute[]);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().map(String);
    if (route.config?.access !== 'public' || methods.every((method) => SAFE_METHODS.has(method))) return;
    const sized = anonymousBodyLimit(route);
    route.bodyLimit = sized.bodyLimit;
    for (const method of methods)
      if (!SAFE_METHODS.has(method)) app.bodySizedRoutes.push({ method, url: route.url, ...sized });
  });

  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (!jsonDepthWithin(text, MAX_JSON_DEPTH)) return done(tooDeep(), undefined);
    parseJson(request, text, done);
  });
}

/** Body limits and the JSON depth bound, before any route is added. */
export const bodyBoundsPlugin = fp(async (app) => registerBodyBounds(app), { name: 'body-bounds' });

export const requestParsingPlugins = [cookiesPlugin, multipartPlugin, bodyBoundsPlugin];
