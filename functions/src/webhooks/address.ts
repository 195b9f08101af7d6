// Where a webhook may point (SSRF): https only, and every address the host resolves to public.
// Checked at registration and again at each delivery, on the very addresses the connection uses
// (the `lookup` below), so a name re-pointed at a private address after registration (DNS
// rebinding) is refused too. Under the emulator, http and loopback receivers are allowed so the
// tests can run one.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Never a webhook target: private, loopback, link-local (cloud metadata), CGNAT, multicast, reserved. */
const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, incl. 169.254.169.254 (metadata servers)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. broadcast
] as const) {
  refused.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64: reaches IPv4 addresses
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments, incl. Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: reaches IPv4 addresses
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  refused.addSubnet(network, prefix, 'ipv6');
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

export interface TargetPolicy {
  /** Under the emulator: http and loopback addresses allowed (local receivers). */
  allowLocal: boolean;
}

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d, also written in hex) as its IPv4 address. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1]) return { address: dotted[1], family: 'ipv4' };
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex?.[1] && hex[2]) {
    const high = parseInt(hex[1], 16);
    const low = parseInt(hex[2], 16);
    return { address: `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, family: 'ipv4' };
  }
  return { address: lower, family: isIP(lower) === 4 ? 'ipv4' : 'ipv6' };
}

/** Why an address may not be connected to, or null when it may. */
export function refusedAddress(address: string, policy: TargetPolicy): string | null {
  if (isIP(address) === 0) return `${address} is not an IP address`;
  const { address: plain, family } = unmapped(address);
  if (policy.allowLocal && loopback.check(plain, family)) return null;
  return refused.check(plain, family) ? `${address} is not a public address` : null;
}

/** Why a URL may not be a webhook target without resolving it (scheme, credentials), or null. */
export function refusedUrl(raw: string, policy: TargetPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a valid URL';
  }
  const local = policy.allowLocal && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(local && url.protocol === 'http:')) return 'must be an https URL';
  if (url.username !== '' || url.password !== '') return 'must not carry credentials';
  if (url.hash !== '') return 'must not carry a fragment';
  return null;
}

export class RefusedTargetError extends Error {}

/** The addresses of `host`, every one of them allowed, or a RefusedTargetError. */
export async function allowedAddresses(host: string, policy: TargetPolicy): Promise<LookupAddress[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const addresses =
    isIP(bare) !== 0
      ? [{ address: bare, family: isIP(bare) }]
      : await new Promise<LookupAddress[]>((resolve, reject) =>
          dnsLookup(bare, { all: true, verbatim: true }, (error, found) =>
            error ? reject(new RefusedTargetError(`${bare} does not resolve`)) : resolve(found),
          ),
        );
  if (addresses.length === 0) throw new RefusedTargetError(`${bare} does not resolve`);
  // One refused address refuses the host: a resolver may hand any of them to the connection.
  for (const { address } of addresses) {
    const why = refusedAddress(address, policy);
    if (why !== null) throw new RefusedTargetError(why);
  }
  return addresses;
}

/** A `lookup` for http(s).request that connects only to checked addresses (no second resolution in between). */
export function checkedLookup(policy: TargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    allowedAddresses(hostname, policy).then(
      (addresses) => {
        const [first] = addresses;
        if (options.all) callback(null, addresses);
        else if (first) callback(null, first.address, first.family);
      },
      (error: Error) => callback(error, ''),
    );
  };
}
