import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { MAX_UPLOAD_BYTES } from '../../shared/constants';

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

export const requestParsingPlugins = [cookiesPlugin, multipartPlugin];
