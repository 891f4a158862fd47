import type { ContactStage } from './constants';

/*
 * A request's stage in its customer's words, one wording for the track page and the mails to the
 * customer. Plain functions without zod: the track page is public and loads no validation library.
 */

// The company works in Pakistan's time: dates are written as its customers read them.
const visitFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'full',
  timeStyle: 'short',
  timeZone: 'Asia/Karachi',
});
const shortVisitFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Karachi',
});

/** A visit's time: `Wednesday, 25 November 2026 at 10:00`, or short, `Wed 25 Nov, 10:00`. */
export function visitTime(scheduledAt: string, style: 'long' | 'short' = 'long'): string {
  return (style === 'long' ? visitFormat : shortVisitFormat).format(new Date(scheduledAt));
}

/**
 * A stage in the customer's words, as the track page and the mails to the customer say it:
 * Received, We have called you, Visit scheduled for …, Done, Closed.
 */
export function stageWords(
  stage: ContactStage,
  scheduledAt: string | null = null,
  style: 'long' | 'short' = 'long',
): string {
  switch (stage) {
    case 'new':
      return 'Received';
    case 'contacted':
      return 'We have called you';
    case 'scheduled':
      return scheduledAt ? `Visit scheduled for ${visitTime(scheduledAt, style)}` : 'Visit scheduled';
    case 'done':
      return 'Done';
    case 'lost':
      return 'Closed';
  }
}
