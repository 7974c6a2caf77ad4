/**
 * Server-side request forgery guard (docs/security.md, ASVS 5.2.6 / 12.6.1): forwarding targets are typed in by
 * organisation admins, so the server refuses to connect to loopback, private, link-local (cloud metadata
 * 169.254.169.254), carrier-grade NAT, multicast and reserved addresses unless FORWARD_ALLOW_PRIVATE_ADDRESSES is on
 * (a receiver inside the operator's own network, and the tests). The check runs on the addresses the connection
 * actually uses (a `lookup` hook), so a name that resolves to a public address when saved and to a private one later
 * (DNS rebinding) is still refused.
 */
import dns from 'node:dns';
import net from 'node:net';

export interface AddressPolicy {
  allowPrivateAddresses: boolean;
}

export const PUBLIC_ONLY: AddressPolicy = { allowPrivateAddresses: false };

const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(prefix, bits, 'ipv6');

/** True for an address a forwarding target may not reach (IPv4-mapped IPv6 is checked as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  const family = net.isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class PrivateAddressError extends Error {
  constructor(address: string) {
    super(`The address ${address} is private, loopback or reserved: forwarding to it is not allowed`);
    this.name = 'PrivateAddressError';
  }
}

/** Throws PrivateAddressError when `host` is an IP literal the policy refuses (names are checked at lookup). */
export function assertAllowedLiteral(host: string, policy: AddressPolicy): void {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (!policy.allowPrivateAddresses && net.isIP(bare) !== 0 && isPrivateAddress(bare))
    throw new PrivateAddressError(bare);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for net.connect / http.request that fails when a resolved address is refused by the policy. */
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = policy.allowPrivateAddresses
        ? undefined
        : addresses.find((entry) => isPrivateAddress(entry.address));
      if (refused) return callback(new PrivateAddressError(refused.address), []);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}
