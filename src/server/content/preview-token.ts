import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a preview link (decision 109): which record of which type, until when, signed with
 * a key every instance shares (`server_secrets`). Nothing is stored: the link works on any instance
 * and stops working at its time; whoever holds it sees that one record's draft, nothing else.
 */

/** How long a preview link works. */
export const PREVIEW_LIFETIME_MS = 60 * 60 * 1000;

export interface PreviewClaim {
  type: string;
  id: string;
  /** When the link stops working, in milliseconds since the epoch. */
  expires: number;
}

const TOKEN = /^[A-Za-z0-9_-]{10,400}\.[A-Za-z0-9_-]{43}$/;

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

export function previewToken(key: Buffer, claim: PreviewClaim): string {
  const body = Buffer.from(JSON.stringify([claim.type, claim.id, claim.expires])).toString('base64url');
  return `${body}.${sign(key, body)}`;
}

/** The claim of a token signed with `key` and not yet expired at `now`; null for anything else. */
export function readPreviewToken(key: Buffer, token: string, now: Date): PreviewClaim | null {
  if (!TOKEN.test(token)) return null;
  const [body, signature] = token.split('.') as [string, string];
  const expected = Buffer.from(sign(key, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const [type, id, expires] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown[];
    if (typeof type !== 'string' || typeof id !== 'string' || typeof expires !== 'number') return null;
    return expires > now.getTime() ? { type, id, expires } : null;
  } catch {
    return null;
  }
}
