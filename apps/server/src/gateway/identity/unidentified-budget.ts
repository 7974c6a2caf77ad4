/**
 * How many raw_logs rows frames of no registered device may create (issue 20 finding 6: 50,000 frames of an unknown
 * IMEI were 50,000 rows). The first `framesPerKey` frames per source address and IMEI (or per address for frames
 * carrying no IMEI) are stored, at most ADDRESS_FACTOR × that per address whatever IMEIs it rotates through; the
 * rest are only counted (`unknown_devices.packets`). The counts start again every window; the map is bounded (cleared
 * when it would pass maxKeys, which only lets a few more rows through).
 */
import { plainAddress } from './source-networks.ts';

/** Raw-logged unidentified frames of one address across all its IMEIs, in units of framesPerKey. */
export const ADDRESS_FACTOR = 10;

export interface UnidentifiedBudget {
  /** True when this frame should still become a raw_logs row. */
  keepRawLog(address: string | null, imei: string | null): boolean;
  readonly keys: number;
}

export function createUnidentifiedBudget(options: {
  framesPerKey: number;
  clock: () => number;
  windowMs?: number;
  maxKeys?: number;
}): UnidentifiedBudget {
  const windowMs = options.windowMs ?? 3_600_000;
  const maxKeys = options.maxKeys ?? 100_000;
  const counts = new Map<string, number>();
  let windowStartMs = options.clock();

  const bump = (key: string, limit: number): boolean => {
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    return count <= limit;
  };

  return {
    keepRawLog(address, imei) {
      const nowMs = options.clock();
      if (nowMs - windowStartMs >= windowMs || counts.size >= maxKeys) {
        counts.clear();
        windowStartMs = nowMs;
      }
      const ip = address === null ? '?' : plainAddress(address);
      const perKey = bump(`${ip}|${imei ?? ''}`, options.framesPerKey);
      // The address total counts only frames its IMEI's own budget would keep.
      return perKey && bump(ip, options.framesPerKey * ADDRESS_FACTOR);
    },
    get keys() {
      return counts.size;
    },
  };
}
