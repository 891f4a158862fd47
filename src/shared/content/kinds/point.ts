import { z } from 'zod';
import { parseLocation } from '../../location';
import type { PointField } from '../fields';
import { type FieldKindModule, optionalValue } from './kind';

/** The point a maps link or a typed `latitude, longitude` names, or null when it names none. */
function pointOf(value: string) {
  return parseLocation(value)?.point ?? null;
}

/** Six decimals: about 10 cm, more than a front door needs. */
const normalised = (value: string) => {
  const point = pointOf(value);
  return point ? `${Number(point.lat.toFixed(6))},${Number(point.lng.toFixed(6))}` : value;
};

export const pointMessage = (field: PointField) =>
  `${field.label} must be a latitude and longitude such as 31.5204, 74.3587, or a Google Maps, Apple Maps or OpenStreetMap link that shows the point (a short share link does not: open it and copy the address bar).`;

/**
 * A place on the map (a service center's door): typed as `latitude, longitude` or pasted as a
 * maps link that names its point (shared/location.ts reads both), stored as `lat,lng` text, or
 * none. A link that names no point is refused: there would be nothing to draw or to give search
 * engines.
 */
export const point: FieldKindModule<PointField> = {
  schema: (field) =>
    optionalValue(field, 2000, pointMessage(field), (value) => pointOf(value) !== null, normalised),
  stored: () => z.string().nullable(),
  column: (field) => ({ type: 'text', notNull: field.required }),
  read: (_field, value) => (typeof value === 'string' && value ? value : null),
  example: () => '31.5204,74.3587',
  empty: () => '',
  absent: () => null,
};
