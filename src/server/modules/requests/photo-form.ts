import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VISITOR_PHOTO_MAX_BYTES, VISITOR_PHOTOS_MAX } from '../../../shared/constants';
import type { FormUploads } from '../../../shared/site-data';
import { HttpError, tooManyRequests, UploadTooSlow } from '../../errors';
import { clientNetwork } from '../../http/client-network';
import { createRateLimiter } from '../../plugins/rate-limiter';
import { BAD_TEXT_ERROR, BAD_TEXT_FIELD, findUnstorableText } from '../../plugins/text-guard';
import { processImage } from '../media/pipeline';
import { fileBytes, reserveImageSlot } from '../media/routes';
import { holdToUploadPace, type UploadPace } from '../media/upload-pace';
import { VISITOR_PHOTOS } from './photo-profile';
import { PHOTO_DOOR, photoLimit } from './photo-routes';
import type { PhotoStore } from './photo-store';

/** The contact form's file control; the API door's field is "photo", one a call. */
export const PHOTOS_FORM_FIELD = 'photos';

/** A form post of text and a few photos; more of either is not a contact form. */
const FORM_LIMITS = {
  fileSize: VISITOR_PHOTO_MAX_BYTES,
  files: VISITOR_PHOTOS_MAX,
  fields: 40,
  fieldSize: 16 * 1024,
  parts: 50,
};

const tooMany = () => new HttpError(400, `Attach at most ${VISITOR_PHOTOS_MAX} photos.`);

/**
 * The contact form posted without JavaScript, as multipart/form-data: each photo goes through the
 * same checks, queue lane and per-address budget as the API door and is stored unclaimed; the
 * text fields become the url-encoded body the page's action reads as before. The first refusal
 * is told to the action (which answers the form with it and keeps the other values); the photos
 * after it are read and dropped, never processed.
 */
export function requestFormReader(app: FastifyInstance, store: PhotoStore) {
  const limit = photoLimit(app);
  const limiter = createRateLimiter(app.database, {
    bucket: limit.bucket,
    max: limit.max,
    windowMs: limit.windowMinutes * 60_000,
  });

  async function acceptPhoto(
    part: MultipartFile,
    request: FastifyRequest,
    pace: UploadPace,
  ): Promise<string> {
    const hit = await limiter.hit(clientNetwork(request));
    if (!hit.allowed)
      throw tooManyRequests(
        typeof limit.message === 'function' ? limit.message(hit.retryAfter) : limit.message,
        hit.retryAfter,
      );
    const slot = reserveImageSlot(VISITOR_PHOTOS, request);
    try {
      const bytes = await fileBytes(part, PHOTO_DOOR, pace.signal);
      return await store.save(await processImage(bytes, slot, VISITOR_PHOTOS));
    } finally {
      slot.release();
    }
  }

  return async function readContactForm(
    request: FastifyRequest,
  ): Promise<{ body: string; uploads: FormUploads }> {
    const fields = new URLSearchParams();
    const photos: string[] = [];
    let error: FormUploads['error'] = null;
    const refuse = (reason: unknown) => {
      if (error) return;
      if (!(reason instanceof HttpError)) throw reason;
      error = { status: reason.statusCode, message: reason.message };
    };
    // The whole form is held to the pace of an anonymous upload: it holds visitor places too.
    const pace = holdToUploadPace(request);
    const readParts = async () => {
      for await (const part of request.parts({ limits: FORM_LIMITS })) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields.append(part.fieldname, part.value);
          continue;
        }
        // An empty file control still sends a part, without a name or bytes.
        if (part.fieldname !== PHOTOS_FORM_FIELD || !part.filename || error) {
          for await (const _chunk of part.file);
          continue;
        }
        // A photo refused before its bytes were read (over the budget, no free slot) is drained, or
        // the next part never comes and the visitor waits for a timeout instead of an answer.
        await acceptPhoto(part, request, pace).then(
          (token) => photos.push(token),
          (reason) => {
            if (reason instanceof UploadTooSlow) throw reason;
            part.file.resume();
            refuse(reason);
          },
        );
      }
    };
    try {
      await pace.run(readParts());
    } catch (reason) {
      const code = (reason as { code?: string }).code;
      if (code === 'FST_FILES_LIMIT') refuse(tooMany());
      else if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
        throw new HttpError(413, 'The form is larger than a contact form can be.');
      else if (reason instanceof HttpError) throw reason;
      else throw new HttpError(400, 'The form could not be read. Try again.');
    }
    if (findUnstorableText([...fields.values()]) !== null)
      throw new HttpError(400, BAD_TEXT_ERROR, { fields: { _: BAD_TEXT_FIELD } });
    return { body: fields.toString(), uploads: { photos, error } };
  };
}

export type RequestFormReader = ReturnType<typeof requestFormReader>;
