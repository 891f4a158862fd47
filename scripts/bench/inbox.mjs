// The inbox at scale: fill it with believable requests, then time the request desk's queries.
import { BENCH_SETUP_CODE, DURATION, log } from './options.mjs';
import { load } from './versus-raw.mjs';

/** Fill the inbox with believable messages, straight into the stopped site's database. */
export async function fillInbox({ dataDir, url }, count) {
  const sql = `
    insert into contact_messages (name, email, phone, message, status, stage, service, urgent, created_at, updated_at)
    select
      (array['Ayesha','Bilal','Sara','Usman','Hina','Omar','Fatima','Ali','Zara','Hamza'])[1 + i % 10] || ' ' ||
      (array['Khan','Ahmed','Malik','Iqbal','Raza','Sheikh','Butt','Qureshi'])[1 + (i / 10) % 8],
      'customer' || i || '@example.com',
      '03' || lpad((100000000 + i)::text, 9, '0'),
      (array['Our cold room compressor stopped overnight, please send a technician.',
             'Quote needed for repainting a three-storey office building.',
             'Two CCTV cameras at the gate show no picture since the storm.',
             'The split air conditioner in the meeting room leaks water.',
             'Main breaker trips whenever the water pump starts.',
             'Annual maintenance contract for 40 air conditioners, please call.'])[1 + i % 6] || ' Ref ' || i,
      case when i % 3 = 0 then 'read' else 'Pending' end,
      -- The request desk's queue: every stage, six services, one request in forty urgent.
      (array['new','contacted','scheduled','done','lost'])[1 + (i / 7) % 5],
      (array['cold-room-repair','split-ac-service','cctv-installation','electrical-wiring','painting','chiller-maintenance'])[1 + (i / 3) % 6],
      i % 40 = 0,
      now() - (i || ' seconds')::interval,
      now() - (i || ' seconds')::interval
    from generate_series(1, ${count}) as i`;
  await runOnStoppedSite({ dataDir, url }, [sql, 'vacuum analyze contact_messages']);
}

/**
 * Run statements one by one on a stopped site's database: PostgreSQL, or the embedded folder. One
 * each, since `vacuum` may not share a (simple query's implicit) transaction.
 */
export async function runOnStoppedSite({ dataDir, url }, statements) {
  if (url) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const sql of statements) await client.query(sql);
    } finally {
      await client.end();
    }
    return;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  // The folder's lock, like the server and the backup script: never beside a running site.
  const { acquireSiteLock } = await import('../../src/server/site-lock.mjs');
  const lock = acquireSiteLock(dataDir, { command: 'bench' });
  try {
    const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
    for (const sql of statements) await db.exec(sql);
    await db.close();
  } finally {
    lock.release();
  }
}

export async function staffToken(site) {
  const account = {
    name: 'Bench Admin',
    username: 'bench-admin',
    password: 'bench-admin-password-1',
    setupCode: BENCH_SETUP_CODE,
  };
  await fetch(`${site.base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const res = await fetch(`${site.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.username, password: account.password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

export async function inbox(site) {
  const authorization = `Bearer ${await staffToken(site)}`;
  const rows = [];
  for (const query of [
    'page=2500',
    'q=compressor',
    'q=customer4242',
    'status=Pending&page=100',
    // The request desk's queue: a stage and service filter, and the queue's order.
    'stage=new&service=cold-room-repair',
    'stage=new&service=cold-room-repair&page=50',
    'order=queue',
    'order=queue&page=100',
    'stage=contacted&service=painting&order=queue',
  ]) {
    const url = `${site.base}/api/contactus?${query}`;
    rows.push(await staffRead(url, authorization, query, (body) => body.totalCount));
    log(
      `inbox ${query}: p50 ${rows.at(-1).p50} ms, p99 ${rows.at(-1).p99} ms (${rows.at(-1).totalCount} matching)`,
    );
  }
  return rows;
}

/**
 * One staff member reading `url`: latency one request at a time, then ten at once. `count` says
 * how many records the answer stands for (its body, then its headers).
 */
export async function staffRead(url, authorization, label, count) {
  const check = await fetch(url, { headers: { authorization } });
  const body = await check.json();
  if (check.status !== 200) throw new Error(`${url}: ${check.status} ${JSON.stringify(body)}`);
  const one = await load(url, {
    connections: 1,
    duration: Math.min(DURATION, 5),
    headers: { authorization },
  });
  const ten = await load(url, {
    connections: 10,
    duration: Math.min(DURATION, 5),
    headers: { authorization },
  });
  return {
    query: label,
    totalCount: count(body, check.headers),
    p50: one.p50,
    p99: one.p99,
    rps: one.rps,
    p99At10: ten.p99,
    rpsAt10: ten.rps,
  };
}
