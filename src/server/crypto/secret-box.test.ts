import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('secret box', () => {
  const box = createSecretBox('a key of at least thirty-two characters!');

  it('seals to a new value every time and opens back to the secret', () => {
    const a = box.seal('JBSWY3DPEHPK3PXP');
    const b = box.seal('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(box.open(a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another key and a changed value instead of answering noise', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(() => createSecretBox('another key of at least thirty-two chars').open(sealed)).toThrow();
    const [v, iv, tag, body] = sealed.split(':');
    // Flip a bit of a byte, not of a base64 character: a last character's low bits may be padding.
    const bytes = Buffer.from(body!, 'base64url');
    bytes[0]! ^= 1;
    const flipped = bytes.toString('base64url');
    expect(() => box.open([v, iv, tag, flipped].join(':'))).toThrow();
    expect(() => box.open('plain text')).toThrow('Not a sealed value');
  });
});
