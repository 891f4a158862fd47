import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';
import { seedDemoInto } from '../demo/seed';

// 2026-11-29 is a Sunday; Asia/Karachi is UTC+5 all year. The demo's Lahore head office keeps
// Monday to Saturday 9 to 7, with an emergency line outside them.
const SUNDAY_11PM_KARACHI = new Date('2026-11-29T18:00:00Z');
const MONDAY_10AM_KARACHI = new Date('2026-11-30T05:00:00Z');

let now = MONDAY_10AM_KARACHI;
const t = await createTestApp({ ssr: true, now: () => now });

type Json = Record<string, unknown>;
let settings: Json;
let services: Json[];
let centers: Json[];

beforeAll(async () => {
  await seedDemoInto(t.app);
  settings = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json();
  services = (await t.app.inject({ method: 'GET', url: '/api/service' })).json();
  centers = (await t.app.inject({ method: 'GET', url: '/api/servicecenter' })).json();
});

/** A public page as a visitor gets it now (rendered afresh, not replayed). */
async function page(url: string, at = MONDAY_10AM_KARACHI) {
  now = at;
  t.app.responseCache.clear();
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
const heroOf = (html: string) => /<section class="hero"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
const callBarOf = (html: string) => /<nav class="call-bar"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';

describe('the home page leads with a promise and what it costs', () => {
  it('has one title, the promise with the response time and where; at most two actions in the hero', async () => {
    const html = await page('/home');
    const titles = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => textOf(m[1]!));
    expect(titles).toHaveLength(1);
    // The demo's Karachi center comes faster than the site's usual time: the title says so.
    const karachi = centers.find((c) => String(c.address).endsWith('Karachi'))!;
    expect(karachi.responseTime).toBeTruthy();
    expect(titles[0]).toBe(`A technician at your door in ${karachi.responseTime} in Karachi, day or night`);
    const hero = heroOf(html);
    expect(textOf(hero)).toContain(`${settings.responseTime} in Lahore and Islamabad`);
    const actions = [...hero.matchAll(/<(a|button)\b[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => textOf(m[2]!));
    expect(actions.length).toBeLessThanOrEqual(2);
    expect(actions).toEqual([`Call now ${settings.phone}`, 'Request a visit']);
    // No "24/7" said again and again, no company name above the title.
    expect(textOf(hero)).not.toContain('24/7');
    expect(hero).not.toContain('eyebrow');
  });

  it('calls the company by day and the head office’s emergency line at night, and the island knows both', async () => {
    const day = heroOf(await page('/home', MONDAY_10AM_KARACHI));
    expect(day).toContain(`href="tel:${settings.phone}"`);
    const lahore = centers.find((c) => c.emergencyPhone)!;
    const night = heroOf(await page('/home', SUNDAY_11PM_KARACHI));
    expect(night).toContain(`href="tel:${lahore.emergencyPhone}"`);
    expect(textOf(night)).toContain(`Call emergency line ${lahore.emergencyPhone}`);
    // A copy replayed later is corrected where it is read: the island has the hours and both numbers.
    expect(night).toContain('data-island="open-now"');
    expect(night).toContain(`data-emergency-phone="${lahore.emergencyPhone}"`);
    expect(night).toContain(`data-phone="${settings.phone}"`);
  });

  it("rings the same number from every page's call bar on a phone, by day and at night", async () => {
    const lahore = centers.find((c) => c.emergencyPhone)!;
    for (const path of ['/home', '/services', '/contact', '/about']) {
      const day = callBarOf(await page(path, MONDAY_10AM_KARACHI));
      expect(day, path).toContain(`href="tel:${settings.phone}"`);
      expect(textOf(day), path).toContain(`Call now ${settings.phone}`);
      const night = callBarOf(await page(path, SUNDAY_11PM_KARACHI));
      expect(night, path).toContain(`href="tel:${lahore.emergencyPhone}"`);
      expect(textOf(night), path).toContain(`Emergency line ${lahore.emergencyPhone}`);
      // A replayed copy is put right where it is read, as the hero's is.
      expect(night, path).toContain('data-island="open-now"');
    }
  });

  it('shows the five trades, each with its lowest call-out price and a line, opening its services', async () => {
    const html = await page('/home');
    const cards = [...html.matchAll(/<li class="trade-card">([\s\S]*?)<\/li>/g)].map((m) => m[1]!);
    expect(cards).toHaveLength(5);
    const cooling = services.filter((s) => s.serviceName === 'refrigerator');
    const lowest = Math.min(...cooling.map((s) => Number(s.calloutPrice)));
    const card = cards.find((c) => c.includes('/services#refrigerator'))!;
    expect(textOf(card)).toContain(`From Rs ${lowest.toLocaleString('en-US')}`);
    expect(textOf(card)).toContain(String(cooling[0]!.summary));
  });

  it('quotes at least three customers, each with a name and an area', async () => {
    const html = await page('/home');
    const quotes = [...html.matchAll(/<li class="testimonial quote-card">([\s\S]*?)<\/li>/g)].map(
      (m) => m[1]!,
    );
    expect(quotes.length).toBeGreaterThanOrEqual(3);
    for (const quote of quotes) {
      expect(quote).toMatch(/<blockquote>[\s\S]*\S[\s\S]*<\/blockquote>/);
      expect(quote).toMatch(/class="quote-name">[^<]+</);
      expect(quote).toMatch(/class="quote-area">[^<]+</);
    }
  });

  it('lists the areas the centers serve', async () => {
    const text = textOf(await page('/home'));
    for (const center of centers)
      for (const { area } of center.areas as { area: string }[]) expect(text).toContain(area);
  });
});

describe('the services pages say how soon we come where it is true', () => {
  it('says each city’s time once at the top; no row states a time that is wrong in a city', async () => {
    const karachi = centers.find((c) => String(c.address).endsWith('Karachi'))!;
    const html = await page('/services');
    expect(textOf(html)).toContain(
      `What each visit costs, and how soon we come: ${karachi.responseTime} in Karachi; ${settings.responseTime} in Lahore and Islamabad.`,
    );
    expect(textOf(html)).not.toContain('arrives in');
    const slug = String(services[0]!.slug);
    expect(textOf(await page(`/services/${slug}`))).not.toContain('arrives in');
  });
});

describe('a service page shows its facts, only those that are set', () => {
  it('the demo cold-room service: call-out, night price, warranty and duration, and no icon beside its title', async () => {
    const cold = services.find((s) => s.calloutPrice && s.nightPrice && s.warranty && s.duration)!;
    const html = await page(`/services/${cold.slug}`);
    const facts = /<dl class="service-facts">([\s\S]*?)<\/dl>/.exec(html)?.[1] ?? '';
    const rupees = (n: unknown) => `Rs ${Number(n).toLocaleString('en-US')}`;
    expect(textOf(facts)).toContain(`Call-out ${rupees(cold.calloutPrice)}`);
    expect(textOf(facts)).toContain(`At night ${rupees(cold.nightPrice)}`);
    expect(textOf(facts)).toContain(`Warranty ${cold.warranty}`);
    expect(textOf(facts)).toContain(`Typical duration ${cold.duration}`);
    expect(html).not.toContain('service-icon');
  });

  it('a service with a warranty only shows the warranty', async () => {
    const admin = await t.signIn('admin');
    const record = await t.create(
      'service',
      {
        title: 'Geyser Repair',
        description: 'Geysers repaired.',
        serviceName: 'electric',
        warranty: '30 days',
      },
      admin,
    );
    const facts = /<dl class="service-facts">([\s\S]*?)<\/dl>/.exec(
      await page(`/services/${record.slug}`),
    )?.[1];
    expect(facts && [...facts.matchAll(/<dt>([^<]*)<\/dt>/g)].map((m) => m[1])).toEqual(['Warranty']);
  });
});

describe('no public text ends in a word cut mid-way', () => {
  it('every shortened text on the public pages ends at a whole word', async () => {
    // Every word the site's records and settings hold: a cut that ends in anything else cut a word.
    const records = await Promise.all(
      ['service', 'client', 'department', 'servicecenter', 'aboutus', 'testimonial', 'project', 'team'].map(
        async (type) => (await t.app.inject({ method: 'GET', url: `/api/${type}` })).body,
      ),
    );
    const words = new Set(
      [...records, JSON.stringify(settings)]
        .join(' ')
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? [],
    );
    const urls = [
      '/home',
      '/services',
      '/about',
      '/client',
      '/serviceCenter',
      '/projects',
      ...services.map((s) => `/services/${s.slug}`),
    ];
    let cuts = 0;
    for (const url of urls) {
      const html = await page(url);
      // Visible text and the meta descriptions.
      const texts = [
        ...html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, '').split(/<[^>]+>/),
        ...[...html.matchAll(/<meta [^>]*content="([^"]*)"/g)].map((m) => m[1]!),
      ].map((text) => textOf(text));
      for (const text of texts) {
        const cut = /([\p{L}\p{N}]+)\W*(?:…|\.\.\.)$/u.exec(text);
        if (!cut) continue;
        cuts++;
        expect(words, `${url}: "${text}"`).toContain(cut[1]!.toLowerCase());
      }
    }
    // The demo has texts long enough to be cut: the check above saw some.
    expect(cuts).toBeGreaterThan(0);
  });
});
