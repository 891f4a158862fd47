import type { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '../../../shared/constants';
import { HttpError, notFound } from '../../errors';
import { clientNetwork } from '../../http/client-network';
import { errorSchema } from '../../http/schemas';
import { BAD_TEXT_ERROR, BAD_TEXT_FIELD, findUnstorableText } from '../../plugins/text-guard';
import { type ImageProfile, imageQueue, type ProcessedImage, processImage, STAFF_IMAGES } from './pipeline';
import { createMediaStore, type MediaStore } from './store';
import { holdToUploadPace } from './upload-pace';
import { QueueFullError, type Slot } from './work-queue';

/** `/media/<hash>.webp` is the full picture; `/media/<hash>-<width>.webp` a narrower one. */
const MEDIA_FILE = /^([0-9a-f]{32})(?:-(\d{2,4}))?\.webp$/;
export const mediaUrl = (hash: string) => `/media/${hash}.webp`;

/** Where an upload comes in: the multipart field it is sent in, its largest size and what to call it. */
export interface UploadDoor {
  field: string;
  maxBytes: number;
  /** "image", "photo": what refusals call the file. */
  noun: string;
}

const STAFF_DOOR: UploadDoor = { field: 'image', maxBytes: MAX_UPLOAD_BYTES, noun: 'image' };

const tooLarge = (door: UploadDoor) =>
  new HttpError(413, `The ${door.noun} is larger than ${door.maxBytes / 1024 / 1024} MB.`);

/** The bytes of the one file in the door's field, or a 400/413 saying what was wrong. */
async function readUpload(request: FastifyRequest, door: UploadDoor, signal?: AbortSignal): Promise<Buffer> {
  let file: Awaited<ReturnType<typeof request.file>>;
  try {
    file = await request.file({ limits: { fileSize: door.maxBytes, files: 1, fields: 5 } });
  } catch {
    throw new HttpError(400, 'The upload could not be read. Try again.');
  }
  if (file?.fieldname !== door.field)
    throw new HttpError(400, `Send the ${door.noun} in the field "${door.field}".`);
  // The one part of a request the edge check cannot see: form fields streamed with the file.
  const texts = Object.values(file.fields)
    .flat()
    .map((part) => (part && 'value' in part ? part.value : part?.filename));
  if (findUnstorableText(texts) !== null)
    throw new HttpError(400, BAD_TEXT_ERROR, { fields: { _: BAD_TEXT_FIELD } });
  return fileBytes(file, door, signal);
}

/**
 * The whole of one streamed file, or 413 when it is over the door's size, 400 when it broke off;
 * when `signal` aborts (the upload fell behind its pace), reading stops and its reason is thrown.
 */
export async function fileBytes(
  file: MultipartFile,
  door: UploadDoor,
  signal?: AbortSignal,
): Promise<Buffer> {
  let bytes: Buffer;
  const stop = () => file.file.destroy();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    bytes = await file.toBuffer();
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(door);
    throw new HttpError(400, 'The upload was interrupted. Try again.');
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  if (file.file.truncated) throw tooLarge(door);
  return bytes;
}

/**
 * Take a place in the profile's queue lane (503 with Retry-After when it is full) before the body
 * is read, so that waiting uploads are bounded too; then read, check and convert the one file.
 */
export async function receiveImage(
  request: FastifyRequest,
  reply: FastifyReply,
  profile: ImageProfile = STAFF_IMAGES,
  door: UploadDoor = STAFF_DOOR,
): Promise<ProcessedImage> {
  if (!request.isMultipart())
    throw new HttpError(400, `Send the ${door.noun} as multipart/form-data in the field "${door.field}".`);
  const slot = reserveImageSlot(profile, request, reply);
  try {
    // Anyone may call a public route: its body is held to a pace (upload-pace.ts), decided here
    // from the route's access rule, so no anonymous upload can forget it. Staff may take their time.
    const pace = request.routeOptions.config.access === 'public' ? holdToUploadPace(request) : null;
    const bytes = pace
      ? await pace.run(readUpload(request, door, pace.signal))
      : await readUpload(request, door);
    return await processImage(bytes, slot, profile);
  } finally {
    slot.release();
  }
}

/**
 * A place in the profile's lane, or the refusal: 503 when the lane is full (with its Retry-After
 * header on `reply`, if given), 429 when the client's network already holds its share of it.
 */
export function reserveImageSlot(profile: ImageProfile, request: FastifyRequest, reply?: FastifyReply): Slot {
  try {
    return imageQueue.reserve(profile.lane, clientNetwork(request));
  } catch (error) {
    if (error instanceof QueueFullError) reply?.header('retry-after', String(error.retryAfter));
    throw error;
  }
}

/**
 * A stored WebP picture, answered so that no browser runs or guesses anything in it. Its bytes
 * come as a stream read from the database a chunk at a time (decision 010), never in one piece.
 */
export function sendPicture(
  reply: FastifyReply,
  picture: { bytes: Readable; size: number },
  cacheControl: string,
) {
  return reply
    .header('content-type', 'image/webp')
    .header('content-length', String(picture.size))
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(picture.bytes);
}

export function mediaRoutes(store: MediaStore): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/upload',
      {
        config: { access: 'pictures:upload', keyScope: 'content:write' },
        bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024,
        schema: {
          operationId: 'uploadImage',
          tags: ['media'],
          summary: 'Upload an image (multipart field "image"); answers its address',
          consumes: ['multipart/form-data'],
          response: {
            201: z.object({ data: z.object({ url: z.string(), width: z.number(), height: z.number() }) }),
            400: errorSchema,
            413: errorSchema,
            503: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const image = await receiveImage(request, reply);
        // The variants' bytes first, chunk by chunk; then the image's rows and its audit row
        // together or not at all (blobs no row keeps are swept).
        const staged = await store.stage(image);
        await app.changes.write(async (tx) => {
          await createMediaStore(tx).keep(staged, request.user?._id ?? null);
          await tx.record({ resource: 'media', id: image.hash, action: 'create', actor: request.user });
        });
        return reply
          .status(201)
          .send({ data: { url: mediaUrl(image.hash), width: image.width, height: image.height } });
      },
    );

    app.get(
      '/media/:file',
      {
        config: { access: 'public' },
        schema: { hide: true, params: z.object({ file: z.string().max(100) }) },
      },
      async (request, reply) => {
        const match = MEDIA_FILE.exec(request.params.file);
        if (!match) throw notFound('Image');
        const blob = await store.variant(match[1]!, match[2] ? Number(match[2]) : undefined);
        if (!blob) throw notFound('Image');
        return sendPicture(
          reply,
          { bytes: store.stream(blob), size: blob.size },
          'public, max-age=31536000, immutable',
        );
      },
    );
  };
}

/** Uploads and the images they become. */
export const mediaPlugin = fp(
  async (app) => {
    await app.register(mediaRoutes(createMediaStore(app.database)));
  },
  { name: 'media', dependencies: ['database'], encapsulate: true },
);
