/**
 * Classification of IP addresses for the public port checker. Pure: no DNS, no sockets.
 *
 * The checker may only probe addresses that are globally routable; everything in the IANA special-purpose registries
 * (RFC 6890 and successors) that is not globally reachable is refused, and addresses that embed an IPv4 address
 * (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16) are classified by that IPv4 address, because a
 * packet sent to them ends up at the embedded address.
 */
import { isIPv4, isIPv6 } from 'node:net';

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'unspecified'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'unique-local'
  | 'multicast'
  | 'documentation'
  | 'benchmarking'
  | 'reserved'
  | 'invalid';

interface Range {
  base: bigint;
  prefix: number;
  cls: Exclude<AddressClass, 'public' | 'invalid'>;
}

/** Non-public IPv4 ranges, most specific first is not needed: they do not overlap. */
const IPV4_RANGES: Range[] = [
  v4('0.0.0.0', 8, 'unspecified'), // "this network"; 0.0.0.0 itself is the unspecified address
  v4('10.0.0.0', 8, 'private'),
  v4('100.64.0.0', 10, 'shared'), // carrier-grade NAT (RFC 6598)
  v4('127.0.0.0', 8, 'loopback'),
  v4('169.254.0.0', 16, 'link-local'),
  v4('172.16.0.0', 12, 'private'),
  v4('192.0.0.0', 24, 'reserved'), // IETF protocol assignments
  v4('192.0.2.0', 24, 'documentation'), // TEST-NET-1
  v4('192.88.99.0', 24, 'reserved'), // deprecated 6to4 relay anycast
  v4('192.168.0.0', 16, 'private'),
  v4('198.18.0.0', 15, 'benchmarking'),
  v4('198.51.100.0', 24, 'documentation'), // TEST-NET-2
  v4('203.0.113.0', 24, 'documentation'), // TEST-NET-3
  v4('224.0.0.0', 4, 'multicast'),
  v4('240.0.0.0', 4, 'reserved'), // future use, including the 255.255.255.255 broadcast
];

/** Non-public IPv6 ranges inside 2000::/3 (everything outside 2000::/3 is handled before these). */
const IPV6_GLOBAL_EXCEPTIONS: Range[] = [
  v6('2001::', 23, 'reserved'), // IETF protocol assignments: Teredo, ORCHID, AMT, benchmarking 2001:2::/48 …
  v6('2001:db8::', 32, 'documentation'),
  v6('3fff::', 20, 'documentation'), // RFC 9637
];

const V4_MAPPED = v6('::ffff:0:0', 96, 'reserved');
const NAT64 = v6('64:ff9b::', 96, 'reserved');
const SIX_TO_FOUR = v6('2002::', 16, 'reserved');

export function classifyAddress(address: string): AddressClass {
  if (isIPv4(address)) return classifyIpv4(parseIpv4(address));
  if (!isIPv6(address) || address.includes('%')) return 'invalid';
  const value = parseIpv6(address);
  if (value === null) return 'invalid';
  return classifyIpv6(value);
}

export function isPublicAddress(address: string): boolean {
  return classifyAddress(address) === 'public';
}

/**
 * The port checker's rule: any port on a public address, or one of the platform's own device ports on loopback (so an
 * operator can test the platform's listeners). Private networks can never be probed.
 */
export function isProbeAllowed(address: string, port: number, devicePorts: readonly number[]): boolean {
  const cls = classifyAddress(address);
  return cls === 'public' || (cls === 'loopback' && devicePorts.includes(port));
}

function classifyIpv4(value: bigint): AddressClass {
  for (const range of IPV4_RANGES) if (inRange(value, range, 32)) return range.cls;
  return 'public';
}

function classifyIpv6(value: bigint): AddressClass {
  if (value === 0n) return 'unspecified';
  if (value === 1n) return 'loopback';
  // Addresses that carry an IPv4 address are as reachable as that address.
  if (inRange(value, V4_MAPPED, 128) || inRange(value, NAT64, 128)) return classifyIpv4(value & 0xffffffffn);
  if (inRange(value, SIX_TO_FOUR, 128)) return classifyIpv4((value >> 80n) & 0xffffffffn);
  const top16 = value >> 112n;
  if (top16 >= 0xff00n) return 'multicast'; // ff00::/8
  if (top16 >= 0xfe80n && top16 <= 0xfebfn) return 'link-local'; // fe80::/10
  if (top16 >= 0xfec0n && top16 <= 0xfeffn) return 'private'; // deprecated site-local fec0::/10
  if (top16 >= 0xfc00n && top16 <= 0xfdffn) return 'unique-local'; // fc00::/7
  // Only 2000::/3 is allocated global unicast; the rest (::/8 compat, 100::/64 discard, 64:ff9b:1::/48 local NAT64,
  // 5f00::/16 SRv6 …) is not reachable on the internet.
  if (top16 < 0x2000n || top16 > 0x3fffn) return 'reserved';
  for (const range of IPV6_GLOBAL_EXCEPTIONS) if (inRange(value, range, 128)) return range.cls;
  if (top16 === 0x5f00n) return 'reserved';
  return 'public';
}

function inRange(value: bigint, range: Range, bits: number): boolean {
  const shift = BigInt(bits - range.prefix);
  return value >> shift === range.base >> shift;
}

function parseIpv4(address: string): bigint {
  return address.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

/** Parses a textual IPv6 address (already checked by isIPv6) into its 128-bit value. */
function parseIpv6(address: string): bigint | null {
  let text = address.toLowerCase();
  // A trailing dotted quad stands for the last two groups.
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!isIPv4(tail)) return null;
    const v = parseIpv4(tail);
    text = `${text.slice(0, lastColon + 1)}${(v >> 16n).toString(16)}:${(v & 0xffffn).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - rest.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  let value = 0n;
  for (const group of groups) {
    if (!/^[0-9a-f]{1,4}$/.test(group)) return null;
    value = (value << 16n) | BigInt(parseInt(group, 16));
  }
  return value;
}

function v4(address: string, prefix: number, cls: Range['cls']): Range {
  return { base: parseIpv4(address), prefix, cls };
}

function v6(address: string, prefix: number, cls: Range['cls']): Range {
  const base = parseIpv6(address);
  if (base === null) throw new Error(`Bad IPv6 range ${address}`);
  return { base, prefix, cls };
}
