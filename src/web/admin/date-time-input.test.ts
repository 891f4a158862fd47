import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './date-time-input';

describe('a date-time control', () => {
  it("shows a stored instant in the browser's zone and sends back the same instant", () => {
    const stored = '2026-11-25T10:00:00.000Z';
    const local = toLocalInput(stored);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(new Date(local).getTime()).toBe(Date.parse(stored));
    expect(fromLocalInput(local)).toBe(stored);
  });

  it('keeps an empty value empty and leaves text it cannot read for the schema to refuse', () => {
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('')).toBe('');
    expect(toLocalInput('not a date')).toBe('');
    expect(fromLocalInput('')).toBe('');
    expect(fromLocalInput('nonsense')).toBe('nonsense');
  });
});
