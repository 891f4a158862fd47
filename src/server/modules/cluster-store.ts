import type pg from 'pg';
import type { Database } from '../db/client';
import { sqlIdentifier } from '../db/identifiers';

/**
 * Announce `payload` on `channel` from inside a transaction: PostgreSQL delivers it only when the
 * transaction commits.
 */
export async function notifyChannel(tx: Database, channel: string, payload: string): Promise<void> {
  await tx.query('select pg_notify($1, $2)', [channel, payload]);
}

/** Have this dedicated connection receive the notifications of `channel` (a name cannot be a parameter). */
export async function listenOn(connection: pg.Client, channel: string): Promise<void> {
  await connection.query(`listen ${sqlIdentifier(channel)}`);
}
