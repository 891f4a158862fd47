// Measures what a test file pays for its database, each way in a fresh process as a test file is:
// an in-memory PGlite migrated from scratch, against one loaded from a dump of a migrated one.
// Run: npx tsx src/server/test/measure-database-copy.ts [runs] (docs/decisions/089-tests-own-their-world.md)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { dumpMigratedPglite } from './pglite-template';

const [mode, dumpFile] = process.argv.slice(2);

if (mode === 'scratch' || mode === 'load') {
  const started = performance.now();
  const loadDataDir = mode === 'load' ? new Blob([fs.readFileSync(String(dumpFile))]) : undefined;
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir });
  if (mode === 'scratch') await migrate(database);
  await database.query('select count(*) from schema_migrations');
  process.stdout.write(`${(performance.now() - started).toFixed(0)}`);
  await database.close();
} else {
  const runs = Number(mode ?? 5);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-measure-')), 'template.tar');
  const dumpStarted = performance.now();
  fs.writeFileSync(file, Buffer.from(await (await dumpMigratedPglite()).arrayBuffer()));
  console.info(
    `migrate once and dump: ${(performance.now() - dumpStarted).toFixed(0)} ms, ${fs.statSync(file).size} bytes`,
  );
  const once = (how: string) =>
    Number(
      execFileSync(process.execPath, ['--import', 'tsx', import.meta.filename, how, file], {
        encoding: 'utf8',
      }),
    );
  for (const how of ['scratch', 'load']) {
    const times = Array.from({ length: runs }, () => once(how)).sort((a, b) => a - b);
    console.info(`${how}: median ${times[Math.floor(runs / 2)]} ms (${times.join(', ')})`);
  }
  fs.rmSync(path.dirname(file), { recursive: true });
}
