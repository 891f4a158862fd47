import { describe, expect, it } from 'vitest';
import { COMPARE_START, positionAt, positionForKey, positionText } from './compare';

describe('the before/after divider', () => {
  it('moves by arrow keys in steps, by page keys further, and to either end with Home and End', () => {
    expect(positionForKey('ArrowRight', COMPARE_START)).toBe(55);
    expect(positionForKey('ArrowUp', 50)).toBe(55);
    expect(positionForKey('ArrowLeft', 50)).toBe(45);
    expect(positionForKey('ArrowDown', 50)).toBe(45);
    expect(positionForKey('PageUp', 50)).toBe(70);
    expect(positionForKey('PageDown', 50)).toBe(30);
    expect(positionForKey('Home', 50)).toBe(0);
    expect(positionForKey('End', 50)).toBe(100);
  });

  it('stops at the frame edges and leaves other keys to the browser', () => {
    expect(positionForKey('ArrowLeft', 2)).toBe(0);
    expect(positionForKey('ArrowRight', 98)).toBe(100);
    expect(positionForKey('Tab', 50)).toBeNull();
    expect(positionForKey('Enter', 50)).toBeNull();
  });

  it('follows a pointer across the frame, held inside it when dragged beyond', () => {
    expect(positionAt(300, 100, 400)).toBe(50);
    expect(positionAt(100, 100, 400)).toBe(0);
    expect(positionAt(133, 100, 400)).toBe(8.3);
    expect(positionAt(20, 100, 400)).toBe(0);
    expect(positionAt(900, 100, 400)).toBe(100);
    // A frame not laid out yet (no width) keeps the divider in the middle.
    expect(positionAt(300, 100, 0)).toBe(COMPARE_START);
  });

  it('tells a screen reader how much of each picture shows', () => {
    expect(positionText(50)).toBe('50% before, 50% after');
    expect(positionText(8.3)).toBe('8% before, 92% after');
  });
});
