/**
 * Fuel used per day from a fuel-level sensor (docs/derivations.md "Fuel"). The level comes from the device's I/O:
 * `fuelLevelL` (litres, normalised by the decoders) or Teltonika's io84 (0.1 l). Consumption is the sum of the drops
 * between consecutive readings of the day; rises are refills, not consumption. A change smaller than
 * FUEL_NOISE_L from the last level that counted is sensor noise (tank slosh, float jitter): it neither counts nor
 * moves the reference, so slow steady burning still adds up once it passes the threshold.
 */

/** Smaller changes of the level than this (litres) are sensor noise. */
export const FUEL_NOISE_L = 0.5;

/** The fuel level (litres) an I/O map carries, or null. */
export function fuelLevelOf(io: Record<string, unknown> | null | undefined): number | null {
  const litres = io?.fuelLevelL;
  if (typeof litres === 'number' && Number.isFinite(litres)) return litres;
  const tenths = io?.io84;
  if (typeof tenths === 'number' && Number.isFinite(tenths)) return tenths / 10;
  return null;
}

/** The same reading in SQL over positions.attrs (re-derivation reads it from stored positions). */
export const FUEL_LEVEL_SQL = `CASE WHEN jsonb_typeof(attrs->'io'->'fuelLevelL') = 'number'
    THEN (attrs->'io'->>'fuelLevelL')::float8
  WHEN jsonb_typeof(attrs->'io'->'io84') = 'number' THEN (attrs->'io'->>'io84')::float8 / 10 END`;

/** Per-day fuel accumulator (plain JSON, part of the persisted daily state). */
export interface FuelDay {
  /** Litres used so far; null until the day's first reading. */
  usedL: number | null;
  /** The level the next drop is measured from (the last counted level); null before the first reading. */
  referenceL: number | null;
}

/** Adds one reading (in fix order) to a day's fuel. */
export function stepFuel(day: FuelDay, levelL: number): FuelDay {
  if (day.referenceL === null || day.usedL === null) return { usedL: day.usedL ?? 0, referenceL: levelL };
  const change = levelL - day.referenceL;
  if (change <= -FUEL_NOISE_L) return { usedL: day.usedL - change, referenceL: levelL };
  if (change >= FUEL_NOISE_L) return { usedL: day.usedL, referenceL: levelL };
  return day;
}
