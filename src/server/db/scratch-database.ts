import pg from 'pg';
import { sqlIdentifier } from './identifiers';

/** Run one statement on a PostgreSQL server's maintenance database, on a connection of its own. */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A throwaway database `name` on the server `serverUrl` points at (a benchmark's, or a test's that
 * needs one unmigrated), and the URL that opens it.
 */
export async function createScratchDatabase(serverUrl: string, name: string): Promise<string> {
  await onServer(serverUrl, `create database ${sqlIdentifier(name)}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drop the throwaway database `name`, disconnecting whoever still uses it. */
export async function dropScratchDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, `drop database if exists ${sqlIdentifier(name)} with (force)`);
}
