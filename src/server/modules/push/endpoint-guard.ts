import dns from 'node:dns';
import net from 'node:net';
import { ipv6Groups } from '../../http/client-network';

/**
 * Addresses a push endpoint must never reach: a staff member's browser hands us the URL we post
 * to, so without this a stolen or careless session could make the server call its own network
 * (SSRF). Push services are public https hosts (fcm.googleapis.com, updates.push.services.mozilla.com,
 * *.notify.windows.com, web.push.apple.com); anything loopback, private, link-local, shared
 * (CGNAT), multicast, documentation or otherwise reserved is refused. Each family has its own list:
 * an IPv6 rule covering ::ffff:0:0/96 would also match every IPv4 address (Node compares IPv4 as
 * mapped IPv6), which is how every push once failed closed.
 */
const reservedIPv4 = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  reservedIPv4.addSubnet(address, prefix, 'ipv4');

/** IPv6 is reached only in global unicast (2000::/3), less its special ranges. */
const globalIPv6 = new net.BlockList();
globalIPv6.addSubnet('2000::', 3, 'ipv6');
const reservedIPv6 = new net.BlockList();
for (const [address, prefix] of [
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside, reached through a relay
  ['3fff::', 20], // documentation (RFC 9637)
] as const)
  reservedIPv6.addSubnet(address, prefix, 'ipv6');

/**
 * The IPv4 address an address stands for: itself, or the one inside an IPv4-mapped
 * (::ffff:0:0/96) or NAT64 (64:ff9b::/96) IPv6 address; null for other IPv6 addresses.
 */
function ipv4Inside(address: string): string | null {
  if (net.isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  const nat64 =
    groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0);
  if (!mapped && !nat64) return null;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');
const isLoopback = (address: string) => {
  const v4 = net.isIP(address) === 0 ? null : ipv4Inside(address);
  return v4
    ? v4.startsWith('127.')
    : net.isIPv6(address) && ipv6Groups(address).join(':') === '0:0:0:0:0:0:0:1';
};
const isLoopbackHost = (hostname: string) => {
  const host = bare(hostname);
  return host === 'localhost' || (net.isIP(host) !== 0 && isLoopback(host));
};

const NOT_PUBLIC = 'Endpoint must be a push service on the internet.';

/** Names that never lead to a public push service, whatever they resolve to. */
const LOCAL_SUFFIXES = [
  '.localhost',
  '.local',
  '.internal',
  '.localdomain',
  '.home.arpa',
  '.lan',
  '.intranet',
];

/** Whether a resolved address may be posted to (loopback only when `allowLoopback`). */
export function addressAllowed(address: string, allowLoopback: boolean): boolean {
  const plain = address.split('%')[0] ?? '';
  if (net.isIP(plain) === 0) return false;
  if (allowLoopback && isLoopback(plain)) return true;
  const v4 = ipv4Inside(plain);
  if (v4) return !reservedIPv4.check(v4, 'ipv4');
  return globalIPv6.check(plain, 'ipv6') && !reservedIPv6.check(plain, 'ipv6');
}

/**
 * Why a push endpoint is refused, or undefined when it may be stored: an https address of a host
 * that is not an internal one. `allowLoopback` (PUSH_ALLOW_LOOPBACK, tests and development) also
 * lets http and https reach this machine's loopback, and nothing else.
 */
export function endpointProblem(endpoint: string, allowLoopback: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'Endpoint must be a full https:// address.';
  }
  if (url.username || url.password) return 'Endpoint must not carry a user name or password.';
  const local = allowLoopback && isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:' && !(local && url.protocol === 'http:'))
    return 'Endpoint must be a full https:// address.';
  const host = bare(url.hostname);
  if (local) return undefined;
  if (net.isIP(host) !== 0) return addressAllowed(host, false) ? undefined : NOT_PUBLIC;
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || !name.includes('.') || LOCAL_SUFFIXES.some((suffix) => name.endsWith(suffix)))
    return NOT_PUBLIC;
  return undefined;
}

/** How the name of an endpoint is resolved when a push is sent (the system's resolver). */
export type Resolve = (
  hostname: string,
  options: dns.LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

const systemResolve: Resolve = (hostname, options, callback) =>
  dns.lookup(hostname, { ...options, all: true }, callback);

/**
 * `lookup` for the sockets that post to push services: a name that resolves to an internal
 * address is refused at connection time too, so a host that was public when stored and points
 * inward later (DNS rebinding) is not reached.
 */
export function guardedLookup(allowLoopback: boolean, resolve: Resolve = systemResolve): net.LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options as dns.LookupOptions, (error, list) => {
      if (error) return callback(error, '', 0);
      const allowed = list.filter((entry) => addressAllowed(entry.address, allowLoopback));
      if (allowed.length === 0 || allowed.length !== list.length) {
        const refused = Object.assign(
          new Error(`push endpoint ${hostname} resolves to an internal address`),
          {
            code: 'EPUSHBLOCKED',
          },
        );
        return callback(refused, '', 0);
      }
      if ((options as dns.LookupOptions).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, allowed);
      const [first] = allowed;
      callback(null, first!.address, first!.family);
    });
  };
}
