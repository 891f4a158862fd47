import { describe, expect, it } from 'vitest';
import { safeNext } from './load';

const ORIGIN = 'http://localhost:3000';

describe('where a login goes next', () => {
  it('goes back to the admin page the guard came from', () => {
    expect(safeNext('/addServices?q=ac', ORIGIN)).toBe('/addServices?q=ac');
  });
  it('goes to the dashboard without a destination or with one on another site', () => {
    for (const next of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example/',
    ])
      expect(safeNext(next, ORIGIN)).toBe('/dashboard');
  });
});
