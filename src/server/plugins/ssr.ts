import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { type ZodType, z } from 'zod';
import { isApprovedStaff } from '../../shared/roles';
import type { FormUploads, PreviewPage, RequestContext, SiteData } from '../../shared/site-data';
import { HttpError } from '../errors';
import { clientNetwork } from '../http/client-network';
import { sentFromThisSite } from '../http/same-site';

export interface SsrOptions {
  /** The project root holding build/web (production). */
  root: string;
  /** Serve through Vite's dev server instead of the build. */
  dev?: boolean;
  site: SiteData;
  /** The time now, as pages read it. */
  now: () => Date;
  /**
   * Pages whose form may be posted as multipart/form-data with files (the contact form's photos),
   * by path: each reads the post into the url-encoded body its action takes and the uploads.
   */
  multipartForms?: Record<
    string,
    (request: FastifyRequest) => Promise<{ body: string; uploads: FormUploads }>
  >;
  /** The schemas of the forms pages take url-encoded: the largest sizes the pages' body limit. */
  bodyForms?: readonly ZodType[];
  /**
   * A preview link's page (`/preview?token=…`): the public page to render and what it reads, the
   * draft standing in for its record; null for a token that is not valid or has expired.
   */
  preview?: (
    token: string,
    page: string | undefined,
  ) => Promise<{ path: string; site: SiteData; pages: readonly PreviewPage[] } | null>;
}

/** What a preview link that no longer works says: it is a secret link, so nothing about what it named. */
const PREVIEW_GONE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Preview link expired</title></head><body><h1>This preview link has expired or is not valid</h1><p>Preview links work for one hour. Ask for a new one from the edit form, or go to the <a href="/home">home page</a>.</p></body></html>';

type Handler = (request: Request, context: RequestContext) => Promise<Response>;

/**
 * Fastify's request as the Fetch API `Request` React Router expects, addressed to the site's own
 * origin. The path is appended, never resolved: `//other.example/x` stays a path on this site.
 */
function toWebRequest(request: FastifyRequest, origin: string, formBody?: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const init: RequestInit = { method: request.method, headers };
  if (formBody !== undefined) {
    // A multipart post, its files already taken out: the action reads the rest as a plain form.
    headers.set('content-type', 'application/x-www-form-urlencoded');
    headers.delete('content-length');
    init.body = formBody;
  } else if (request.method !== 'GET' && request.method !== 'HEAD' && typeof request.body === 'string')
    init.body = request.body;
  const target = request.url.startsWith('/') ? request.url : `/${request.url}`;
  return new Request(`${origin}${target}`, init);
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}

/**
 * Serve the React Router app from this Fastify process: static assets with immutable caching,
 * and every other GET/POST rendered on the server with the database behind the load context.
 */
export async function registerSsr(app: FastifyInstance, options: SsrOptions) {
  let handler: Handler;
  let islandScript: string | null = null;
  if (options.dev) {
    // Vite's middleware serves and transforms the entry as it is.
    islandScript = '/src/web/islands/public.ts';
    const { createServer } = await import('vite');
    const vite = await createServer({
      root: options.root,
      server: { middlewareMode: true },
      appType: 'custom',
    });
    app.addHook('onRequest', function serveViteFiles(request, reply, done) {
      if (request.url.startsWith('/api/') || request.url.startsWith('/media/')) return done();
      vite.middlewares(request.raw, reply.raw, () => done());
    });
    app.addHook('onClose', () => vite.close());
    handler = async (request, context) => {
      const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
      return createRequestHandler(build, 'development')(request, { ...context });
    };
  } else {
    const buildDir = path.join(options.root, 'build/web');
    const serverEntry = path.join(buildDir, 'server/index.js');
    if (!fs.existsSync(serverEntry)) throw new Error(`No web build at ${serverEntry}. Run npm run build.`);
    const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    const requestHandler = createRequestHandler(build, 'production');
    islandScript = readIslandScript(buildDir);
    handler = (request, context) => requestHandler(request, { ...context });
    // The build leaves .br and .gz beside every script and style (scripts/build.mjs).
    await app.register(fastifyStatic, {
      root: path.join(buildDir, 'client'),
      serve: false,
      preCompressed: true,
    });
    app.get('/assets/*', { config: { access: 'public' }, schema: { hide: true } }, (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      return reply.sendFile(`assets/${file}`, { immutable: true, maxAge: 31_536_000_000 });
    });
    // The service worker: always checked for a new version, and allowed to fetch from this site
    // (the resource CSP every other file gets would forbid its fetches).
    app.get('/sw.js', { config: { access: 'public' }, schema: { hide: true } }, (_request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .header('content-security-policy', "default-src 'none'; connect-src 'self'")
        .sendFile('sw.js', { cacheControl: false }),
    );
    for (const file of fs.readdirSync(path.join(buildDir, 'client'))) {
      if (!/\.(ico|png|svg|webmanifest|txt)$/.test(file) || file === 'robots.txt') continue;
      if (file.endsWith('.ico')) {
        // Sent as `image/x-icon`, the type every browser and crawler knows (the static plugin would
        // say image/vnd.microsoft.icon). A few kilobytes built from favicon.svg (scripts/favicon.mjs).
        const icon = fs.readFileSync(path.join(buildDir, 'client', file));
        app.get(`/${file}`, { config: { access: 'public' }, schema: { hide: true } }, (_request, reply) =>
          reply.type('image/x-icon').header('cache-control', 'public, max-age=86400').send(icon),
        );
        continue;
      }
      app.get(`/${file}`, { config: { access: 'public' }, schema: { hide: true } }, (_request, reply) =>
        reply.sendFile(file, { maxAge: 86_400_000 }),
      );
    }
  }

  // Plain HTML forms (the contact form without JavaScript) post url-encoded bodies to pages, as
  // large as the largest of `bodyForms` (the route's limit).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
    done(null, body),
  );

  const preview = options.preview;
  if (preview)
    app.get(
      '/preview',
      {
        config: { access: 'public' },
        schema: {
          hide: true,
          querystring: z.object({
            token: z.string().max(600).optional(),
            page: z.string().max(100).optional(),
          }),
        },
      },
      async (request, reply) => {
        // A draft is nobody's to keep: not a browser's cache, not a search engine's index.
        reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex, nofollow');
        const query = request.query as { token?: string; page?: string };
        const target = await preview(query.token ?? '', query.page);
        if (!target) return reply.status(404).type('text/html; charset=utf-8').send(PREVIEW_GONE);
        const origin = app.siteOrigin();
        const nonce = randomBytes(16).toString('base64');
        request.cspNonce = nonce;
        const page = new Request(`${origin}${target.path}`, {
          method: 'GET',
          headers: { accept: 'text/html' },
        });
        const response = await handler(page, {
          site: target.site,
          user: null,
          nonce,
          origin,
          clientIp: clientNetwork(request),
          islandScript,
          now: options.now,
          preview: true,
          previewPages: target.pages,
        });
        if (response.status >= 300 && response.status < 400)
          return reply.status(404).type('text/html; charset=utf-8').send(PREVIEW_GONE);
        response.headers.set('cache-control', 'private, no-store');
        response.headers.set('x-robots-tag', 'noindex, nofollow');
        return sendWebResponse(reply, response);
      },
    );

  app.route({
    method: ['GET', 'HEAD', 'POST'],
    url: '/*',
    config: {
      access: 'public',
      bodyForms: options.bodyForms,
      // Page forms without JavaScript (contact, subscription confirm and unsubscribe) post here;
      // what each form does is limited again by its own bucket.
      writeLimit: {
        bucket: 'page-post',
        max: app.env.PAGE_POST_RATE_LIMIT,
        windowMinutes: 10,
        message: 'Too many form posts. Please try again later.',
      },
    },
    schema: { hide: true },
    // A form post needs no permission across sites: only this site's own pages may post to its
    // pages, so another site cannot file requests through its visitors' browsers and budgets.
    onRequest: async (request) => {
      if (request.method === 'POST' && !sentFromThisSite(request))
        throw new HttpError(403, "Forms are accepted only from this site's own pages.");
    },
    handler: async (request, reply) => {
      const origin = app.siteOrigin();
      const nonce = randomBytes(16).toString('base64');
      // The security-headers plugin puts this nonce in the page's Content-Security-Policy.
      request.cspNonce = nonce;
      const user = isApprovedStaff(request.user) ? request.user : null;
      let form: { body: string; uploads: FormUploads } | undefined;
      if (request.method === 'POST' && request.isMultipart()) {
        const read = options.multipartForms?.[request.url.split('?')[0]!.toLowerCase()];
        if (!read) throw new HttpError(415, 'This page takes no files.');
        form = await read(request);
      }
      const response = await handler(toWebRequest(request, origin, form?.body), {
        site: options.site,
        user,
        nonce,
        origin,
        clientIp: clientNetwork(request),
        islandScript,
        now: options.now,
        ...(form ? { uploads: form.uploads } : {}),
      });
      return sendWebResponse(reply, response);
    },
  });
}

/** The islands' hashed file name, written by scripts/build.mjs beside the client build. */
function readIslandScript(buildDir: string): string {
  const manifest = path.join(buildDir, 'islands.json');
  if (!fs.existsSync(manifest)) throw new Error(`No islands build at ${manifest}. Run npm run build.`);
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { script: string }).script;
}

export function hasWebBuild(root: string) {
  return fs.existsSync(path.join(root, 'build/web/server/index.js'));
}
