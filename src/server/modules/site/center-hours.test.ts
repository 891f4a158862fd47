import { beforeAll, describe, expect, it } from 'vitest';
import { SITE_TIME_ZONE } from '../../../shared/constants';
import { isOpenAt, type WeeklyHours } from '../../../shared/content/hours';
import { OFFLINE_CONTACT_PATH } from '../../../shared/offline-contact';
import { createTestApp } from '../../test/helpers';

// 2026-11-29 is a Sunday; Asia/Karachi is UTC+5 all year.
const SUNDAY_11PM_KARACHI = new Date('2026-11-29T18:00:00Z');
const MONDAY_10AM_KARACHI = new Date('2026-11-30T05:00:00Z');

let now = SUNDAY_11PM_KARACHI;
const t = await createTestApp({ ssr: true, now: () => now });

const MONDAY_TO_SATURDAY: WeeklyHours = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((day) => [
    day,
    { opens: '09:00', closes: '19:00' },
  ]),
);
let admin: { authorization: string };
let centerPath: string;
let aroundTheClockPath: string;
let deskId: string;

beforeAll(async () => {
  admin = await t.signIn('admin');
  const center = await t.create(
    'servicecenter',
    {
      name: 'Lahore Night Desk',
      phone: '04235712345',
      emergencyPhone: '03001112233',
      hours: MONDAY_TO_SATURDAY,
    },
    admin,
  );
  centerPath = `/serviceCenter/${center.slug}`;
  deskId = center._id;
  const aroundTheClock = await t.create(
    'servicecenter',
    {
      name: 'Karachi Port Desk',
      phone: '02134567890',
      address: 'Plot 45, Shahrah-e-Faisal, Karachi',
      hours: Object.fromEntries(
        [...Object.keys(MONDAY_TO_SATURDAY), 'sunday'].map((day) => [
          day,
          { opens: '00:00', closes: '23:59' },
        ]),
      ),
      // As an editor pastes it from a maps app.
      location: 'https://www.google.com/maps/@24.8607,67.0011,14z',
      areas: [{ area: 'Clifton' }, { area: 'Saddar' }],
    },
    admin,
  );
  aroundTheClockPath = `/serviceCenter/${aroundTheClock.slug}`;
});

const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A public page as a visitor gets it at `at` (rendered afresh, not replayed). */
async function pageAt(url: string, at: Date) {
  now = at;
  t.app.responseCache.clear();
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** Each center on the contact page, by name: what its entry says, in words. */
async function contactCentersAt(at: Date) {
  const body = await pageAt('/contact', at);
  const section = /<section[^>]*aria-labelledby="contact-centers"[\s\S]*?<\/section>/.exec(body)?.[0] ?? '';
  const entries = [...section.matchAll(/<li class="card card-pad"[\s\S]*?<\/li>/g)].map((m) => words(m[0]));
  return { body, section, entries };
}

/** The center page as a visitor gets it at `at` (rendered afresh, not replayed). */
async function centerPageAt(at: Date) {
  now = at;
  t.app.responseCache.clear();
  const res = await t.app.inject({ method: 'GET', url: centerPath });
  expect(res.statusCode).toBe(200);
  const status = /<p class="center-status"[^>]*data-state="(\w+)"[\s\S]*?<\/p>/.exec(res.body);
  const call = /<a class="btn btn-outline" href="([^"]+)" data-call-button[\s\S]*?<\/a>/.exec(res.body);
  return {
    body: res.body,
    state: status?.[1],
    statusText: status?.[0]
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
    callHref: call?.[1],
    callText: call?.[0].replace(/<[^>]+>/g, ''),
  };
}

describe('a center page says whether it is open now, in the site’s time zone', () => {
  it('at 11 pm on a Sunday in Karachi: closed, and the Call button dials the emergency line', async () => {
    const page = await centerPageAt(SUNDAY_11PM_KARACHI);
    expect(page.state).toBe('emergency');
    expect(page.statusText).toBe('Closed now · emergency line open 03001112233');
    expect(page.callHref).toBe('tel:03001112233');
    expect(page.callText).toContain('Call emergency line');
    // The island works it out again from the hours in the page when the page is read.
    expect(page.body).toContain(`data-time-zone="${SITE_TIME_ZONE}"`);
    expect(page.body).toContain('data-emergency-phone="03001112233"');
  });

  it('at 10 am on a Monday: open, and the Call button dials the center', async () => {
    const page = await centerPageAt(MONDAY_10AM_KARACHI);
    expect(page.state).toBe('open');
    expect(page.statusText).toBe('Open now · closes 7 pm 04235712345');
    expect(page.callHref).toBe('tel:04235712345');
    expect(page.callText).not.toContain('emergency');
  });

  it('reads the hours on the clock of the zone it is given', () => {
    // Saturday 15:00 UTC is 20:00 in Karachi, after closing.
    const saturdayAfternoonUtc = new Date('2026-11-28T15:00:00Z');
    expect(isOpenAt(MONDAY_TO_SATURDAY, saturdayAfternoonUtc, 'UTC')).toBe(true);
    expect(isOpenAt(MONDAY_TO_SATURDAY, saturdayAfternoonUtc, SITE_TIME_ZONE)).toBe(false);
    // Open all day runs to midnight: 23:59:30 is still open.
    const allDay = { sunday: { opens: '00:00', closes: '23:59' } };
    expect(isOpenAt(allDay, new Date('2026-11-29T18:59:30Z'), SITE_TIME_ZONE)).toBe(true);
  });

  it('refuses an emergency line that is not a phone number, with the field’s message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/servicecenter',
      headers: admin,
      payload: { name: 'Bad Line Center', emergencyPhone: 'call us' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('emergencyPhone');
  });
});

describe('the contact page lists every center with its hours and whether it is open now', () => {
  it('at 11 pm on a Sunday: the desk is closed with its emergency line, the port desk open', async () => {
    const { entries } = await contactCentersAt(SUNDAY_11PM_KARACHI);
    expect(entries).toHaveLength(2);
    const desk = entries.find((entry) => entry.startsWith('Lahore Night Desk'));
    const port = entries.find((entry) => entry.startsWith('Karachi Port Desk'));
    expect(desk).toContain('Closed now · emergency line open');
    expect(desk).toContain('Emergency line, 24/7: 03001112233');
    expect(desk).toContain('Monday–Saturday 9 am–7 pm');
    expect(desk).toContain('Sunday Closed');
    expect(port).toContain('Open now · 24 hours');
    expect(port).toContain('Every day 24 hours');
    expect(port).toContain('Plot 45, Shahrah-e-Faisal, Karachi');
  });

  it('at 10 am on a Monday the desk says it is open and when it closes', async () => {
    const { entries } = await contactCentersAt(MONDAY_10AM_KARACHI);
    expect(entries.find((entry) => entry.startsWith('Lahore Night Desk'))).toContain(
      'Open now · closes 7 pm',
    );
  });

  it('gives directions to the point when a center has one, and the island its hours', async () => {
    const { section } = await contactCentersAt(MONDAY_10AM_KARACHI);
    expect(section).toContain(
      'href="https://www.google.com/maps/dir/?api=1&amp;destination=24.8607,67.0011"',
    );
    expect(section).toContain('data-island="open-now"');
    expect(section).toContain(`data-time-zone="${SITE_TIME_ZONE}"`);
  });

  it('draws one marker per center with a point, titled, with the list in words', async () => {
    const { section } = await contactCentersAt(MONDAY_10AM_KARACHI);
    const map = /<svg[\s\S]*?<\/svg>/.exec(section)?.[0] ?? '';
    expect(map).toContain('<title id="centers-map-title">Map of our service centers</title>');
    expect(map).toContain('Karachi Port Desk, serving Clifton, Saddar');
    const markers = [...map.matchAll(/data-center="([^"]+)"/g)].map((m) => m[1]);
    expect(markers).toEqual([aroundTheClockPath.split('/').pop()]);
    // A fixed box: the page does not move when it is drawn.
    expect(map).toMatch(/viewBox="0 0 480 320" width="480" height="320"/);
  });

  it("a center's own page marks it on the map; a center without a point has none", async () => {
    const body = await pageAt(aroundTheClockPath, MONDAY_10AM_KARACHI);
    const map = /<figure class="centers-map[\s\S]*?<\/figure>/.exec(body)?.[0] ?? '';
    expect(map).toContain('Map of our service centers, Karachi Port Desk marked');
    expect(map).toMatch(
      new RegExp(
        `class="centers-map-marker is-current" data-center="${aroundTheClockPath.split('/').pop()}"`,
      ),
    );
    expect(await pageAt(centerPath, MONDAY_10AM_KARACHI)).not.toContain('<figure class="centers-map');
  });

  it('the service-center cards carry the same state and hours', async () => {
    const body = await pageAt('/serviceCenter', SUNDAY_11PM_KARACHI);
    const text = words(body);
    expect(text).toContain('Lahore Night Desk Closed now · emergency line open');
    expect(text).toContain('Emergency line, 24/7: 03001112233');
    expect(text).toContain('Monday–Saturday 9 am–7 pm');
    expect(text).toContain('Karachi Port Desk Open now · 24 hours');
  });
});

describe('a center’s structured data and map location', () => {
  /** The center's own LocalBusiness among the page's structured data. */
  const localBusiness = (body: string) =>
    [...body.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>)
      .find((ld) => String(ld['@id']).endsWith('#center'));

  it('gives GeoCoordinates when the center has a point, and none when it has not', async () => {
    const withPoint = localBusiness(await pageAt(aroundTheClockPath, MONDAY_10AM_KARACHI));
    expect(withPoint?.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 24.8607, longitude: 67.0011 });
    // The desk has no address either: give it one, so it has data to carry.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/servicecenter/${deskId}`,
      headers: admin,
      payload: { address: 'Office 12, Gulberg III, Lahore' },
    });
    expect(put.statusCode).toBe(200);
    const withoutPoint = localBusiness(await pageAt(centerPath, MONDAY_10AM_KARACHI));
    expect(withoutPoint?.['@type']).toBe('LocalBusiness');
    expect(withoutPoint).not.toHaveProperty('geo');
  });

  it('refuses a location that names no point, with the field’s message, storing nothing', async () => {
    for (const location of ['Gulberg, Lahore', '95, 74', 'https://maps.app.goo.gl/AbC']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/servicecenter',
        headers: admin,
        payload: { name: 'Nowhere Center', location },
      });
      expect(res.statusCode, location).toBe(400);
      expect(res.body).toContain('Map location must be a latitude and longitude such as 31.5204, 74.3587');
    }
    const listed = await t.app.inject({ method: 'GET', url: '/api/servicecenter?limit=50', headers: admin });
    expect(JSON.stringify(listed.json())).not.toContain('Nowhere Center');
  });
});

describe('the numbers offline pages show', () => {
  it('are one small tagged file that changes with the settings', async () => {
    const first = await t.app.inject({ method: 'GET', url: OFFLINE_CONTACT_PATH });
    expect(first.statusCode).toBe(200);
    const before = first.json();
    expect(Object.keys(before)).toEqual(['phone', 'chatNumber']);
    const etag = String(first.headers.etag);
    const unchanged = await t.app.inject({
      method: 'GET',
      url: OFFLINE_CONTACT_PATH,
      headers: { 'if-none-match': etag },
    });
    expect(unchanged.statusCode).toBe(304);
    await t.saveSettings({ phone: '04211112222' }, admin);
    const changed = await t.app.inject({
      method: 'GET',
      url: OFFLINE_CONTACT_PATH,
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ...before, phone: '04211112222' });
  });
});
