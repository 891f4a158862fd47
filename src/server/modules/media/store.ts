import type { Database } from '../../db/client';
import type { ProcessedImage } from './pipeline';

export function createMediaStore(database: Database) {
  return {
    async save(image: ProcessedImage, createdBy: string | null): Promise<void> {
      const inserted = await database.query(
        `insert into media (hash, width, height, created_by) values ($1, $2, $3, $4)
         on conflict (hash) do nothing returning hash`,
        [image.hash, image.width, image.height, createdBy],
      );
      if (inserted.length === 0) return;
      for (const variant of image.variants) {
        await database.query(
          'insert into media_variants (hash, width, bytes) values ($1, $2, $3) on conflict do nothing',
          [image.hash, variant.width, variant.bytes],
        );
      }
    },

    /** The widest variant no wider than `width` (the smallest when all are wider); any width when omitted. */
    async variant(hash: string, width?: number): Promise<Buffer | null> {
      const [row] = await database.query<{ bytes: Buffer | Uint8Array }>(
        `select bytes from media_variants where hash = $1
          order by (case when $2::int is null or width <= $2::int then 0 else 1 end), 
                   (case when $2::int is null or width <= $2::int then -width else width end)
          limit 1`,
        [hash, width ?? null],
      );
      return row ? Buffer.from(row.bytes) : null;
    },
  };
}

export type MediaStore = ReturnType<typeof createMediaStore>;
