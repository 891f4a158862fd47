import { describe, expect, it } from 'vitest';
import { isSiteLink, isStorableText, mailtoHref, telHref } from './text';

describe('links built from stored data', () => {
  it('keep a mailto: link to one address, whatever the address holds', () => {
    expect(mailtoHref('amina@example.com')).toBe('mailto:amina@example.com');
    // Browsers read ?, & and a second @ as headers and more recipients; encoded they are text.
    const href = mailtoHref('victim@example.com?bcc=attacker@evil.example&body=hi');
    expect(href).toBe('mailto:victim@example.com%3Fbcc%3Dattacker@evil.example%26body%3Dhi');
    const url = new URL(href);
    expect(url.search).toBe('');
    expect(mailtoHref('a@example.com\r\nBcc: b@evil.example')).not.toMatch(/[\r\n ]/);
  });

  it('keep a tel: link to digits and a leading plus', () => {
    expect(telHref('03001234567')).toBe('tel:03001234567');
    expect(telHref('+92 300 1234567')).toBe('tel:+923001234567');
    expect(telHref('0300?x=1"><script>')).toBe('tel:03001');
  });

  it('tell links on this site or to a full web address from the rest', () => {
    expect(isSiteLink('/services')).toBe(true);
    expect(isSiteLink('https://example.com')).toBe(true);
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https:evil.example',
      ' /a',
      '/a\u0085b',
      'HTTPS://',
    ])
      expect(isSiteLink(bad), bad).toBe(false);
  });

  it('tell text a database can store from text it refuses', () => {
    expect(isStorableText('Amina 😀 سلام')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\ud83d')).toBe(false);
    expect(isStorableText('x\ude00')).toBe(false);
  });
});
