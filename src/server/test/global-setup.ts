import pg from 'pg';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';

export const TEMPLATE_DB = 'site_test_template';

/**
 * With TEST_DATABASE_URL, build one migrated template database; each test file then gets a
 * copy of it (CREATE DATABASE ... TEMPLATE), which takes milliseconds and isolates files fully.
 */
export async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const stale = await admin.query(`select datname from pg_database where datname like 'site_test_%'`);
    for (const row of stale.rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const template = await openDatabase({ url: withDatabase(url, TEMPLATE_DB), dataDir: '' });
  await migrate(template);
  await template.close();
}

export function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
