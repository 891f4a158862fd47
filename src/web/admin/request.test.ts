import { describe, expect, it } from 'vitest';
import { internationalDigits } from '../../shared/whatsapp';
import {
  customerWhatsappHref,
  queueOrderServed,
  queueQuery,
  replyAddress,
  stageLabel,
  timeAgo,
} from './request';

describe('the request desk helpers', () => {
  it('writes a stored number the way WhatsApp wants it', () => {
    expect(internationalDigits('03001234567')).toBe('923001234567');
    expect(internationalDigits('+92 300 1234567')).toBe('923001234567');
    expect(internationalDigits('0300-1234567')).toBe('923001234567');
  });

  it('prefills a WhatsApp text that names the reference', () => {
    const href = customerWhatsappHref('03001234567', 'CF-7Q3KX', 'Cool Tech');
    expect(href.startsWith('https://wa.me/923001234567?text=')).toBe(true);
    const text = new URL(href).searchParams.get('text');
    expect(text).toBe('Hello, this is Cool Tech about your request CF-7Q3KX.');
    expect(new URL(customerWhatsappHref('03001234567', null, 'Cool Tech')).searchParams.get('text')).toBe(
      'Hello, this is Cool Tech about your request.',
    );
  });

  it('names the address a reply goes to: the one given when filing, not a later correction', () => {
    expect(replyAddress({ email: 'corrected@example.com', filedEmail: 'filed@example.com' })).toBe(
      'filed@example.com',
    );
    // A request answered without it (a list row) names its e-mail.
    expect(replyAddress({ email: 'filed@example.com' })).toBe('filed@example.com');
    // Filed with a phone alone: an e-mail staff added later gets no replies (decision 096).
    expect(replyAddress({ email: 'added@example.com', filedEmail: null })).toBe('');
  });

  it('names stages in words and falls back to New', () => {
    expect(stageLabel('scheduled')).toBe('Scheduled');
    expect(stageLabel(undefined)).toBe('New');
  });

  it('says how long ago, briefly', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(timeAgo('2026-11-24T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-11-24T11:55:00Z', now)).toBe('5 min. ago');
    expect(timeAgo('2026-11-24T09:00:00Z', now)).toBe('3 hr. ago');
    expect(timeAgo('2026-11-23T12:00:00Z', now)).toBe('yesterday');
    expect(timeAgo(null, now)).toBe('');
  });

  it('sends the search, the page and only the filters the list serves', () => {
    const url = new URL('http://x/message?q=%20cold%20&status=Pending&page=2&nonsense=1');
    const { filters, query, page } = queueQuery(url, 25);
    expect(page).toBe(2);
    expect(filters.get('q')).toBe('cold');
    expect(filters.get('status')).toBe('Pending');
    expect(query.get('nonsense')).toBeNull();
    expect(query.get('pageSize')).toBe('25');
    expect(query.get('order')).toBe(queueOrderServed ? 'queue' : null);
  });
});
