import { describe, expect, it } from 'vitest';
import { niceMax, weekLabel } from './charts';

describe('chart scales', () => {
  it('rounds the axis up to a top whose half is a whole number', () => {
    expect([0, 3, 5, 7, 9, 13, 24, 26, 45, 61, 130].map(niceMax)).toEqual([
      4, 4, 6, 8, 10, 20, 30, 30, 60, 80, 200,
    ]);
  });

  it('names a week by its Monday', () => {
    expect(weekLabel('2026-11-23')).toBe('23 Nov');
  });
});
