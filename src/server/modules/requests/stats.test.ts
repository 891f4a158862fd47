import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';
import { createRequestStatsStore } from './stats-store';
import { createTapStore } from './tap-store';

const t = await createTestApp({ env: { CONTACT_RATE_LIMIT: '0' } });
const store = createRequestStatsStore(t.database);
let staff: { authorization: string };

interface Seed {
  createdAt: string;
  service?: string | null;
  stage?: string;
  urgent?: boolean;
  spam?: boolean;
  trashed?: boolean;
  /** Minutes from the request to its first reply or stage change. */
  firstResponse?: number;
  followUpAt?: string;
}

let seeded = 0;
/** One request as the desk would have left it; answers its id. */
async function seed(row: Seed): Promise<string> {
  const n = ++seeded;
  const [{ id } = { id: '' }] = await t.database.query<{ id: string }>(
    `insert into contact_messages (name, email, phone, message, created_at, service, stage, urgent, spam,
                                   deleted_at, first_response_at, follow_up_at, reference, area)
     values ($1, $2, '03001234567', 'Needs a visit', $3::timestamptz, $4, $5, $6, $7,
             case when $8 then now() end,
             $3::timestamptz + make_interval(mins => $9::int), $10::timestamptz, $11, 'Gulberg')
     returning id::text as id`,
    [
      `Customer ${n}`,
      `customer${n}@example.com`,
      row.createdAt,
      row.service === undefined ? 'cooling' : row.service,
      row.stage ?? 'new',
      row.urgent ?? false,
      row.spam ?? false,
      row.trashed ?? false,
      row.firstResponse ?? null,
      row.followUpAt ?? null,
      `CF-T${String(n).padStart(4, '0')}`,
    ],
  );
  return id;
}

const NOW = new Date('2026-11-25T10:00:00Z'); // a Wednesday; 15:00 in Lahore
const ids: Record<string, string> = {};

beforeAll(async () => {
  staff = await t.signIn('office');
  // The week of Monday 2026-11-09, in the site's time zone (Karachi, UTC+5: decision 097).
  ids.wonCooling = await seed({ createdAt: '2026-11-10T09:00:00Z', stage: 'done', firstResponse: 30 });
  ids.lostCooling = await seed({ createdAt: '2026-11-12T09:00:00Z', stage: 'lost', firstResponse: 90 });
  // Sunday 23:59 in Karachi: the last minute of that week there, though Sunday 18:59 in UTC.
  ids.urgentSunday = await seed({ createdAt: '2026-11-15T18:59:00Z', service: 'electrical', urgent: true });
  ids.lostUrgent = await seed({
    createdAt: '2026-11-11T09:00:00Z',
    service: '',
    stage: 'lost',
    urgent: true,
    firstResponse: 5,
  });
  // The week of Monday 2026-11-16: its first minute in Karachi is 19:00 on Sunday in UTC.
  ids.noService = await seed({
    createdAt: '2026-11-15T19:00:00Z',
    service: null,
    stage: 'contacted',
    firstResponse: 10,
  });
  ids.wonCctv = await seed({
    createdAt: '2026-11-17T12:00:00Z',
    service: 'cctv',
    stage: 'done',
    firstResponse: 240,
  });
  // This week: spam and trash count nowhere.
  await seed({
    createdAt: '2026-11-24T08:00:00Z',
    urgent: true,
    spam: true,
    followUpAt: '2026-11-20T00:00:00Z',
  });
  await seed({ createdAt: '2026-11-24T08:00:00Z', stage: 'scheduled', trashed: true, firstResponse: 1 });
  // Due at 23:00 in Lahore today; the next one is due at 01:00 tomorrow there (still today in UTC).
  ids.dueTonight = await seed({ createdAt: '2026-11-24T09:00:00Z', followUpAt: '2026-11-25T18:00:00Z' });
  ids.dueTomorrow = await seed({
    createdAt: '2026-11-25T08:00:00Z',
    service: 'painting',
    stage: 'contacted',
    firstResponse: 60,
    followUpAt: '2026-11-25T20:00:00Z',
  });
  // Before the window: counts only for what is open.
  ids.oldUrgent = await seed({
    createdAt: '2026-11-01T09:00:00Z',
    urgent: true,
    followUpAt: '2026-11-20T09:00:00Z',
  });
  await seed({
    createdAt: '2026-11-02T09:00:00Z',
    urgent: true,
    stage: 'done',
    followUpAt: '2026-11-20T09:00:00Z',
  });
});

describe('request stats', () => {
  it('counts requests per week by service, response times, outcomes and what is open', async () => {
    const stats = await store.requestStats(3, NOW);
    expect(stats.weeks).toEqual([
      { start: '2026-11-09', total: 4, byService: { cooling: 2, electrical: 1, other: 1 } },
      { start: '2026-11-16', total: 2, byService: { cctv: 1, other: 1 } },
      { start: '2026-11-23', total: 2, byService: { cooling: 1, painting: 1 } },
    ]);
    // 5, 10, 30, 60, 90 and 240 minutes: the median lies between 30 and 60, the 90th between 90 and 240.
    expect(stats.firstResponse).toEqual({ medianMinutes: 45, p90Minutes: 165, count: 6 });
    expect(stats.outcomes).toEqual({ won: 2, lost: 2 });
    expect(stats.openUrgent).toBe(2);
    expect(stats.followUpsDue).toBe(2);
    expect(stats.followUpsDueList).toEqual([
      { _id: ids.oldUrgent, reference: 'CF-T0011', name: 'Customer 11', followUpAt: '2026-11-20T09:00:00Z' },
      { _id: ids.dueTonight, reference: 'CF-T0009', name: 'Customer 9', followUpAt: '2026-11-25T18:00:00Z' },
    ]);
    expect(stats.newRequests.map((request) => request._id)).toEqual([
      ids.urgentSunday,
      ids.oldUrgent,
      ids.dueTonight,
    ]);
    expect(stats.newRequests[0]).toEqual({
      _id: ids.urgentSunday,
      reference: 'CF-T0003',
      urgent: true,
      area: 'Gulberg',
      service: 'electrical',
      stage: 'new',
      createdAt: '2026-11-15T18:59:00Z',
    });
  });

  it('has a week for every week asked, and no response figures without responses', async () => {
    const stats = await store.requestStats(1, new Date('2026-06-03T10:00:00Z'));
    expect(stats.weeks).toEqual([{ start: '2026-06-01', total: 0, byService: {} }]);
    expect(stats.firstResponse).toEqual({ medianMinutes: null, p90Minutes: null, count: 0 });
    expect(stats.outcomes).toEqual({ won: 0, lost: 0 });
  });
});

describe('GET /api/stats/leads', () => {
  const get = (
    query: string,
    headers: Record<string, string> = staff ? { authorization: staff.authorization } : {},
  ) => t.app.inject({ method: 'GET', url: `/api/stats/leads${query}`, headers });

  it('answers 12 weeks up to this one by default, with the taps of the same weeks', async () => {
    await createTapStore(t.database).recordTap('call');
    const res = await get('');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.weeks).toHaveLength(12);
    expect(body.taps).toHaveLength(12);
    expect(body.taps.map((week: { start: string }) => week.start)).toEqual(
      body.weeks.map((week: { start: string }) => week.start),
    );
    // This week's Monday on Karachi's calendar (UTC+5, no daylight saving).
    const monday = new Date(Date.now() + 5 * 3_600_000);
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    expect(body.weeks.at(-1).start).toBe(monday.toISOString().slice(0, 10));
    expect(body.taps.at(-1)).toMatchObject({ call: 1, whatsapp: 0 });
    expect(body.openUrgent).toBe(2);
    expect((await get('?weeks=52')).json().weeks).toHaveLength(52);
  });

  it('shares an answer between dashboards until a request changes', async () => {
    const before = (await get('?weeks=4')).json();
    // Written behind the change log's back: the shared answer does not know yet.
    await t.database.query(`update contact_messages set urgent = false where id = $1`, [ids.urgentSunday]);
    expect((await get('?weeks=4')).json().openUrgent).toBe(before.openUrgent);
    // A request filed through the API is a change: the next answer counts again.
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      payload: {
        name: 'Night Caller',
        email: 'night@example.com',
        phone: '03001234567',
        message: 'Freezer alarm',
        urgent: true,
        area: 'Gulberg',
      },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const after = (await get('?weeks=4')).json();
    expect(after.openUrgent).toBe(before.openUrgent);
    expect(after.newRequests[0]).toMatchObject({ _id: filed.json()._id, urgent: true, area: 'Gulberg' });
    expect(after.weeks.at(-1).total).toBe(before.weeks.at(-1).total + 1);
  });

  it('counts a request closed at the desk as answered and won, at once', async () => {
    const before = (await get('?weeks=2')).json();
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      payload: { name: 'Shop Owner', email: 'shop@example.com', phone: '03001234567', message: 'Chiller' },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const done = await t.app.inject({
      method: 'PUT',
      url: `/api/contactus/${filed.json()._id}`,
      headers: { authorization: staff.authorization },
      payload: { stage: 'done' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const after = (await get('?weeks=2')).json();
    expect(after.firstResponse.count).toBe(before.firstResponse.count + 1);
    expect(after.outcomes).toEqual({ won: before.outcomes.won + 1, lost: before.outcomes.lost });
  });

  it('answers 400 to a bad query, 401 to anyone not signed in', async () => {
    for (const query of [
      '?weeks=0',
      '?weeks=53',
      '?weeks=abc',
      '?weeks=1.5',
      '?weeks=',
      '?weeks=4&extra=1',
    ]) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toEqual(expect.any(String));
    }
    expect((await get('', {})).statusCode).toBe(401);
  });
});
