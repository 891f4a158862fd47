import { describe, expect, it } from 'vitest';
import { directionsHref, LOCATION_FORMAT, parseLocation } from './location';

const DIRECTIONS = 'https://www.google.com/maps/dir/?api=1&destination=';

describe('a customer location', () => {
  it('takes a point and the maps apps links, and nothing else', () => {
    const taken = [
      '24.8607,67.0011',
      '-33.9, 151.2',
      'https://maps.app.goo.gl/AbCdEf123',
      'https://www.google.com/maps/place/Clifton/@24.8138,67.0300,15z',
      'https://maps.google.com.pk/?q=24.8,67.0',
      'https://maps.apple.com/?ll=31.5204,74.3587&q=Home',
      'https://www.openstreetmap.org/#map=17/31.52040/74.35870',
    ];
    for (const text of taken) expect(LOCATION_FORMAT.pattern.test(text), text).toBe(true);
    const refused = [
      '91,67',
      '24.8,181',
      'http://maps.google.com/?q=1,2',
      'https://maps.google.com.evil.example/x',
      'https://evil.example/maps.google.com',
      'https://www.google.com/search?q=plumber',
      'javascript:alert(1)',
      'near the mosque',
    ];
    for (const text of refused) expect(LOCATION_FORMAT.pattern.test(text), text).toBe(false);
  });

  it('reads the point a link names, where it names one', () => {
    expect(parseLocation('24.8607, 67.0011')).toEqual({
      kind: 'point',
      point: { lat: 24.8607, lng: 67.0011 },
    });
    expect(parseLocation('https://www.google.com/maps/place/X/@24.8138,67.03,15z')?.point).toEqual({
      lat: 24.8138,
      lng: 67.03,
    });
    expect(parseLocation('https://www.openstreetmap.org/?mlat=31.52&mlon=74.35')?.point).toEqual({
      lat: 31.52,
      lng: 74.35,
    });
    expect(parseLocation('https://maps.app.goo.gl/AbC')).toEqual({
      kind: 'link',
      url: 'https://maps.app.goo.gl/AbC',
      point: null,
    });
    expect(parseLocation('')).toBeNull();
  });

  it('gives directions to the point, else the address and area, else the link', () => {
    expect(directionsHref({ location: '24.8607,67.0011', address: '12 Main St', area: 'Clifton' })).toBe(
      `${DIRECTIONS}24.8607,67.0011`,
    );
    expect(directionsHref({ location: '', address: '12 Main St', area: 'Clifton' })).toBe(
      `${DIRECTIONS}12%20Main%20St%2C%20Clifton`,
    );
    expect(directionsHref({ area: 'DHA Phase 5, Lahore' })).toBe(`${DIRECTIONS}DHA%20Phase%205%2C%20Lahore`);
    expect(directionsHref({ location: 'https://maps.app.goo.gl/AbC' })).toBe('https://maps.app.goo.gl/AbC');
    expect(directionsHref({ location: '', address: '', area: '' })).toBeNull();
  });
});
