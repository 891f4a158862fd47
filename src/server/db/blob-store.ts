import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database } from './client';

/**
 * The most one statement writes or reads of a stored file. On the embedded database a statement
 * holds the one connection and this thread: measured on PGlite, an 8 MB value took 2.9 s to write
 * and 0.7 s to read in one piece, a 256 KB chunk 35 ms and 21 ms, a 64 KB chunk 8 ms and 7 ms.
 * While an 8 MB file was written, a status request waited 150-450 ms with 256 KB chunks and
 * 10-100 ms with 64 KB ones (decision 010).
 */
export const BLOB_CHUNK_BYTES = 64 * 1024;

/** A stored file: its id (what a row that keeps it refers to) and its length in bytes. */
export interface StoredBlob {
  id: string;
  size: number;
}

/**
 * Files kept in the database, in chunks of at most BLOB_CHUNK_BYTES, each written and read by its
 * own short statement, and the event loop is let go between two chunks, so other requests take
 * turns between them. (PGlite answers a statement without going back to the event loop: a loop of
 * statements awaited one after another reads no socket until it ends. Measured: 32 chunks written
 * back to back still held a status request 4.9 s.) Write the blob first, then
 * insert the row that keeps it (its `blob_id`, in that row's transaction): a trigger marks the
 * blob kept, and deleting the row deletes the blob. A blob no row kept is swept.
 */
export function createBlobStore(database: Database) {
  return {
    /** Store `bytes`, chunk by chunk, outside any transaction; not yet kept by any row. */
    async write(bytes: Uint8Array): Promise<StoredBlob> {
      const id = randomUUID();
      await database.query('insert into blobs (id, size) values ($1, $2)', [id, bytes.length]);
      try {
        for (let n = 0; n === 0 || n * BLOB_CHUNK_BYTES < bytes.length; n++) {
          if (n > 0) await nextTurn();
          const chunk = bytes.subarray(n * BLOB_CHUNK_BYTES, (n + 1) * BLOB_CHUNK_BYTES);
          await database.query('insert into blob_chunks (blob_id, n, bytes) values ($1, $2, $3)', [
            id,
            n,
            chunk,
          ]);
        }
      } catch (error) {
        await this.discard({ id, size: bytes.length }).catch(() => undefined);
        throw error;
      }
      return { id, size: bytes.length };
    },

    /**
     * The blob's bytes as a stream that reads one chunk at a time when the reader wants it: a
     * slow download holds no connection and no more than a chunk of memory.
     */
    stream(blob: StoredBlob): Readable {
      const chunks = Math.max(1, Math.ceil(blob.size / BLOB_CHUNK_BYTES));
      return Readable.from(
        (async function* () {
          for (let n = 0; n < chunks; n++) {
            if (n > 0) await nextTurn();
            const [row] = await database.query<{ bytes: Uint8Array }>(
              'select bytes from blob_chunks where blob_id = $1 and n = $2',
              [blob.id, n],
            );
            // Deleted while it was being read (its request purged): the download breaks off.
            if (!row) throw new Error(`blob ${blob.id} lost its chunk ${n} while it was read`);
            if (row.bytes.length > 0) yield Buffer.from(row.bytes);
          }
        })(),
        { objectMode: false },
      );
    },

    /** The whole blob in memory, read chunk by chunk (for callers that need all of it at once). */
    async read(blob: StoredBlob): Promise<Buffer> {
      const parts: Buffer[] = [];
      for await (const part of this.stream(blob)) parts.push(part as Buffer);
      return Buffer.concat(parts);
    },

    /** Delete a blob no row keeps (a write whose row was never inserted). */
    async discard(blob: StoredBlob): Promise<void> {
      await database.query('delete from blobs where id = $1 and not kept', [blob.id]);
    },

    /** Delete blobs written before `before` that no row ever kept (a crash between the two); answers how many. */
    async sweepUnkept(before: Date): Promise<number> {
      const rows = await database.query('delete from blobs where not kept and created_at < $1 returning id', [
        before,
      ]);
      return rows.length;
    },
  };
}

export type BlobStore = ReturnType<typeof createBlobStore>;
