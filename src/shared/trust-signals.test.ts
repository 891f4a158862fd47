import { describe, expect, it } from 'vitest';
import { ratingOf, starsOf, type TrustSettings, trustLine, trustSignals } from './trust-signals';

const empty: TrustSettings = {
  foundedYear: null,
  jobsCompleted: null,
  certifications: [],
  warrantyShort: '',
  warrantyTerms: '',
  ratingValue: '',
  ratingCount: null,
  reviewsUrl: '',
  ratingSource: '',
};
const now = new Date('2026-11-24T12:00:00Z');

describe('trust signals', () => {
  it('show nothing for settings left empty: no "0 years", no zero jobs, no rating', () => {
    const signals = trustSignals({ ...empty, jobsCompleted: 0, ratingCount: 0 }, now);
    expect(signals).toEqual({
      founded: null,
      jobsCompleted: null,
      rating: null,
      warranty: null,
      certifications: [],
    });
    expect(trustLine(signals)).toEqual([]);
    // Founded this year: not yet a year in business to boast of.
    expect(trustSignals({ ...empty, foundedYear: 2026 }, now).founded).toBeNull();
  });

  it('count the years in business from the year founded, so they never go stale', () => {
    expect(trustSignals({ ...empty, foundedYear: 2009 }, now).founded).toEqual({ year: 2009, years: 17 });
    expect(
      trustSignals({ ...empty, foundedYear: 2009 }, new Date('2030-01-01T00:00:00Z')).founded?.years,
    ).toBe(21);
  });

  it('read a rating of 1 to 5 with at most one decimal, and nothing else', () => {
    expect(['4.8', '5', '5.0', '1', '3.0', ' 4.5 '].map(ratingOf)).toEqual([4.8, 5, 5, 1, 3, 4.5]);
    expect(['', '0.9', '5.1', '4.85', '4,8', 'five', '10', '.5'].map(ratingOf)).toEqual(Array(8).fill(null));
  });

  it('draw whole and half stars, rounding down to the half', () => {
    expect(starsOf(4.8)).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(starsOf(5)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(starsOf(3.2)).toEqual(['full', 'full', 'full', 'empty', 'empty']);
  });

  it('make the footer line from the signals that are set, the rating linking to the reviews', () => {
    const signals = trustSignals(
      {
        ...empty,
        foundedYear: 2009,
        ratingValue: '4.8',
        ratingCount: 326,
        reviewsUrl: 'https://maps.google.com/?cid=1',
        warrantyShort: '12-month warranty',
        certifications: [
          { name: ' PEC licence ', issuer: '', number: ' C5/04418 ', url: '', image: '' },
          { name: ' ', issuer: 'x', number: '1', url: '', image: '' },
        ],
      },
      now,
    );
    expect(signals.certifications).toEqual([
      { name: 'PEC licence', issuer: '', number: 'C5/04418', url: '', image: '' },
    ]);
    expect(trustLine(signals)).toEqual([
      { text: 'Since 2009' },
      { text: '4.8★ from 326 reviews', href: 'https://maps.google.com/?cid=1' },
      { text: '12-month warranty' },
      { text: 'Licensed & certified' },
    ]);
    expect(trustLine(trustSignals({ ...empty, ratingValue: '4.0', ratingCount: 1200 }, now))).toEqual([
      { text: '4.0★ from 1,200 reviews' },
    ]);
    // The rating says where it comes from once that is set.
    const sourced = trustSignals({ ...empty, ratingValue: '4.8', ratingSource: ' Google reviews ' }, now);
    expect(sourced.rating?.source).toBe('Google reviews');
    expect(trustLine(sourced)).toEqual([{ text: '4.8★ (Google reviews)' }]);
  });
});
