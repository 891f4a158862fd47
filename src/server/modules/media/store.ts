import { createBlobStore, type StoredBlob } from '../../db/blob-store';
import type { Database } from '../../db/client';
import type { ProcessedImage } from './pipeline';

/** A picture whose variants' bytes are written (blobs not yet kept), ready to be kept in a transaction. */
export interface StagedImage {
  image: ProcessedImage;
  variants: { width: number; blob: StoredBlob }[];
}

export function createMediaStore(database: Database) {
  const blobs = createBlobStore(database);
  return {
    /**
     * Write the variants' bytes, chunk by chunk, before the transaction that keeps them (a
     * transaction holds the embedded database's one connection to its end). Null when the picture
     * is stored already: the same upload is kept once.
     */
    async stage(image: ProcessedImage): Promise<StagedImage | null> {
      const [known] = await database.query('select 1 from media where hash = $1', [image.hash]);
      if (known) return null;
      const variants: StagedImage['variants'] = [];
      for (const variant of image.variants)
        variants.push({ width: variant.width, blob: await blobs.write(variant.bytes) });
      return { image, variants };
    },

    /** Keep a staged picture: its rows, referring to the written blobs (run in the write's transaction). */
    async keep(staged: StagedImage | null, createdBy: string | null): Promise<void> {
      if (!staged) return;
      const { image } = staged;
      const inserted = await database.query(
        `insert into media (hash, width, height, created_by) values ($1, $2, $3, $4)
         on conflict (hash) do nothing returning hash`,
        [image.hash, image.width, image.height, createdBy],
      );
      // Stored by a parallel upload of the same picture meanwhile: these blobs are not needed.
      if (inserted.length === 0) {
        for (const variant of staged.variants) await blobs.discard(variant.blob);
        return;
      }
      for (const variant of staged.variants) {
        await database.query('insert into media_variants (hash, width, blob_id) values ($1, $2, $3)', [
          image.hash,
          variant.width,
          variant.blob.id,
        ]);
      }
    },

    /** Stage and keep, for callers outside a transaction (the demo content). */
    async save(image: ProcessedImage, createdBy: string | null): Promise<void> {
      await this.keep(await this.stage(image), createdBy);
    },

    /** The widest variant no wider than `width` (the smallest when all are wider); any width when omitted. */
    async variant(hash: string, width?: number): Promise<StoredBlob | null> {
      const [row] = await database.query<{ id: string; size: number }>(
        `select b.id, b.size from media_variants v join blobs b on b.id = v.blob_id where v.hash = $1
          order by (case when $2::int is null or v.width <= $2::int then 0 else 1 end),
                   (case when $2::int is null or v.width <= $2::int then -v.width else v.width end)
          limit 1`,
        [hash, width ?? null],
      );
      return row ? { id: row.id, size: Number(row.size) } : null;
    },

    /** The bytes of a stored variant, read chunk by chunk. */
    stream: (blob: StoredBlob) => blobs.stream(blob),
  };
}

export type MediaStore = ReturnType<typeof createMediaStore>;
