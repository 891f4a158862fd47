import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VISITOR_PHOTO_MAX_BYTES } from '../../../shared/constants';
import { limitedTo, outsideReach } from '../../content/key-limits';
import type { ContentRepository } from '../../content/repository';
import { notFound } from '../../errors';
import { refuseOtherSites } from '../../http/same-site';
import { errorSchema } from '../../http/schemas';
import { tryAgainIn, type WriteLimit } from '../../plugins/write-limits';
import { receiveImage, sendPicture, type UploadDoor } from '../media/routes';
import { VISITOR_PHOTOS } from './photo-profile';
import { PHOTO_SWEEP_MINUTES, type PhotoStore } from './photo-store';
import { REQUEST_FIELDS } from './service';

export const PHOTO_DOOR: UploadDoor = { field: 'photo', maxBytes: VISITOR_PHOTO_MAX_BYTES, noun: 'photo' };

/** Photos one address may send, by the API and the page form alike (one bucket, one budget). */
export function photoLimit(app: FastifyInstance): WriteLimit {
  return {
    bucket: 'contact-photo',
    max: app.env.CONTACT_PHOTO_RATE_LIMIT,
    windowMinutes: 10,
    message: (seconds) => `Too many photos sent from your connection. ${tryAgainIn(seconds)}`,
  };
}

/**
 * The visitors' one upload door and the staff's view of what came through it. Photos are never
 * among the public media: they are served here, to staff, never stored by a shared cache.
 */
export function photoRoutes(store: PhotoStore, requests: ContentRepository): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/contactus/photos',
      {
        config: { access: 'public', writeLimit: photoLimit(app) },
        // A multipart post needs no permission across sites: another site's page must not spend
        // its visitors' budgets (and the visitor lane of the picture queue) on uploads here.
        onRequest: refuseOtherSites("Photos are accepted only from this site's own contact form."),
        bodyLimit: VISITOR_PHOTO_MAX_BYTES + 64 * 1024,
        schema: {
          tags: ['Messages'],
          summary:
            'Send one photo of the fault (multipart field "photo"); answers the token a request lists in `photos`',
          consumes: ['multipart/form-data'],
          response: {
            201: z.object({ token: z.string() }),
            400: errorSchema,
            403: errorSchema,
            408: errorSchema,
            413: errorSchema,
            429: errorSchema,
            503: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const image = await receiveImage(request, reply, VISITOR_PHOTOS, PHOTO_DOOR);
        const token = await store.save(image);
        return reply.status(201).header('cache-control', 'no-store').send({ token });
      },
    );

    app.get(
      '/api/contactus/:id/photos/:n',
      {
        config: { access: 'requests:read', keyScope: 'leads:read' },
        schema: {
          tags: ['Messages'],
          summary: "One of a request's photos (staff only; never cached by a shared cache)",
          params: z.object({ id: z.uuid(), n: z.coerce.number().int().min(1).max(99) }),
          produces: ['image/webp'],
        },
      },
      async (request, reply) => {
        // A technician, or a key limited to one, sees the photos of their own requests only.
        if (limitedTo(request)) {
          const record = await requests.findById(request.params.id);
          if (!record || outsideReach(request, REQUEST_FIELDS.assignee, record)) throw notFound('Photo');
        }
        const blob = await store.photo(request.params.id, request.params.n);
        if (!blob) throw notFound('Photo');
        return sendPicture(reply, { bytes: store.stream(blob), size: blob.size }, 'private, no-store');
      },
    );

    scheduleSweep(app, store);
  };
}

/** Unclaimed photos are swept when the app starts and then every few minutes, on a timer that keeps nothing alive. */
function scheduleSweep(app: FastifyInstance, store: PhotoStore) {
  const sweep = () =>
    store
      .sweep()
      .then((removed) => {
        if (removed) app.log.info({ removed }, 'unclaimed contact photos removed');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'contact photo sweep failed'));
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    running = sweep();
    timer = setInterval(() => {
      running = sweep();
    }, PHOTO_SWEEP_MINUTES * 60_000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
