import { describe, expect, it } from 'vitest';
import { safeNext } from './load';

describe('where a login goes next', () => {
  it('goes back to the admin page the guard came from', () => {
    expect(safeNext('/addServices?q=ac')).toBe('/addServices?q=ac');
  });
  it('goes to the dashboard without a destination or with one on another site', () => {
    for (const next of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example'])
      expect(safeNext(next)).toBe('/dashboard');
  });
});
