import { describe, expect, it } from 'vitest';
import { RATING_MESSAGE } from '../../../shared/trust-signals';
import { createTestApp } from '../../test/helpers';

const t = await createTestApp({ ssr: true });
const admin = await t.signIn();

const signals = {
  foundedYear: 2009,
  jobsCompleted: 12400,
  ratingValue: '4.8',
  ratingCount: 326,
  reviewsUrl: 'https://www.google.com/maps/place/CoolFix',
  warrantyShort: '12-month warranty',
  warrantyTerms: '12-month workmanship warranty on every repair.',
  certifications: [
    { name: 'PEC licence', issuer: 'Pakistan Engineering Council', image: '' },
    { name: 'ISO 9001', issuer: '', image: '/media/0123456789abcdef.webp' },
  ],
};

const save = (values: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin, payload: values });

describe('trust signals in the settings', () => {
  it('start empty on a new site, and are stored and shown to anyone once staff set them', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json();
    expect(before).toMatchObject({
      foundedYear: null,
      jobsCompleted: null,
      ratingValue: '',
      ratingCount: null,
      certifications: [],
    });
    expect((await save(signals)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json()).toMatchObject(signals);
  });

  it.each([
    [{ ratingValue: '4.85' }, { ratingValue: RATING_MESSAGE }],
    [{ ratingValue: '5.5' }, { ratingValue: RATING_MESSAGE }],
    [{ ratingValue: '0' }, { ratingValue: RATING_MESSAGE }],
    [{ ratingValue: '4,8' }, { ratingValue: RATING_MESSAGE }],
    [{ ratingValue: 4.8 }, { ratingValue: 'Review rating must be text.' }],
    [{ foundedYear: 1850 }, { foundedYear: expect.stringContaining('Year founded') }],
    // Digits typed as text are read, in any script ('۲۰۰۹' is 2009); a letter among them is not.
    [{ foundedYear: '20O9' }, { foundedYear: expect.stringContaining('Year founded') }],
    [{ jobsCompleted: 12.5 }, { jobsCompleted: expect.stringContaining('Jobs completed') }],
    [{ ratingCount: -1 }, { ratingCount: expect.stringContaining('Number of reviews') }],
    [{ reviewsUrl: 'javascript:alert(1)' }, { reviewsUrl: expect.any(String) }],
    [
      { certifications: [{ issuer: 'Nobody' }] },
      { certifications: expect.stringContaining('Name is required') },
    ],
    [
      { certifications: Array.from({ length: 13 }, (_, i) => ({ name: `Licence ${i}` })) },
      { certifications: expect.stringContaining('12') },
    ],
  ])('refuse %j with a 400 that names the field, and store nothing', async (values, fields) => {
    const res = await save(values);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual(fields);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json()).toMatchObject(signals);
  });

  it('may be cleared again: an empty rating, no year and no certifications', async () => {
    const res = await save({ ratingValue: '', foundedYear: null, certifications: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ratingValue: '', foundedYear: null, certifications: [] });
  });
});

describe('trust signals on the pages (needs npm run build)', () => {
  const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;

  it('show only the signals that are set: no band, section or line for none, no "0 years"', async () => {
    await save({
      foundedYear: null,
      jobsCompleted: null,
      ratingValue: '',
      ratingCount: null,
      warrantyShort: '',
      warrantyTerms: '',
      certifications: [],
    });
    const home = await page('/home');
    expect(home).not.toContain('class="trust-band"');
    expect(home).not.toContain('class="trust-line"');
    expect(home).not.toContain('aggregateRating');
    expect(await page('/about')).not.toContain('Proof you can check');

    await save({ ratingValue: '4.8', ratingCount: 326 });
    const rated = await page('/home');
    expect(rated).toContain('class="trust-band"');
    expect(rated).toContain('4.8★ from 326 reviews');
    expect(rated).not.toContain('years in business');
    expect(rated).not.toContain('jobs completed');
    expect(rated).toContain(
      '"aggregateRating":{"@type":"AggregateRating","ratingValue":4.8,"reviewCount":326',
    );
  });

  it('show every signal on the home page, the about page and in the footer once all are set', async () => {
    await save(signals);
    const home = await page('/home');
    expect(home).toContain('years in business, since 2009');
    expect(home).toContain('12,400+');
    expect(home).toContain('href="https://www.google.com/maps/place/CoolFix"');
    expect(home).toContain('12-month workmanship warranty on every repair.');
    expect(home).toContain('PEC licence');
    expect(home).not.toContain('business clients');
    const about = await page('/about');
    expect(about).toContain('Proof you can check');
    expect(about).toContain('Pakistan Engineering Council');
    expect(about).toContain('"foundingDate":"2009"');
    // The footer of any page carries the short line.
    expect(await page('/contact')).toMatch(
      /Since 2009.*4\.8★ from 326 reviews.*12-month warranty.*Licensed &amp; certified/s,
    );
  });
});
