/**
 * Thresholds of every derivation, overridable per organisation (and, for the speed limit, per vehicle). The defaults
 * and the reasoning behind each are in docs/derivations.md; keep the two in step.
 */

export interface DeriveSettings {
  /** A stop is confirmed once the vehicle stays within `stopRadiusM` of one fix for this long. */
  stopMinDurationS: number;
  stopRadiusM: number;
  /** A reported speed at or above this is evidence of driving (leaving a stop; starting in motion). */
  movingMinSpeedKph: number;
  /** Ignition on while not moving for at least this long is idle (engine running, going nowhere). */
  idleMinDurationS: number;
  /** No packet for longer than this → offline. */
  offlineAfterS: number;
  minTripDistanceM: number;
  minTripDurationS: number;
  /** A geofence visit counts only after this long inside (drive-bys are not visits); a fence may override it. */
  visitDwellS: number;
  /** A visit ends only after the vehicle has been outside for this long (no flapping on the fence line). */
  visitExitDebounceS: number;
  /** Between valid fixes further apart than this, time does not count as motion and distance needs plausibility. */
  gpsGapS: number;
  /** Straight-line speed above this between two fixes is a GPS jump, not travel. */
  maxPlausibleSpeedKph: number;
  /** Displacement below this, without a moving speed, is GPS noise and adds no distance. */
  distanceJitterM: number;
  /** Per-vehicle speed limit for derived overspeed alerts; null = trust the device's own overspeed alarm. */
  speedLimitKph: number | null;
  /** Overspeed opens after this long above the limit and closes after this long at or below it. */
  overspeedMinDurationS: number;
  /** An SOS alert with no new SOS for this long is closed (when the device never sends sosOff). */
  sosQuietS: number;
  /** Repeats of a one-shot alarm within this window of the previous one are the same alert. */
  alarmDedupS: number;
  /** Reports: a duty that starts more than this after its job's start is a late start (duty report). */
  dutyGraceS: number;
  /** Reports: a collection-point visit is a stop of at least this long within the point's radius. */
  collectionMinStopS: number;
  /** Reports: points of a running shift still unvisited this long before the shift ends raise a missed-points alert. */
  missedPointsAlertLeadS: number;
  /** Reports: a vehicle averaging at least this distance per day of the range is active (vehicle categorisation). */
  activeMinDailyDistanceM: number;
  /** Reports: km per litre used to estimate fuel when the vehicle has no fuel sensor and no figure of its own. */
  fuelEconomyKmpl: number;
  /** IANA zone of the organisation's days (daily stats split at its local midnight). */
  timeZone: string;
}

export const DEFAULT_DERIVE_SETTINGS: Readonly<DeriveSettings> = Object.freeze({
  stopMinDurationS: 180,
  stopRadiusM: 50,
  movingMinSpeedKph: 5,
  idleMinDurationS: 120,
  offlineAfterS: 900,
  minTripDistanceM: 200,
  minTripDurationS: 60,
  visitDwellS: 120,
  visitExitDebounceS: 30,
  gpsGapS: 300,
  maxPlausibleSpeedKph: 150,
  distanceJitterM: 30,
  speedLimitKph: null,
  overspeedMinDurationS: 10,
  sosQuietS: 300,
  alarmDedupS: 60,
  dutyGraceS: 900,
  collectionMinStopS: 30,
  missedPointsAlertLeadS: 1800,
  activeMinDailyDistanceM: 20_000,
  fuelEconomyKmpl: 4,
  timeZone: 'Asia/Kolkata',
});

type NumericKey = {
  [K in keyof DeriveSettings]: DeriveSettings[K] extends number ? K : never;
}[keyof DeriveSettings];

const POSITIVE: readonly NumericKey[] = [
  'stopMinDurationS',
  'stopRadiusM',
  'offlineAfterS',
  'gpsGapS',
  'maxPlausibleSpeedKph',
  'activeMinDailyDistanceM',
  'fuelEconomyKmpl',
];

function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Defaults, then each override in order (organisation, then vehicle). `undefined` and `null` entries of an override
 * are skipped, except `speedLimitKph: null`, which means "no limit". Throws RangeError naming a bad field.
 */
export function resolveDeriveSettings(
  ...overrides: ReadonlyArray<Partial<DeriveSettings> | null | undefined>
): DeriveSettings {
  const settings: DeriveSettings = { ...DEFAULT_DERIVE_SETTINGS };
  for (const override of overrides) {
    if (!override) continue;
    for (const [key, value] of Object.entries(override) as Array<[keyof DeriveSettings, unknown]>) {
      if (!(key in DEFAULT_DERIVE_SETTINGS)) continue; // unknown keys of stored JSON are ignored
      if (value === undefined || (value === null && key !== 'speedLimitKph')) continue;
      Object.assign(settings, { [key]: value });
    }
  }
  validateDeriveSettings(settings);
  return settings;
}

export function validateDeriveSettings(settings: DeriveSettings): void {
  for (const [key, value] of Object.entries(settings) as Array<[keyof DeriveSettings, unknown]>) {
    if (key === 'timeZone') {
      if (typeof value !== 'string' || !isValidTimeZone(value))
        throw new RangeError(`${key}: unknown time zone`);
    } else if (key === 'speedLimitKph' && value === null) {
      continue;
    } else if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new RangeError(`${key}: expected a finite number ≥ 0`);
    } else if (value === 0 && (POSITIVE as readonly string[]).includes(key)) {
      throw new RangeError(`${key}: expected a number > 0`);
    }
  }
}
