import { describe, expect, it } from 'vitest';
import { arrivalOf, cityOf, groupInWords, responseGroups } from './response-time';

const site = { responseTime: '60–90 minutes', city: 'Lahore' };

describe('the response-time promise, per city', () => {
  it('reads a center’s city from the end of its address, without a postcode', () => {
    expect(cityOf('Plot 45, Shahrah-e-Faisal, PECHS Block 6, Karachi')).toBe('Karachi');
    expect(cityOf('Shop 8, Blue Area, Islamabad 44000')).toBe('Islamabad');
    expect(cityOf('')).toBe('');
  });

  it('groups cities with the same time, the fastest first; a center without its own time has the site’s', () => {
    const groups = responseGroups(site, [
      { address: 'Gulberg III, Lahore', responseTime: '' },
      { address: 'PECHS, Karachi', responseTime: '45–60 minutes' },
      { address: 'Blue Area, Islamabad', responseTime: '' },
    ]);
    expect(groups.map(groupInWords)).toEqual([
      '45–60 minutes in Karachi',
      '60–90 minutes in Lahore and Islamabad',
    ]);
  });

  it('counts hours as sixty minutes, and says the site’s city when there are no centers', () => {
    expect(
      responseGroups(site, [
        { address: 'A, Multan', responseTime: '2 hours' },
        { address: 'B, Lahore', responseTime: '90 minutes' },
      ]).map((g) => g.time),
    ).toEqual(['90 minutes', '2 hours']);
    expect(responseGroups(site, []).map(groupInWords)).toEqual(['60–90 minutes in Lahore']);
  });

  it('promises nothing when no time is set anywhere', () => {
    expect(
      responseGroups({ responseTime: '', city: 'Lahore' }, [{ address: 'Lahore', responseTime: '' }]),
    ).toEqual([]);
  });

  it('lets a service row state a time only when every city shares it', () => {
    const one = responseGroups(site, [
      { address: 'A, Lahore', responseTime: '' },
      { address: 'B, Karachi', responseTime: '60–90 minutes' },
    ]);
    expect(arrivalOf(one)).toEqual({
      promise: ['60–90 minutes in Lahore and Karachi'],
      everywhere: '60–90 minutes',
    });
    const two = responseGroups(site, [
      { address: 'A, Lahore', responseTime: '' },
      { address: 'B, Karachi', responseTime: '45–60 minutes' },
    ]);
    expect(arrivalOf(two)).toEqual({
      promise: ['45–60 minutes in Karachi', '60–90 minutes in Lahore'],
      everywhere: '',
    });
    expect(arrivalOf([])).toEqual({ promise: [], everywhere: '' });
  });
});
