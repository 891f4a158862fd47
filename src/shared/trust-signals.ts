/**
 * The company's trust signals (years in business, jobs done, rating, warranty, certifications) as
 * the pages and the structured data read them from the settings. Plain functions, no zod: the
 * server-rendered pages, the JSON-LD and the settings' rules share them. A signal left empty is
 * null or empty here, and nothing shows it.
 */

/**
 * A review rating as staff type it: 1 to 5 with at most one decimal (`4.8`, `5`, `4.0`). Stored as
 * that text, since the settings' numbers are whole numbers; every reader goes through `ratingOf`.
 */
export const RATING_PATTERN = /^(?:[1-4](?:\.\d)?|5(?:\.0)?)$/;
export const RATING_MESSAGE =
  'Review rating must be a number from 1.0 to 5.0 with at most one decimal, e.g. 4.8.';

/** The rating a stored text names, or null when none is set (or it is not one). */
export function ratingOf(text: string | null | undefined): number | null {
  const value = (text ?? '').trim();
  return RATING_PATTERN.test(value) ? Number(value) : null;
}

/** The settings the signals are made from. */
export interface TrustSettings {
  foundedYear: number | null;
  jobsCompleted: number | null;
  certifications: readonly Certification[];
  warrantyShort: string;
  warrantyTerms: string;
  ratingValue: string;
  ratingCount: number | null;
  reviewsUrl: string;
  ratingSource: string;
}

/** A certification or licence: what it is, who issued it, its number and where to check it. */
export interface Certification {
  name: string;
  issuer: string;
  number: string;
  url: string;
  image: string;
}

export interface TrustSignals {
  /** The year founded, and the whole years since (null when not set, or not a year gone by). */
  founded: { year: number; years: number } | null;
  jobsCompleted: number | null;
  /** The rating out of 5; `count`, `url` and where it comes from (`source`, e.g. Google reviews) when set. */
  rating: { value: number; count: number | null; url: string; source: string } | null;
  warranty: { short: string; terms: string } | null;
  certifications: Certification[];
}

/** The signals to show, as of `now` (the years in business count up each year by themselves). */
export function trustSignals(settings: TrustSettings, now: Date): TrustSignals {
  const year = settings.foundedYear;
  const years = year ? now.getUTCFullYear() - year : 0;
  const value = ratingOf(settings.ratingValue);
  const short = settings.warrantyShort.trim();
  const terms = settings.warrantyTerms.trim();
  return {
    founded: year && years >= 1 ? { year, years } : null,
    jobsCompleted: settings.jobsCompleted && settings.jobsCompleted > 0 ? settings.jobsCompleted : null,
    rating:
      value === null
        ? null
        : {
            value,
            count: settings.ratingCount && settings.ratingCount > 0 ? settings.ratingCount : null,
            url: settings.reviewsUrl.trim(),
            source: settings.ratingSource.trim(),
          },
    warranty: short || terms ? { short, terms } : null,
    certifications: settings.certifications
      .map((c) => ({
        name: c.name.trim(),
        issuer: c.issuer.trim(),
        number: c.number.trim(),
        url: c.url.trim(),
        image: c.image,
      }))
      .filter((c) => c.name !== ''),
  };
}

/** Whether any signal is set: with none, no band and no line is shown at all. */
export const hasTrustSignals = (signals: TrustSignals) =>
  Boolean(
    signals.founded ||
      signals.jobsCompleted ||
      signals.rating ||
      signals.warranty ||
      signals.certifications.length > 0,
  );

/** 12400 as people read it: `12,400`. */
export const formatCount = (count: number) => count.toLocaleString('en-US');

/** `4.8` with one decimal always, as review sites show it. */
export const formatRating = (value: number) => value.toFixed(1);

/** Whole and half stars of a rating out of 5, rounded down to the half: 4.8 shows 4½. */
export function starsOf(value: number): ('full' | 'half' | 'empty')[] {
  const halves = Math.floor(value * 2);
  return [0, 1, 2, 3, 4].map((i) =>
    halves >= (i + 1) * 2 ? 'full' : halves === i * 2 + 1 ? 'half' : 'empty',
  );
}

/**
 * The footer's one line: `Since 2009 · 4.8★ from 326 reviews (Google reviews) · 12-month warranty · Licensed &
 * certified`, each part only when its signal is set; the rating links to the reviews when it can.
 */
export function trustLine(signals: TrustSignals): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  if (signals.founded) parts.push({ text: `Since ${signals.founded.year}` });
  if (signals.rating) {
    const { value, count, url, source } = signals.rating;
    const text = `${formatRating(value)}★${count ? ` from ${formatCount(count)} reviews` : ''}${source ? ` (${source})` : ''}`;
    parts.push(url ? { text, href: url } : { text });
  }
  if (signals.warranty?.short) parts.push({ text: signals.warranty.short });
  if (signals.certifications.length > 0) parts.push({ text: 'Licensed & certified' });
  return parts;
}
