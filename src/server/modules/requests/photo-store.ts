import { requestPhotoPath } from '../../../shared/request-desk';
import { hashTrackToken, newTrackToken, TRACK_TOKEN_PATTERN } from '../../content/tracking';
import { createBlobStore, type StoredBlob } from '../../db/blob-store';
import type { Database } from '../../db/client';
import { validationFailed } from '../../errors';
import type { ProcessedImage } from '../media/pipeline';

/** How long a photo's token can be claimed by a request; the sweep removes it soon after. */
export const PHOTO_CLAIM_MINUTES = 45;
/** How often unclaimed photos are swept: with the claim time, none stays longer than an hour. */
export const PHOTO_SWEEP_MINUTES = 10;

/** The staff-only address of a request's `n`th photo (1-based). */
export const photoUrl = requestPhotoPath;

export const PHOTO_TOKEN_ERROR =
  'A photo could not be attached: it was sent too long ago or already used. Choose it again.';

/**
 * A visitor's photos of a fault, stored apart from the public media: unclaimed (known only by the
 * SHA-256 of the token the sender was told) until a request claims them, then the request's.
 * `clock` is the time the claim window and the sweep are measured from (tests move it).
 */
export function createPhotoStore(database: Database, clock: () => Date = () => new Date()) {
  const blobs = createBlobStore(database);
  const claimableSince = (now: Date) => new Date(now.getTime() - PHOTO_CLAIM_MINUTES * 60_000);
  return {
    /**
     * Store a converted photo, unclaimed; answers the token that claims it, told once. Its bytes
     * go in first, chunk by chunk, then the row that keeps them (decision 010).
     */
    async save(image: ProcessedImage): Promise<string> {
      const widest = image.variants.at(-1)!;
      const { token, hash } = newTrackToken();
      const blob = await blobs.write(widest.bytes);
      try {
        await database.query(
          `insert into contact_photos (token_hash, width, height, blob_id, created_at)
           values ($1, $2, $3, $4, $5)`,
          [hash, widest.width, Math.round((image.height * widest.width) / image.width), blob.id, clock()],
        );
      } catch (error) {
        await blobs.discard(blob).catch(() => undefined);
        throw error;
      }
      return token;
    },

    /** Attach the photos to a message in its transaction, in the order given; each token works once. */
    async claim(tx: Database, messageId: string, tokens: readonly string[]): Promise<void> {
      const since = claimableSince(clock());
      for (const [index, token] of tokens.entries()) {
        const claimed = TRACK_TOKEN_PATTERN.test(token)
          ? await tx.query(
              `update contact_photos set message_id = $1, position = $2
                where token_hash = $3 and message_id is null and created_at > $4 returning id`,
              [messageId, index + 1, hashTrackToken(token), since],
            )
          : [];
        if (claimed.length === 0) throw validationFailed({ photos: PHOTO_TOKEN_ERROR });
      }
    },

    async urls(messageId: string): Promise<string[]> {
      const rows = await database.query<{ position: number }>(
        'select position from contact_photos where message_id = $1 order by position',
        [messageId],
      );
      return rows.map((row) => photoUrl(messageId, Number(row.position)));
    },

    async counts(messageIds: readonly string[]): Promise<Map<string, number>> {
      if (messageIds.length === 0) return new Map();
      const rows = await database.query<{ message_id: string; n: number }>(
        `select message_id::text, count(*)::int as n from contact_photos
          where message_id = any($1::uuid[]) group by message_id`,
        [messageIds],
      );
      return new Map(rows.map((row) => [row.message_id, Number(row.n)]));
    },

    /** The `n`th photo of a live (not trashed) message, or null. */
    async photo(messageId: string, n: number): Promise<StoredBlob | null> {
      const [row] = await database.query<{ id: string; size: number }>(
        `select b.id, b.size from contact_photos p join contact_messages m on m.id = p.message_id
           join blobs b on b.id = p.blob_id
          where p.message_id = $1 and p.position = $2 and m.deleted_at is null`,
        [messageId, n],
      );
      return row ? { id: row.id, size: Number(row.size) } : null;
    },

    /** A stored photo's bytes, read chunk by chunk. */
    stream: (blob: StoredBlob) => blobs.stream(blob),

    /** Remove photos nobody claimed in time; answers how many. */
    async sweep(now: Date = clock()): Promise<number> {
      const rows = await database.query(
        'delete from contact_photos where message_id is null and created_at <= $1 returning id',
        [claimableSince(now)],
      );
      return rows.length;
    },
  };
}

export type PhotoStore = ReturnType<typeof createPhotoStore>;
