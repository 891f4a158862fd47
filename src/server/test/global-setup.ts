import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { dumpMigratedPglite } from './pglite-template';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

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
 * Migrate once, then give each test file a copy: for PGlite a dump of a migrated data folder
 * that the file's database loads (half the time of migrating, measured in
 * docs/decisions/089-tests-own-their-world.md); with TEST_DATABASE_URL, a template database
 * copied with CREATE DATABASE ... TEMPLATE, which takes milliseconds and isolates files fully.
 */
export async function setup(project: TestProject) {
  // A database's projects (shared and isolated modules) are named after it: "pglite isolated".
  const database = project.name.split(' ')[0];
  if (database === 'pglite') return providePgliteTemplate(project);
  const url = process.env.TEST_DATABASE_URL;
  if (!url || database !== 'postgres') return;
  // Both PostgreSQL projects copy one template, made by whichever of them sets up first (the
  // setups run one after another in this process, before any test file).
  if (process.env.SITE_TEST_TEMPLATE_MADE === TEMPLATE_DB) return;
  process.env.SITE_TEST_TEMPLATE_MADE = TEMPLATE_DB;
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

/**
 * The dump is kept between runs in the checkout's own tmp/ (git ignores it), named by what it was
 * made from (the migrations and PGlite's version): running one test file again does not migrate
 * again. Written under a temporary name and renamed, so a run beside this one never reads half a
 * file; dumps of older migrations are removed.
 */
async function providePgliteTemplate(project: TestProject) {
  const folder = path.join(PROJECT_ROOT, 'tmp/test-pglite');
  const file = path.join(folder, `${templateFingerprint()}.tar`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(folder, { recursive: true });
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await (await dumpMigratedPglite()).arrayBuffer()));
    fs.renameSync(partial, file);
    for (const old of fs.readdirSync(folder))
      if (old.endsWith('.tar') && path.join(folder, old) !== file)
        fs.rmSync(path.join(folder, old), { force: true });
  }
  project.provide('pgliteTemplate', file);
}

function templateFingerprint() {
  const migrations = path.join(PROJECT_ROOT, 'src/server/db/migrations');
  const hash = createHash('sha256');
  for (const name of fs.readdirSync(migrations).sort())
    hash.update(name).update(fs.readFileSync(path.join(migrations, name)));
  // A migration's code step is part of what it makes.
  hash.update(fs.readFileSync(path.join(PROJECT_ROOT, 'src/server/db/migration-steps.ts')));
  const pglite = path.join(PROJECT_ROOT, 'node_modules/@electric-sql/pglite/package.json');
  hash.update(JSON.parse(fs.readFileSync(pglite, 'utf8')).version);
  return hash.digest('hex').slice(0, 16);
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
