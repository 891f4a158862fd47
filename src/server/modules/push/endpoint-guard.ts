import dns from 'node:dns';
import net from 'node:net';

/**
 * Addresses a push endpoint must never reach: a staff member's browser hands us the URL we post
 * to, so without this a stolen or careless session could make the server call its own network
 * (SSRF). Push services are public https hosts; anything loopback, private, link-local or
 * otherwise special is refused.
 */
const blocked = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(address, prefix, 'ipv6');

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');
const family = (address: string) => (net.isIPv6(address) ? 'ipv6' : 'ipv4');
const isLoopbackHost = (hostname: string) => {
  const host = bare(hostname);
  return host === 'localhost' || (net.isIP(host) !== 0 && loopback.check(host, family(host)));
};

/** Whether a resolved address may be posted to (loopback only when `allowLoopback`). */
export function addressAllowed(address: string, allowLoopback: boolean): boolean {
  const kind = family(address);
  if (allowLoopback && loopback.check(address, kind)) return true;
  return !blocked.check(address, kind);
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
  if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.'))
    return 'Endpoint must be a push service on the internet.';
  if (net.isIP(host) !== 0 && !addressAllowed(host, false))
    return 'Endpoint must be a push service on the internet.';
  return undefined;
}

/**
 * `lookup` for the sockets that post to push services: a name that resolves to an internal
 * address is refused at connection time too, so a host that was public when stored and points
 * inward later (DNS rebinding) is not reached.
 */
export function guardedLookup(allowLoopback: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
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
