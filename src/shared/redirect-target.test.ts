import { describe, expect, it } from 'vitest';
import { MAX_REDIRECT_TARGET_LENGTH, redirectTargetOr, sameOriginTarget } from './redirect-target';

const ORIGIN = 'https://www.coolfix.example';
const target = (text: unknown) => sameOriginTarget(text, ORIGIN);

/** Where a browser would go after `Location: <path>` on our site: its host must stay ours. */
const browserHost = (path: string) => new URL(path, `${ORIGIN}/login`).host;

describe('a redirect target from a request', () => {
  it('keeps paths on this site, with their query and fragment', () => {
    expect(target('/addServices?q=ac')).toBe('/addServices?q=ac');
    expect(target('/message#list')).toBe('/message#list');
    expect(target('/')).toBe('/');
    expect(target('/@evil.example')).toBe('/@evil.example');
    expect(target(`${ORIGIN}/users`)).toBe('/users');
  });

  it('answers the parsed form, percent-encoded, not the text it was given', () => {
    expect(target('/a b')).toBe('/a%20b');
    expect(target('/／evil.example')).toBe('/%EF%BC%8Fevil.example');
    expect(target('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
    expect(target('/%5Cevil.example')).toBe('/%5Cevil.example');
    expect(target('/%09/evil.example/')).toBe('/%09/evil.example/');
  });

  const refused: [string, unknown][] = [
    ['a protocol-relative URL', '//evil.example'],
    ['a protocol-relative URL with a path', '//evil.example/x'],
    ['three slashes', '///evil.example'],
    ['a slash and a backslash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a backslash and a slash', '\\/evil.example'],
    ['a decoded tab between the slashes (the reported attack)', '/\t/evil.example/'],
    ['a decoded newline between the slashes', '/\n/evil.example'],
    ['a carriage return', '/\r/evil.example'],
    ['a leading tab', '\t//evil.example'],
    ['a trailing newline', '/dashboard\n'],
    ['a NUL', '/dash\u0000board'],
    ['a DEL', '/\u007f/evil.example'],
    ['a C1 control', '/\u0085/evil.example'],
    ['a dot segment that leaves two slashes', '/.//evil.example'],
    ['an encoded dot segment that leaves two slashes', '/%2e//evil.example'],
    ['a parent segment that leaves two slashes', '/a/..//evil.example'],
    ['our scheme without slashes', 'https:evil.example'],
    ['another scheme without slashes', 'http:evil.example'],
    ['an encoded protocol-relative URL that a second decoding would open', '%2F%2Fevil.example'],
    ['a relative word', 'dashboard'],
    ['another scheme with slashes', 'https://evil.example/'],
    ['plain http to another host', 'http://evil.example'],
    ['our host over another scheme', 'http://www.coolfix.example/dashboard'],
    ['our host on another port', 'https://www.coolfix.example:8443/dashboard'],
    ['a host that starts like ours', 'https://www.coolfix.example.evil.example/'],
    ['userinfo naming our host', `https://www.coolfix.example@evil.example/`],
    ['userinfo on our own origin', 'https://user:pass@www.coolfix.example/dashboard'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: in capitals', 'JavaScript:alert(1)'],
    ['javascript: with a tab inside', 'java\tscript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['file:', 'file:///etc/passwd'],
    ['a very long target', `/${'a'.repeat(MAX_REDIRECT_TARGET_LENGTH)}`],
    ['an empty target', ''],
    ['no target', null],
    ['not text', { toString: () => '/dashboard' }],
  ];
  for (const [name, text] of refused) {
    it(`refuses ${name}`, () => {
      expect(target(text)).toBeNull();
    });
  }

  it('never answers a path a browser would take to another host, whatever it was given', () => {
    const tricky = ['/', '\\', '/\t', '%2F', '.', '..', '@', '%5C', '／', '\u3002', 'evil.example', ':'];
    for (const a of tricky)
      for (const b of tricky)
        for (const c of tricky) {
          const result = target(`${a}${b}${c}`);
          if (result !== null)
            expect(browserHost(result), `${a}${b}${c} -> ${result}`).toBe('www.coolfix.example');
        }
  });

  it('falls back to the given place when refused', () => {
    expect(redirectTargetOr('//evil.example', ORIGIN, '/dashboard')).toBe('/dashboard');
    expect(redirectTargetOr('/trash', ORIGIN, '/dashboard')).toBe('/trash');
  });
});
