/**
 * Allowed source networks of a device (docs/security.md "Device identity"): CIDRs such as a private APN's
 * `10.64.0.0/16`, matched with node:net BlockList. GT06 and the other tracker protocols carry no credential, so the
 * network a frame comes from is the one thing an impostor who knows an IMEI cannot choose freely.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

export interface SourceNetworks {
  /** The CIDRs as configured (for logs and the raw-log note). */
  readonly cidrs: readonly string[];
  allows(address: string): boolean;
}

/** `::ffff:10.1.2.3` (an IPv4 client on a dual-stack socket) → `10.1.2.3`. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped?.[1] ?? address;
}

/** One CIDR (`10.0.0.0/8`, `2001:db8::/32`) or a single address; null when it is neither. */
export function parseCidr(
  value: string,
): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, ...rest] = value.trim().split('/');
  if (rest.length > 0) return null;
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
  if (!family) return null;
  const max = family === 'ipv4' ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: max, family };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  return prefix <= max ? { address, prefix, family } : null;
}

/** Null for an empty list: any address is allowed. Entries that do not parse are skipped (validated on input). */
export function sourceNetworks(cidrs: readonly string[] | null | undefined): SourceNetworks | null {
  if (!cidrs || cidrs.length === 0) return null;
  const list = new BlockList();
  const kept: string[] = [];
  for (const cidr of cidrs) {
    const parsed = parseCidr(cidr);
    if (!parsed) continue;
    list.addSubnet(parsed.address, parsed.prefix, parsed.family);
    kept.push(cidr.trim());
  }
  // Every entry unreadable: refuse everything rather than silently allow it (a typo must not open the door).
  return {
    cidrs: kept,
    allows(address) {
      const plain = plainAddress(address);
      if (isIPv4(plain)) return list.check(plain, 'ipv4');
      if (isIPv6(plain)) return list.check(plain, 'ipv6');
      return false;
    },
  };
}
