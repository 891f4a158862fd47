import { DEFAULT_TIME_ZONE, formatTime, siteTimeZone } from './clock';
import type { ContactStage } from './constants';

/*
 * A request's stage in its customer's words, one wording for the track page and the mails to the
 * customer. Plain functions without zod: the track page is public and loads no validation library.
 */

const shortVisitFormats = new Map<string, Intl.DateTimeFormat>();
const shortVisitFormat = (zone: string) => {
  let made = shortVisitFormats.get(zone);
  if (!made) {
    made = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: zone,
    });
    shortVisitFormats.set(zone, made);
  }
  return made;
};

/**
 * A visit's time in the site's zone (the one clock, decision 097): `Wed 25 Nov 2026, 10:00 am`, or
 * short for a subject, `Wed 25 Nov, 10:00`.
 */
export function visitTime(
  scheduledAt: string,
  style: 'long' | 'short' = 'long',
  zone = DEFAULT_TIME_ZONE,
): string {
  const at = siteTimeZone(zone);
  return style === 'long' ? formatTime(scheduledAt, at) : shortVisitFormat(at).format(new Date(scheduledAt));
}

/**
 * A stage in the customer's words, as the track page and the mails to the customer say it:
 * Received, We have called you, Visit scheduled for …, Done, Closed.
 */
export function stageWords(
  stage: ContactStage,
  scheduledAt: string | null = null,
  style: 'long' | 'short' = 'long',
  zone = DEFAULT_TIME_ZONE,
): string {
  switch (stage) {
    case 'new':
      return 'Received';
    case 'contacted':
      return 'We have called you';
    case 'scheduled':
      return scheduledAt ? `Visit scheduled for ${visitTime(scheduledAt, style, zone)}` : 'Visit scheduled';
    case 'done':
      return 'Done';
    case 'lost':
      return 'Closed';
  }
}
