/** The pure parts of the gateway's identity rules: CIDRs, the unknown-frame budget, the descriptor cap, places. */
import { describe, expect, it } from 'vitest';
import { connectionCap, parseOpenFilesSoftLimit, RESERVED_DESCRIPTORS } from './fd-limit.ts';
import { placeConsistent, PLACE_TOLERANCE_M } from './identity-guard.ts';
import { parseCidr, plainAddress, sourceNetworks } from './source-networks.ts';
import { ADDRESS_FACTOR, createUnidentifiedBudget } from './unidentified-budget.ts';

describe('source networks', () => {
  it('parses CIDRs and single addresses, refuses the rest', () => {
    expect(parseCidr('10.64.0.0/16')).toEqual({ address: '10.64.0.0', prefix: 16, family: 'ipv4' });
    expect(parseCidr('2001:db8::/32')).toEqual({ address: '2001:db8::', prefix: 32, family: 'ipv6' });
    expect(parseCidr('10.1.2.3')).toEqual({ address: '10.1.2.3', prefix: 32, family: 'ipv4' });
    for (const bad of ['10.0.0.0/33', '10.0.0/8', 'x/8', '10.0.0.0/8/1', '10.0.0.0/-1', ''])
      expect(parseCidr(bad), bad).toBeNull();
  });

  it('matches addresses, IPv4 clients on dual-stack sockets included', () => {
    const networks = sourceNetworks(['10.64.0.0/16', '2001:db8::/32']);
    expect(networks?.allows('10.64.200.7')).toBe(true);
    expect(networks?.allows('::ffff:10.64.0.1')).toBe(true);
    expect(networks?.allows('10.65.0.1')).toBe(false);
    expect(networks?.allows('2001:db8::5')).toBe(true);
    expect(networks?.allows('2001:db9::5')).toBe(false);
    expect(networks?.allows('garbage')).toBe(false);
    expect(plainAddress('::ffff:127.0.0.2')).toBe('127.0.0.2');
  });

  it('an empty list allows anything; a list of typos allows nothing', () => {
    expect(sourceNetworks([])).toBeNull();
    expect(sourceNetworks(null)).toBeNull();
    expect(sourceNetworks(['10.0.0.0/99'])?.allows('10.0.0.1')).toBe(false);
  });
});

describe('unidentified-frame budget', () => {
  it('keeps the first frames per address and IMEI, and a bounded total per address', () => {
    let nowMs = 0;
    const budget = createUnidentifiedBudget({ framesPerKey: 3, clock: () => nowMs, windowMs: 1000 });
    const kept = (address: string, imei: string | null, n: number) =>
      Array.from({ length: n }, () => budget.keepRawLog(address, imei)).filter(Boolean).length;
    expect(kept('1.2.3.4', '111', 10)).toBe(3);
    expect(kept('1.2.3.5', '111', 10)).toBe(3);
    expect(kept('1.2.3.4', null, 10)).toBe(3);
    // Rotating IMEIs from one address: at most ADDRESS_FACTOR × 3 in all.
    let rotated = 0;
    for (let i = 0; i < 100; i++) rotated += kept('9.9.9.9', `imei${i}`, 3);
    expect(rotated).toBe(ADDRESS_FACTOR * 3);
    nowMs = 1000; // a new window
    expect(kept('1.2.3.4', '111', 10)).toBe(3);
  });

  it('stays bounded in memory', () => {
    const budget = createUnidentifiedBudget({ framesPerKey: 1, clock: () => 0, maxKeys: 100 });
    for (let i = 0; i < 1000; i++) budget.keepRawLog(`10.0.${i >> 8}.${i & 255}`, String(i));
    expect(budget.keys).toBeLessThanOrEqual(100);
  });
});

describe('descriptor limit', () => {
  const limits = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            20000                524288               files
Max locked memory         8388608              8388608              bytes`;

  it('reads the soft limit of /proc/self/limits', () => {
    expect(parseOpenFilesSoftLimit(limits)).toBe(20000);
    expect(parseOpenFilesSoftLimit(limits.replace('20000 ', 'unlimited'))).toBeNull();
    expect(parseOpenFilesSoftLimit('nothing here')).toBeNull();
  });

  it('caps connections below the descriptors, keeping some for HTTP and the database', () => {
    expect(connectionCap(100_000, 20_000)).toBe(20_000 - RESERVED_DESCRIPTORS);
    expect(connectionCap(5_000, 20_000)).toBe(5_000);
    expect(connectionCap(100_000, null)).toBe(100_000);
    expect(connectionCap(100_000, 100)).toBe(1);
  });
});

describe('place consistency', () => {
  const indore = { lat: 22.7186, lon: 75.8554, atMs: 0 };
  it('accepts a fix near the last place, or as far as a vehicle could have driven since', () => {
    expect(placeConsistent(indore, { lat: 22.72, lon: 75.86, atMs: 60_000 })).toBe(true);
    // Bhopal is ~170 km away: not after a minute, but after two hours.
    const bhopal = { lat: 23.2599, lon: 77.4126 };
    expect(placeConsistent(indore, { ...bhopal, atMs: 60_000 })).toBe(false);
    expect(placeConsistent(indore, { ...bhopal, atMs: 2 * 3_600_000 })).toBe(true);
    expect(placeConsistent(null, { ...bhopal, atMs: 0 })).toBe(true);
    expect(PLACE_TOLERANCE_M).toBe(2_000);
  });
});
