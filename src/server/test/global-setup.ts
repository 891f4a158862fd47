import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { dumpMigratedPglite } from './pglite-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data folder (a tar file) each test file's database starts from. */
    pgliteTemplate: string;
  }
}

/** Names are per test run, so several runs (CI, developers, helpers) can share one server. */
export const RUN_ID = process.env.SITE_TEST_RUN ?? 'default';
export const TEMPLATE_DB = `site_test_${RUN_ID}_template`;
export const DB_PREFIX = `site_test_${RUN_ID}_`;

/**
 * Migrate once per run, then give each test file a copy: for PGlite a dump of a migrated data
 * folder that the file's database loads (half the time of migrating, measured in
 * docs/decisions/089-tests-own-their-world.md); with TEST_DATABASE_URL, a template database
 * copied with CREATE DATABASE ... TEMPLATE, which takes milliseconds and isolates files fully.
 */
export async function setup(project: TestProject) {
  if (project.name === 'pglite') return providePgliteTemplate(project);
  const url = process.env.TEST_DATABASE_URL;
  if (!url || project.name !== 'postgres') return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const template = await openDatabase({ url: withDatabase(url, TEMPLATE_DB), dataDir: '' });
  await migrate(template);
  await template.close();
  return () => dropRunDatabases(url);
}

async function providePgliteTemplate(project: TestProject) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `site-test-${RUN_ID}-`));
  const file = path.join(folder, 'pglite-template.tar');
  fs.writeFileSync(file, Buffer.from(await (await dumpMigratedPglite()).arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(folder, { recursive: true, force: true });
}

/** Drop this run's template and any database a crashed test file left behind. */
async function dropRunDatabases(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const left = await admin.query('select datname from pg_database where datname like $1', [
      `${DB_PREFIX}%`,
    ]);
    for (const row of left.rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
  } finally {
    await admin.end();
  }
}

export function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
