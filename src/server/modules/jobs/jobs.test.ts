import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobEntry } from '../../../shared/jobs';
import { buildApp } from '../../app';
import type { ChangeTransaction } from '../../db/change-log';
import { type Database, openDatabase } from '../../db/client';
import { withOptions } from '../../http/plugin-order';
import { eventually, testClock } from '../../test/eventually';
import { createTestApp, createTestDatabase, testDatabaseKind, testEnv } from '../../test/helpers';
import { type JobsPluginOptions, jobsPlugin } from './plugin';
import { type Job, MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from './queue';
import { createJobStore } from './store';

const clock = testClock();
const HOUR_MS = 3_600_000;
const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

/**
 * The whole app on `database` with the test's clock. Its timer looks at ready and then every
 * `pollMs`: an hour unless a test is about the timer, so that only the test's own `runDue` runs jobs.
 */
function open(database: Database, pollMs = HOUR_MS): Promise<FastifyInstance> {
  return buildApp({ env: testEnv(), database, logger: false, now: clock.now }, (plugins) =>
    plugins.map((entry) =>
      entry.plugin === jobsPlugin
        ? withOptions(jobsPlugin, { ...(entry.options as JobsPluginOptions), pollMs })
        : entry,
    ),
  );
}

/** Schedule in a write's transaction, as a module does. */
const schedule = (app: FastifyInstance, job: Parameters<FastifyInstance['jobs']['enqueue']>[1]) =>
  app.changes.write((tx) => app.jobs.enqueue(tx, job));

/** A handler that keeps what it was given and records an audit row in the job's transaction. */
function recorder(app: FastifyInstance, kind: string) {
  const ran: Job[] = [];
  app.jobs.handle(kind, async (tx, job) => {
    ran.push(job);
    await tx.record({ resource: 'job-test', id: job.key, action: 'update', actor: null });
  });
  return ran;
}

const rowOf = async (database: Database, key: string) => {
  const rows = await database.query<{
    attempts: number;
    last_error: string | null;
    due_at: Date;
    done_at: Date | null;
    failed_at: Date | null;
  }>('select attempts, last_error, due_at, done_at, failed_at from jobs where key = $1 order by created_at', [
    key,
  ]);
  return rows.map((row) => ({
    ...row,
    due_at: new Date(row.due_at).toISOString(),
    done_at: row.done_at && new Date(row.done_at).toISOString(),
    failed_at: row.failed_at && new Date(row.failed_at).toISOString(),
  }));
};
const auditRowsOf = async (database: Database, key: string) =>
  (await database.query('select id from audit_log where record_id = $1', [key])).length;

describe(`the job queue on ${testDatabaseKind}`, () => {
  let database: Database;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    app = await open(database);
    await app.ready();
  });
  afterAll(async () => {
    clock.setAhead({});
    await app?.close();
    await drop?.();
  });

  it('runs a due job once, in a transaction of its own that stores what it records', async () => {
    const ran = recorder(app, 'due-once');
    const userId = '00000000-0000-4000-8000-000000000001';
    await schedule(app, {
      kind: 'due-once',
      key: 'due-once:1',
      dueAt: at(clock.now(), -1),
      payload: { slug: 'cold-rooms' },
      createdBy: userId,
    });
    expect(await app.jobs.runDue()).toBe(1);
    expect(ran).toEqual([
      expect.objectContaining({
        kind: 'due-once',
        key: 'due-once:1',
        payload: { slug: 'cold-rooms' },
        createdBy: userId,
        attempts: 1,
      }),
    ]);
    expect(await auditRowsOf(database, 'due-once:1')).toBe(1);
    expect(await app.jobs.runDue()).toBe(0);
    expect(await app.jobs.runDue(at(clock.now(), 86_400))).toBe(0);
    expect(ran).toHaveLength(1);
    expect(await app.jobs.pending('due-once:1')).toBeNull();
    const [row] = await rowOf(database, 'due-once:1');
    expect(row?.done_at).not.toBeNull();
  });

  it('leaves a job that is not yet due, and runs it once the clock reaches its time', async () => {
    const ran = recorder(app, 'later');
    const dueAt = at(clock.now(), 10 * 60);
    await schedule(app, { kind: 'later', key: 'later:1', dueAt });
    expect(await app.jobs.runDue()).toBe(0);
    expect(await app.jobs.pending('later:1')).toEqual({
      key: 'later:1',
      kind: 'later',
      dueAt: dueAt.toISOString(),
      payload: {},
      createdBy: null,
    });
    clock.setAhead({ minutes: 9, seconds: 59 });
    expect(await app.jobs.runDue()).toBe(0);
    clock.setAhead({ minutes: 11 });
    try {
      expect(await app.jobs.runDue()).toBe(1);
    } finally {
      clock.setAhead({});
    }
    expect(ran.map((job) => [job.key, job.dueAt])).toEqual([['later:1', dueAt.toISOString()]]);
  });

  it('replaces the pending job of a key: one job, with the newer due time and payload', async () => {
    const ran = recorder(app, 'replaced');
    const first = at(clock.now(), 60);
    const second = at(clock.now(), 3600);
    await schedule(app, { kind: 'replaced', key: 'replaced:1', dueAt: first, payload: { version: 1 } });
    await schedule(app, { kind: 'replaced', key: 'replaced:1', dueAt: second, payload: { version: 2 } });
    expect(await rowOf(database, 'replaced:1')).toHaveLength(1);
    expect(await app.jobs.pending('replaced:1')).toMatchObject({
      dueAt: second.toISOString(),
      payload: { version: 2 },
    });
    // Inside a transaction, as a caller deciding whether to reschedule reads it.
    const seenInside = await app.changes.write((tx) => app.jobs.pending('replaced:1', tx));
    expect(seenInside?.dueAt).toBe(second.toISOString());
    expect(await app.jobs.runDue(at(first, 1))).toBe(0);
    expect(await app.jobs.runDue(second)).toBe(1);
    expect(ran.map((job) => job.payload)).toEqual([{ version: 2 }]);
    // Done, the key is free: scheduling it again makes a new job.
    await schedule(app, { kind: 'replaced', key: 'replaced:1', dueAt: second, payload: { version: 3 } });
    expect(await rowOf(database, 'replaced:1')).toHaveLength(2);
    expect(await app.jobs.runDue(second)).toBe(1);
    expect(ran.map((job) => job.payload)).toEqual([{ version: 2 }, { version: 3 }]);
  });

  it('cancels a pending job: true once, then false; a cancelled job never runs', async () => {
    const ran = recorder(app, 'cancelled');
    await schedule(app, { kind: 'cancelled', key: 'cancelled:1', dueAt: at(clock.now(), 60) });
    expect(await app.changes.write((tx) => app.jobs.cancel(tx, 'cancelled:1'))).toBe(true);
    expect(await app.changes.write((tx) => app.jobs.cancel(tx, 'cancelled:1'))).toBe(false);
    expect(await app.jobs.pending('cancelled:1')).toBeNull();
    expect(await app.jobs.runDue(at(clock.now(), 3600))).toBe(0);
    expect(ran).toEqual([]);
    // A cancel in a transaction that rolls back leaves the job as it was.
    await schedule(app, { kind: 'cancelled', key: 'cancelled:2', dueAt: at(clock.now(), 60) });
    await expect(
      app.changes.write(async (tx) => {
        await app.jobs.cancel(tx, 'cancelled:2');
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await app.jobs.pending('cancelled:2')).not.toBeNull();
    expect(await app.changes.write((tx) => app.jobs.cancel(tx, 'cancelled:2'))).toBe(true);
  });

  it('leaves a job of a kind nobody handles pending, not failed', async () => {
    await schedule(app, { kind: 'nobody-handles', key: 'nobody:1', dueAt: at(clock.now(), -60) });
    expect(await app.jobs.runDue(at(clock.now(), 86_400))).toBe(0);
    const [row] = await rowOf(database, 'nobody:1');
    expect(row).toMatchObject({ attempts: 0, last_error: null, done_at: null, failed_at: null });
  });

  it('lets a handler schedule its own key again (a job that repeats)', async () => {
    const runs: string[] = [];
    app.jobs.handle('repeats', async (tx, job) => {
      runs.push(job.dueAt);
      if (runs.length < 3)
        await app.jobs.enqueue(tx, { kind: 'repeats', key: job.key, dueAt: at(new Date(job.dueAt), 3600) });
    });
    const start = at(clock.now(), -1);
    await schedule(app, { kind: 'repeats', key: 'repeats:1', dueAt: start });
    expect(await app.jobs.runDue()).toBe(1);
    expect(await app.jobs.pending('repeats:1')).toMatchObject({ dueAt: at(start, 3600).toISOString() });
    expect(await app.jobs.runDue(at(start, 3 * 3600))).toBe(2);
    expect(runs).toEqual([start, at(start, 3600), at(start, 7200)].map((time) => time.toISOString()));
    expect(await app.jobs.pending('repeats:1')).toBeNull();
  });

  it('retries a failing job later with backoff, rolling back its work, and gives up after the last attempt', async () => {
    let calls = 0;
    app.jobs.handle('fails', async (tx, job) => {
      calls += 1;
      expect(job.attempts).toBe(calls);
      await tx.record({ resource: 'job-test', id: job.key, action: 'update', actor: null });
      throw new Error(`The receiver answered 503 (attempt ${job.attempts})`);
    });
    let due = at(clock.now(), -1);
    await schedule(app, { kind: 'fails', key: 'fails:1', dueAt: due });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await app.jobs.runDue(due), `attempt ${attempt}`).toBe(1);
      const [row] = await rowOf(database, 'fails:1');
      expect(row?.attempts).toBe(attempt);
      expect(row?.last_error).toBe(`The receiver answered 503 (attempt ${attempt})`);
      const delay = RETRY_DELAYS_SECONDS[attempt - 1];
      if (delay === undefined) {
        expect(row?.failed_at).toBe(due.toISOString());
        break;
      }
      expect(row?.failed_at).toBeNull();
      expect(row?.due_at).toBe(at(due, delay).toISOString());
      // Not a moment before its time.
      expect(await app.jobs.runDue(at(due, delay - 1))).toBe(0);
      due = at(due, delay);
    }
    expect(calls).toBe(MAX_ATTEMPTS);
    expect(RETRY_DELAYS_SECONDS.slice(0, 3)).toEqual([30, 120, 600]);
    // Given up: kept, never run again, no longer pending, and none of its work was stored.
    expect(await app.jobs.runDue(at(due, 365 * 86_400))).toBe(0);
    expect(await app.jobs.pending('fails:1')).toBeNull();
    expect(await auditRowsOf(database, 'fails:1')).toBe(0);
    // The key is free for a new job, while the failed one stays.
    await schedule(app, { kind: 'nobody-handles', key: 'fails:1', dueAt: due });
    expect(await rowOf(database, 'fails:1')).toHaveLength(2);
  });

  it('runs again a job whose instance died mid-run once its lease has passed, and gives up one that always dies', async () => {
    const ran = recorder(app, 'crashes');
    const start = at(clock.now(), -1);
    const lease = 300;
    // An instance claims the job and dies before its run commits: the claim is all that is stored.
    const deadInstance = createJobStore(database);
    await schedule(app, { kind: 'crashes', key: 'crashes:1', dueAt: start });
    expect(await deadInstance.claimDue(start, ['crashes'], lease)).toMatchObject({ attempts: 1 });
    expect(await app.jobs.runDue(at(start, lease - 1))).toBe(0);
    expect(await app.jobs.runDue(at(start, lease))).toBe(1);
    expect(ran.map((job) => [job.key, job.attempts])).toEqual([['crashes:1', 2]]);

    await schedule(app, { kind: 'crashes', key: 'crashes:2', dueAt: start });
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++)
      expect(await deadInstance.claimDue(at(start, attempt * lease), ['crashes'], lease)).not.toBeNull();
    expect(await app.jobs.runDue(at(start, MAX_ATTEMPTS * lease))).toBe(0);
    const [row] = await rowOf(database, 'crashes:2');
    expect(row).toMatchObject({ attempts: MAX_ATTEMPTS, last_error: expect.stringContaining('stopped') });
    expect(row?.failed_at).toBe(at(start, MAX_ATTEMPTS * lease).toISOString());
    expect(ran).toHaveLength(1);
  });

  it('runs a job the timer finds due, without anyone calling runDue', async () => {
    const { database: own, drop: dropOwn } = await createTestDatabase();
    const timed = await open(own, 25);
    try {
      const ran = recorder(timed, 'timed');
      await timed.ready();
      await schedule(timed, { kind: 'timed', key: 'timed:1', dueAt: at(clock.now(), -1) });
      // The handler has been called before its run commits: wait for the job to be done.
      await eventually(async () => ran.length === 1 && (await timed.jobs.pending('timed:1')) === null, 5000);
      expect(ran).toHaveLength(1);
    } finally {
      await timed.close();
      await dropOwn();
    }
  });
});

/**
 * A writer locks what a job is about (a record) and then the job's row (scheduling it anew,
 * cancelling it); a run must take them in the same order, or the two wait for each other until
 * PostgreSQL ends one of them as a deadlock. PGlite is one connection, so nothing runs at once there.
 */
describe.skipIf(testDatabaseKind !== 'postgres')('a run and a writer of what it is about, at once', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  const ROW = 1;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    await database.exec('create table job_test_rows (id int primary key, n int not null default 0)');
    await database.query('insert into job_test_rows (id) values ($1)', [ROW]);
    app = await open(database);
    // The handler locks the row, as the publish of a schedule locks its record.
    app.jobs.handle('locks-row', async (tx, job) => {
      await tx.query('update job_test_rows set n = n + 1 where id = $1', [job.payload.row]);
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  const countOf = async () =>
    (await database.query<{ n: number }>('select n from job_test_rows where id = $1', [ROW]))[0]?.n;
  /** Whether another session of this database waits for a lock (the run, for the row the test holds). */
  const someoneWaits = async (tx: Database) =>
    (
      await tx.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      )
    )[0]!.n > 0;

  /**
   * The writer holds the row while the run waits for it, then changes the job: the writer is not
   * refused, and the run, whose claim it took away, keeps none of its work.
   */
  async function runWhileWriting(key: string, write: (tx: ChangeTransaction) => Promise<unknown>) {
    const dueAt = at(clock.now(), -1);
    await schedule(app, { kind: 'locks-row', key, dueAt, payload: { row: ROW } });
    const before = await countOf();
    let run: Promise<number> | undefined;
    await app.changes.write(async (tx) => {
      await tx.query('select id from job_test_rows where id = $1 for update', [ROW]);
      run = app.jobs.runDue();
      await eventually(() => someoneWaits(tx), 5000);
      await write(tx);
    });
    const ran = await run;
    const rows = await rowOf(database, key);
    // Before the run took the job's row last, this read "deadlock detected".
    expect(rows.map((row) => row.last_error)).toEqual(rows.map(() => null));
    expect(ran).toBe(0);
    expect(await countOf()).toBe(before);
    return rows;
  }

  it('lets the writer cancel the job the run waits on: no deadlock, and the cancelled run keeps nothing', async () => {
    const rows = await runWhileWriting('locks-row:cancel', (tx) => app.jobs.cancel(tx, 'locks-row:cancel'));
    expect(rows).toEqual([]);
  });

  it('lets the writer schedule the job anew while the run waits: the new time stands, the old run keeps nothing', async () => {
    const later = at(clock.now(), 3600);
    const rows = await runWhileWriting('locks-row:again', (tx) =>
      app.jobs.enqueue(tx, {
        kind: 'locks-row',
        key: 'locks-row:again',
        dueAt: later,
        payload: { row: ROW },
      }),
    );
    expect(rows).toEqual([
      expect.objectContaining({ attempts: 0, done_at: null, due_at: later.toISOString() }),
    ]);
    expect(await app.jobs.runDue(later)).toBe(1);
  });
});

describe(`the job queue across instances on ${testDatabaseKind}`, () => {
  it('keeps a job over a restart: the new instance runs it when due, at its first look', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const before = await open(database);
      await before.ready();
      const dueAt = at(clock.now(), 5 * 60);
      await schedule(before, { kind: 'restart', key: 'restart:1', dueAt, payload: { n: 1 } });
      await before.close();

      // Down while it fell due.
      clock.setAhead({ minutes: 6 });
      const after = await open(database);
      try {
        const ran = recorder(after, 'restart');
        await after.ready();
        await eventually(() => ran.length === 1);
        expect(ran[0]).toMatchObject({ key: 'restart:1', payload: { n: 1 }, dueAt: dueAt.toISOString() });
        expect(await after.jobs.runDue()).toBe(0);
        expect(ran).toHaveLength(1);
      } finally {
        await after.close();
      }
    } finally {
      clock.setAhead({});
      await drop();
    }
  });

  it('runs each job exactly once when two instances on one database look at the same moment', async () => {
    const { database, url, drop } = await createTestDatabase();
    // A second instance has its own connection pool on PostgreSQL; PGlite is one process's database.
    const second = url ? await openDatabase({ url, dataDir: '', poolSize: 4 }) : database;
    const apps = await Promise.all([database, second].map((db) => open(db)));
    try {
      const ran: { instance: number; key: string }[] = [];
      for (const [index, instance] of apps.entries())
        instance.jobs.handle('contended', async (tx, job) => {
          ran.push({ instance: index, key: job.key });
          await tx.record({ resource: 'job-test', id: job.key, action: 'update', actor: null });
        });
      await Promise.all(apps.map((instance) => instance.ready()));
      const keys = Array.from({ length: 24 }, (_, i) => `contended:${i}`);
      const dueAt = at(clock.now(), 60);
      await apps[0]!.changes.write(async (tx) => {
        for (const key of keys) await apps[0]!.jobs.enqueue(tx, { kind: 'contended', key, dueAt });
      });
      const counts = await Promise.all(apps.map((instance) => instance.jobs.runDue(dueAt)));
      expect(counts[0]! + counts[1]!).toBe(keys.length);
      expect(ran.map((run) => run.key).sort()).toEqual([...keys].sort());
      const audited = await database.query<{ n: number }>(
        "select count(*)::int as n from audit_log where resource = 'job-test' and record_id like 'contended:%'",
      );
      expect(audited[0]?.n).toBe(keys.length);
      const done = await database.query<{ n: number }>(
        "select count(*)::int as n from jobs where kind = 'contended' and done_at is not null",
      );
      expect(done[0]?.n).toBe(keys.length);
      if (testDatabaseKind === 'postgres') console.info(`runs per instance: ${counts.join(' and ')}`);
    } finally {
      for (const instance of apps) await instance.close();
      if (second !== database) await second.close();
      await drop();
    }
  });
});

describe('GET /api/jobs', async () => {
  const t = await createTestApp();
  let admin: { authorization: string; userId: string };
  // Far ahead of the real clock this app's timer reads: only the test's runDue reaches these jobs.
  const base = at(new Date(), 30 * 86_400);

  beforeAll(async () => {
    admin = await t.signIn('admin');
    t.app.jobs.handle('list-fails', async () => {
      throw new Error('The backup target refused the upload');
    });
    await schedule(t.app, {
      kind: 'list-fails',
      key: 'list-fails:1',
      dueAt: base,
      createdBy: admin.userId,
    });
    let due = base;
    for (const delay of [...RETRY_DELAYS_SECONDS, 0]) {
      await t.app.jobs.runDue(due);
      due = at(due, delay);
    }
    await schedule(t.app, { kind: 'list-waits', key: 'list-waits:1', dueAt: at(base, 3600) });
  });

  it('is for admins only: 401 for a visitor, 403 for an editor, an office member and a technician', async () => {
    expect((await t.app.inject({ url: '/api/jobs' })).statusCode).toBe(401);
    for (const role of ['editor', 'office', 'technician'] as const) {
      const { authorization } = await t.signIn(role);
      const res = await t.app.inject({ url: '/api/jobs', headers: { authorization } });
      expect(res.statusCode, role).toBe(403);
    }
  });

  it('lists a failed job with its last error and who scheduled it, before the pending ones', async () => {
    const res = await t.app.inject({ url: '/api/jobs', headers: { authorization: admin.authorization } });
    expect(res.statusCode, res.body).toBe(200);
    const { data, totalCount } = res.json() as { data: JobEntry[]; totalCount: number };
    expect(totalCount).toBe(2);
    expect(data.map((job) => [job.key, job.state])).toEqual([
      ['list-fails:1', 'failed'],
      ['list-waits:1', 'pending'],
    ]);
    expect(data[0]).toMatchObject({
      kind: 'list-fails',
      attempts: MAX_ATTEMPTS,
      lastError: 'The backup target refused the upload',
      createdBy: admin.userId,
      createdByName: 'Site Admin',
    });
    expect(data[0]?.failedAt).not.toBeNull();
    expect(data[1]).toMatchObject({
      attempts: 0,
      lastError: null,
      createdBy: null,
      dueAt: at(base, 3600).toISOString(),
    });

    const failed = await t.app.inject({
      url: '/api/jobs?state=failed&pageSize=1',
      headers: { authorization: admin.authorization },
    });
    expect(failed.json()).toMatchObject({ totalCount: 1, data: [{ key: 'list-fails:1' }] });
    const page2 = await t.app.inject({
      url: '/api/jobs?page=2&pageSize=1',
      headers: { authorization: admin.authorization },
    });
    expect(page2.json()).toMatchObject({ totalCount: 2, data: [{ key: 'list-waits:1' }] });
    const bad = await t.app.inject({
      url: '/api/jobs?state=done',
      headers: { authorization: admin.authorization },
    });
    expect(bad.statusCode).toBe(400);
  });
});
