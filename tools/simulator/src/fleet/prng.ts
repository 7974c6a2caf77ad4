/**
 * Seeded PRNG (mulberry32). The state is a plain number inside the fleet state, so a fleet can be cloned or
 * serialised and replays identically. Never use Math.random in the model.
 */
export interface Rng {
  state: number;
}

export function createRng(seed: number): Rng {
  return { state: seed >>> 0 };
}

/** Uniform in [0, 1). */
export function nextFloat(rng: Rng): number {
  rng.state = (rng.state + 0x6d2b79f5) >>> 0;
  let t = rng.state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

export function between(rng: Rng, min: number, max: number): number {
  return min + (max - min) * nextFloat(rng);
}

/** Integer in [min, max]. */
export function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(nextFloat(rng) * (max - min + 1));
}

export function chance(rng: Rng, probability: number): boolean {
  return nextFloat(rng) < probability;
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(nextFloat(rng) * items.length)];
  if (item === undefined) throw new RangeError('pick from an empty list');
  return item;
}

/** Waiting time until the next event of a Poisson process with `ratePerHour`; Infinity when the rate is 0. */
export function exponentialMs(rng: Rng, ratePerHour: number): number {
  if (ratePerHour <= 0) return Number.POSITIVE_INFINITY;
  return (-Math.log(1 - nextFloat(rng)) / ratePerHour) * 3_600_000;
}

/** Derives independent seeds for vehicle `index` from the fleet seed (splitmix32-style hash). */
export function deriveSeed(seed: number, index: number): number {
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
