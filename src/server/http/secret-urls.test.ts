import { describe, expect, it } from 'vitest';
import { SECRET_LINKS, type SecretLinkName, secretLink } from '../../shared/secret-links';
import { normalPath } from './normal-path';
import { carriesSecret, isSecretPageUrl, redactUrl } from './secret-urls';

describe('secret URLs', () => {
  it('are the ones with a code or token parameter, in any case and position', () => {
    expect(carriesSecret('/signup?code=abc')).toBe(true);
    expect(carriesSecret('/reset?x=1&TOKEN=abc')).toBe(true);
    expect(carriesSecret('/signup')).toBe(false);
    expect(carriesSecret('/services?zipcode=1')).toBe(false);
    expect(carriesSecret('/code=1')).toBe(false);
  });

  it('are logged with the values replaced and everything else kept', () => {
    expect(redactUrl('/signup?code=s3cret')).toBe('/signup?code=[redacted]');
    expect(redactUrl('/reset?a=1&token=s3cret&b=2')).toBe('/reset?a=1&token=[redacted]&b=2');
    expect(redactUrl('/signup?Code=x&code=y')).toBe('/signup?Code=[redacted]&code=[redacted]');
    expect(redactUrl('/services?page=2')).toBe('/services?page=2');
  });

  it("include a request's status page, whose token is its path", () => {
    expect(carriesSecret('/track/abcDEF_-123')).toBe(true);
    expect(isSecretPageUrl('/TRACK/abc?x=1')).toBe(true);
    expect(isSecretPageUrl('/track/')).toBe(false);
    expect(isSecretPageUrl('/tracking')).toBe(false);
    expect(isSecretPageUrl('/services/track/abc')).toBe(false);
    expect(redactUrl('/track/s3cretToken_-x')).toBe('/track/[redacted]');
    expect(redactUrl('/track/s3cret?token=t&a=1')).toBe('/track/[redacted]?token=[redacted]&a=1');
    expect(redactUrl('/track/s3cret/more')).toBe('/track/[redacted]/more');
  });

  it('are every link built from the one list, each recognised and redacted by it', () => {
    for (const name of Object.keys(SECRET_LINKS) as SecretLinkName[]) {
      const link = secretLink(name, 'S3cretValue_-x', '');
      expect(carriesSecret(link), name).toBe(true);
      expect(redactUrl(link), name).not.toContain('S3cretValue');
      expect(normalPath(link), name).toBe(link);
    }
  });

  it('are still seen under double encoding, where the router does not serve them', () => {
    expect(isSecretPageUrl('/%2574rack/S3cret')).toBe(true);
    expect(carriesSecret('/reset?%2574oken=S3cret')).toBe(true);
    expect(redactUrl('/%2574rack/S3cret')).toBe('/track/[redacted]');
    expect(redactUrl('/%252E/track/S3cret')).toBe('/track/[redacted]');
    expect(redactUrl('/services/%C3%A9t%C3%A9')).toBe('/services/%C3%A9t%C3%A9');
  });
});

describe('the normal form of a path', () => {
  it.each([
    ['/%74rack/T', '/track/T'],
    ['/./track/T', '/track/T'],
    ['//track/T', '/track/T'],
    ['/track/./T', '/track/T'],
    ['/track//T/', '/track/T/'],
    ['/%2e/track/T', '/track/T'],
    ['/%2E%2E/track/T', '/track/T'],
    ['/a/b/../../track/T', '/track/T'],
    ['/track/%54', '/track/T'],
    ['/reset?%74oken=T', '/reset?token=T'],
    ['/%2574rack/T', '/%2574rack/T'],
    ['/services/%c3%a9', '/services/%C3%A9'],
    ['/a/%2F/b', '/a/%2F/b'],
    ['http://other.example/track/T?x=1', '/track/T?x=1'],
    ['/TRACK/T', '/TRACK/T'],
    ['/home?next=/./x', '/home?next=/./x'],
    ['/', '/'],
    ['*', '*'],
  ])('of %s is %s', (given, normal) => {
    expect(normalPath(given)).toBe(normal);
    expect(normalPath(normal)).toBe(normal);
  });
});
