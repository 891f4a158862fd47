import type { TextFormat } from './content/fields';

/**
 * Where a customer is, as they can give it from a phone: a link copied from a maps app (Google,
 * Apple, OpenStreetMap) or the `latitude,longitude` the browser's "Use my location" fills in.
 * Only these hosts are taken, so a request never carries a link to somewhere else for staff to
 * open; staff and the technician get directions from it (decision 096).
 */
export const LOCATION_FORMAT: TextFormat = {
  // One literal (the linear-pattern test reads it): a point in range, or an https link whose host
  // is one of the maps' own, followed by nothing or by a path, query or fragment.
  pattern:
    /^(?:-?(?:90(?:\.0{1,12})?|[1-8]?\d(?:\.\d{1,12})?) ?, ?-?(?:180(?:\.0{1,12})?|(?:1[0-7]\d|[1-9]?\d)(?:\.\d{1,12})?)|https:\/\/(?:(?:www\.)?google\.com(?:\.pk)?\/maps|maps\.google\.com(?:\.pk)?|maps\.app\.goo\.gl|goo\.gl\/maps|maps\.apple\.com|(?:www\.)?openstreetmap\.org|osm\.org)(?:[/?#]\S*)?)$/,
  message:
    'Location must be a link from Google Maps, Apple Maps or OpenStreetMap, or a latitude and longitude such as 24.8607,67.0011.',
  example: '24.8607,67.0011',
};

export interface MapPoint {
  lat: number;
  lng: number;
}

/** A location as the desk reads it: a point, a maps link (with the point it names, when it does), or nothing. */
export type ParsedLocation =
  | { kind: 'point'; point: MapPoint }
  | { kind: 'link'; url: string; point: MapPoint | null }
  | null;

// Where the maps put a point in their links: Google's `@lat,lng` and `q=`/`destination=`, Apple's
// `ll=`/`q=`, OpenStreetMap's `mlat=…&mlon=…` and `#map=zoom/lat/lng`.
const POINT_IN_LINK = [
  /@(-?\d{1,3}(?:\.\d{1,15})?),(-?\d{1,3}(?:\.\d{1,15})?)/,
  /[?&](?:q|query|ll|daddr|destination|sll)=(-?\d{1,3}(?:\.\d{1,15})?), ?(-?\d{1,3}(?:\.\d{1,15})?)/,
  /[?&]mlat=(-?\d{1,3}(?:\.\d{1,15})?)&mlon=(-?\d{1,3}(?:\.\d{1,15})?)/,
  /#map=\d{1,2}\/(-?\d{1,3}(?:\.\d{1,15})?)\/(-?\d{1,3}(?:\.\d{1,15})?)/,
];
const POINT = /^(-?\d{1,3}(?:\.\d{1,15})?) ?, ?(-?\d{1,3}(?:\.\d{1,15})?)$/;

const inRange = (lat: number, lng: number): MapPoint | null =>
  Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;

function decoded(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

/** What a stored location says; null for an empty one (or one that would not pass the format). */
export function parseLocation(text: string | null | undefined): ParsedLocation {
  const value = (text ?? '').trim();
  if (!value || !LOCATION_FORMAT.pattern.test(value)) return null;
  const bare = POINT.exec(value);
  if (bare) {
    const point = inRange(Number(bare[1]), Number(bare[2]));
    return point ? { kind: 'point', point } : null;
  }
  const readable = decoded(value);
  for (const pattern of POINT_IN_LINK) {
    const found = pattern.exec(readable);
    const point = found ? inRange(Number(found[1]), Number(found[2])) : null;
    if (point) return { kind: 'link', url: value, point };
  }
  return { kind: 'link', url: value, point: null };
}

const DIRECTIONS = 'https://www.google.com/maps/dir/?api=1&destination=';

/**
 * Directions to a customer, for the phone's maps app: to their point when the location names one,
 * else to their street address and area; else their maps link as it came (a short link names no
 * point we can read, and opening it offers directions); null when they gave none of these.
 */
export function directionsHref(request: {
  location?: unknown;
  address?: unknown;
  area?: unknown;
}): string | null {
  const location = parseLocation(typeof request.location === 'string' ? request.location : '');
  if (location?.point) return `${DIRECTIONS}${location.point.lat},${location.point.lng}`;
  const place = [request.address, request.area]
    .map((part) => (typeof part === 'string' ? part.trim() : ''))
    .filter(Boolean)
    .join(', ');
  if (place) return `${DIRECTIONS}${encodeURIComponent(place)}`;
  return location?.kind === 'link' ? location.url : null;
}
