import fs from 'node:fs/promises';
import { PGlite, type Transaction as PgliteTransaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type pg from 'pg';
import { tightenDataDir } from '../private-files.mjs';
import { acquireSiteLock } from '../site-lock.mjs';

export interface Database {
  kind: 'pglite' | 'postgres';
  /** Run SQL text that may hold several statements (migrations, maintenance). */
  exec(sqlText: string): Promise<void>;
  /** Run one parameterised statement. */
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
  /** Run `work` while holding a cluster-wide lock, so that several instances take turns. */
  withLock<T>(key: number, work: () => Promise<T>): Promise<T>;
  /**
   * Run `work` in one transaction: everything it does through `tx` is stored, or nothing is.
   * Inside, use only `tx`: on PGlite the outer handle waits for the transaction to end (a deadlock).
   * A transaction's own `transaction` runs `work` in the same transaction, and its `withLock`
   * takes a lock held until commit.
   */
  transaction<T>(work: (tx: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL; without one the embedded PGlite database is used. */
  url?: string;
  /** PGlite data folder, or 'memory://' for a throwaway database. */
  dataDir: string;
  poolSize?: number;
  /** A PGlite data folder dumped by `dumpDataDir()` to start from (tests copy a migrated one). */
  loadDataDir?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 10)
    : openPglite(options.dataDir, options.loadDataDir);
}

/** PGlite's buffer cache: measured to hold the demo site and a 100,000-message inbox comfortably. */
const PGLITE_SHARED_BUFFERS = '16MB';

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  // Two processes on one folder corrupt it: whatever path opens it, a folder another live process
  // holds is refused here (the server and the backup script take the lock earlier, with a message).
  // Taking it also makes the folder owner-only (private-files.mjs).
  const lock = inMemory ? null : acquireSiteLock(dataDir);
  const client = await PGlite.create({
    dataDir,
    loadDataDir,
    extensions: { pg_trgm },
    // PostgreSQL's default 128 MB of shared buffers lives in this process's memory here; a small
    // company's whole site fits in a fraction of it (docs/decisions/050-performance.md).
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  // PGlite writes its files open to everyone (0666) whatever the umask: close them now that they
  // exist; those it adds later sit behind the folder's 0700 (docs/decisions/010-security.md).
  if (!inMemory) tightenDataDir(dataDir);
  // PGlite is one connection in this process: a promise chain stands in for the advisory lock.
  let chain: Promise<unknown> = Promise.resolve();
  return {
    kind: 'pglite',
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    query: async <T>(sqlText: string, params: unknown[] = []) =>
      (await client.query<T>(sqlText, params)).rows,
    withLock: <T>(_key: number, work: () => Promise<T>) => {
      const run = chain.then(work, work);
      chain = run.catch(() => undefined);
      return run;
    },
    transaction: (work) => client.transaction((tx) => work(pgliteTransaction(tx))),
    close: async () => {
      if (!client.closed) await client.close();
      lock?.release();
    },
  };
}

/** One PGlite transaction as a Database. PGlite is one connection, so there is nothing to lock. */
function pgliteTransaction(tx: PgliteTransaction): Database {
  const scoped: Database = {
    kind: 'pglite',
    exec: async (sqlText) => {
      await tx.exec(sqlText);
    },
    query: async <T>(sqlText: string, params: unknown[] = []) => (await tx.query<T>(sqlText, params)).rows,
    withLock: (_key, work) => work(),
    transaction: (work) => work(scoped),
    close: () => Promise.reject(new Error('a transaction is not closed; it ends when its work does')),
  };
  return scoped;
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // Loaded only here: an embedded site never pays for the PostgreSQL driver at start.
  const { default: pgDriver } = await import('pg');
  const pool = new pgDriver.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  // A failing idle client must not crash the process; the next query reports the problem.
  pool.on('error', () => undefined);
  return {
    kind: 'postgres',
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    query: async <T>(sqlText: string, params: unknown[] = []) =>
      (await pool.query(sqlText, params)).rows as T[],
    withLock: async <T>(key: number, work: () => Promise<T>) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    transaction: async <T>(work: (tx: Database) => Promise<T>) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('begin');
        try {
          const result = await work(postgresTransaction(client));
          await client.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback').catch((rollbackError: Error) => {
            broken = rollbackError;
          });
          throw error;
        }
      } finally {
        // A connection that could not roll back is discarded, never handed to the next caller.
        client.release(broken);
      }
    },
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
}

/** One PostgreSQL transaction on one pooled connection, as a Database. */
function postgresTransaction(client: pg.PoolClient): Database {
  const scoped: Database = {
    kind: 'postgres',
    exec: async (sqlText) => {
      await client.query(sqlText);
    },
    query: async <T>(sqlText: string, params: unknown[] = []) =>
      (await client.query(sqlText, params)).rows as T[],
    // Held until the transaction ends, so what it guards is committed before the next turn.
    withLock: async (key, work) => {
      await client.query('select pg_advisory_xact_lock($1)', [key]);
      return work();
    },
    transaction: (work) => work(scoped),
    close: () => Promise.reject(new Error('a transaction is not closed; it ends when its work does')),
  };
  return scoped;
}
