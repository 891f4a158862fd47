import { describe, expect, it } from 'vitest';
import { carriesSecret, isTrackUrl, redactUrl } from './secret-urls';

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
    expect(isTrackUrl('/TRACK/abc?x=1')).toBe(true);
    expect(isTrackUrl('/track/')).toBe(false);
    expect(isTrackUrl('/tracking')).toBe(false);
    expect(isTrackUrl('/services/track/abc')).toBe(false);
    expect(redactUrl('/track/s3cretToken_-x')).toBe('/track/[redacted]');
    expect(redactUrl('/track/s3cret?token=t&a=1')).toBe('/track/[redacted]?token=[redacted]&a=1');
    expect(redactUrl('/track/s3cret/more')).toBe('/track/[redacted]/more');
  });
});
