import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The key a per-address budget counts a request under: an IPv4 address as it is, an IPv6 address
 * by its network (the first `ipv6Prefix` bits, /64 by default: one household or one server gets a
 * whole /64, so counting single IPv6 addresses counted nothing), and an IPv4-mapped IPv6 address
 * (`::ffff:1.2.3.4`) as the IPv4 address it is. Anything else (no address at all) as it came.
 */
export function networkOf(address: string, ipv6Prefix: number): string {
  if (isIPv4(address)) return address;
  const bare = address.split('%')[0] ?? '';
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  const value = groups.reduce((sum, group) => (sum << 16n) | BigInt(group), 0n);
  if (value >> 32n === 0xffffn) {
    const v4 = Number(value & 0xffffffffn);
    return [24, 16, 8, 0].map((shift) => (v4 >>> shift) & 0xff).join('.');
  }
  const bits = BigInt(128 - ipv6Prefix);
  const masked = (value >> bits) << bits;
  const hex = masked.toString(16).padStart(32, '0');
  const text = hex.match(/.{4}/g)?.map((group) => group.replace(/^0{1,3}/, '')) ?? [];
  return `${text.join(':')}/${ipv6Prefix}`;
}

/** The eight 16-bit groups of a valid IPv6 address, with `::` and a trailing dotted IPv4 part expanded. */
export function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  // A trailing dotted IPv4 part (`::ffff:1.2.3.4`), read without a pattern: the address is valid
  // IPv6 already, so the part after the last colon holds four decimal numbers or none.
  const lastColon = text.lastIndexOf(':');
  const dottedPart = text.slice(lastColon + 1);
  if (dottedPart.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = dottedPart.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...missing, ...right].map((group) => Number.parseInt(group, 16));
}

/**
 * The one place a limiter learns who is asking: the client's network (see `networkOf`) from
 * `request.ip`, so after Fastify's TRUST_PROXY handling. Every per-address budget counts this key;
 * a test fails if anything else outside logging reads `request.ip`.
 */
export function clientNetwork(request: FastifyRequest): string {
  // A socket closed before this point leaves no address: such requests share one key, not a 500.
  return networkOf(request.ip || 'unknown', request.server.env.LIMIT_IPV6_PREFIX);
}
