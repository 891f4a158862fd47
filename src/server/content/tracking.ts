import { createHash, randomBytes, randomInt } from 'node:crypto';
import { secretLink } from '../../shared/secret-links';

/** Letters and digits nobody misreads on a phone call: no 0/O, 1/I/L. */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** 31^5 = 28.6 million references per prefix; a collision is retried (repository.create). */
const REFERENCE_LENGTH = 5;

/** A new short reference, `CF-7Q3KX`: what a visitor reads out when they call. */
export function newReference(prefix: string): string {
  let code = '';
  for (let i = 0; i < REFERENCE_LENGTH; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `${prefix}-${code}`;
}

/** The shape of a reference, for tests and for reading one back from a visitor. */
export const REFERENCE_PATTERN = /^[A-Z]{2,4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4,6}$/;

/** The path of the private status page of a token. */
export const trackPath = (token: string) => secretLink('track', token);

/** The stored form of a track token: its SHA-256, as sessions store theirs (modules/auth/store.ts). */
export const hashTrackToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A track link's token: 32 random bytes. Only its hash is stored. */
export function newTrackToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashTrackToken(token) };
}

/** The shape of a token as issued: anything else is not looked up at all. */
export const TRACK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
