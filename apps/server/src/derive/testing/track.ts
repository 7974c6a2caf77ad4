/**
 * Deterministic tracks for golden tests: a vehicle that drives, parks, idles, loses GPS or goes silent, with seeded
 * GPS noise. Every segment emits fixes every `intervalS` after the cursor up to and including its end, so segments
 * chain without duplicate times. `distanceM` is filled by the real distance stage (`stepDistance`) unless asked raw.
 */
import { initialDistanceState, stepDistance } from '../distance.ts';
import { destinationPoint, haversineM, type LatLon } from '../geo.ts';
import { DEFAULT_DERIVE_SETTINGS, type DeriveSettings } from '../settings.ts';
import type { DerivePoint } from '../types.ts';

/** Rajwada, Indore: where test vehicles start. */
export const RAJWADA: LatLon = { lat: 22.7186, lon: 75.8551 };
/** Vijay Nagar square, Indore. */
export const VIJAY_NAGAR: LatLon = { lat: 22.7533, lon: 75.8937 };
/** Devguradia trenching ground (Indore's dump yard), approximately. */
export const DEVGURADIA: LatLon = { lat: 22.6537, lon: 75.8932 };

export interface TrackOptions {
  startAt: Date | string;
  start?: LatLon;
  intervalS?: number;
  deviceId?: string;
  vehicleId?: string | null;
  seed?: number;
  settings?: DeriveSettings;
  /** 'odometer' (default): distance from `stepDistance`; 'raw': plain haversine between consecutive fixes. */
  distance?: 'odometer' | 'raw';
}

export interface ParkOptions {
  /** Ignition during the segment (default false; null = the device has no ignition wire). */
  ignition?: boolean | null;
  /** Uniform noise in metres on each axis (default 0). */
  jitterM?: number;
  speedKph?: number;
  gpsValid?: boolean;
  mainPower?: boolean | null;
  intervalS?: number;
}

type Fix = Omit<DerivePoint, 'distanceM'>;

/** mulberry32: tiny, seedable, good enough for noise. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export class Track {
  private readonly fixes: Fix[] = [];
  private cursorMs: number;
  private position: LatLon;
  private readonly intervalS: number;
  private readonly rand: () => number;

  constructor(private readonly options: TrackOptions) {
    this.cursorMs = new Date(options.startAt).getTime();
    this.position = options.start ?? RAJWADA;
    this.intervalS = options.intervalS ?? 10;
    this.rand = random(options.seed ?? 1);
  }

  get now(): Date {
    return new Date(this.cursorMs);
  }

  get here(): LatLon {
    return { ...this.position };
  }

  private emit(atMs: number, at: LatLon, fields: Partial<Fix>): void {
    this.fixes.push({
      deviceId: this.options.deviceId ?? 'device-1',
      vehicleId: this.options.vehicleId ?? 'vehicle-1',
      fixTime: new Date(atMs),
      lat: at.lat,
      lon: at.lon,
      speedKph: 0,
      ignition: false,
      gpsValid: true,
      mainPower: true,
      history: false,
      ...fields,
    });
  }

  /** Emits a fix at the cursor when the track has none yet (segments emit after their start). */
  private ensureStarted(fields: Partial<Fix>): void {
    if (this.fixes.length === 0) this.emit(this.cursorMs, this.position, fields);
  }

  /** Drives in a straight line (by bearing and distance, or to a place) at a steady speed, ignition on. */
  drive(
    to: { bearingDeg: number; distanceM: number } | LatLon,
    speedKph: number,
    fields: Partial<Fix> & { intervalS?: number } = {},
  ): this {
    const { intervalS = this.intervalS, ...rest } = fields;
    const from = this.position;
    const target = 'lat' in to ? to : destinationPoint(from, to.bearingDeg, to.distanceM);
    const totalM = haversineM(from, target);
    const stepM = (speedKph / 3.6) * intervalS;
    this.ensureStarted({ ignition: true, speedKph, ...rest });
    let doneM = 0;
    while (doneM < totalM - 1e-6) {
      const advanceM = Math.min(stepM, totalM - doneM);
      doneM += advanceM;
      this.cursorMs += (advanceM / stepM) * intervalS * 1000;
      const f = doneM / totalM;
      const at = { lat: from.lat + (target.lat - from.lat) * f, lon: from.lon + (target.lon - from.lon) * f };
      this.emit(Math.round(this.cursorMs), at, { ignition: true, speedKph, ...rest });
    }
    this.cursorMs = Math.round(this.cursorMs);
    this.position = target;
    return this;
  }

  /** Stands still for `durationS` (default ignition off), optionally with GPS noise. */
  park(durationS: number, options: ParkOptions = {}): this {
    const { ignition = false, jitterM = 0, speedKph = 0, gpsValid = true, mainPower = true } = options;
    const intervalS = options.intervalS ?? this.intervalS;
    const fields = { ignition, speedKph, gpsValid, mainPower };
    this.ensureStarted(fields);
    const endMs = this.cursorMs + durationS * 1000;
    while (this.cursorMs < endMs) {
      this.cursorMs = Math.min(endMs, this.cursorMs + intervalS * 1000);
      const north = (this.rand() * 2 - 1) * jitterM;
      const east = (this.rand() * 2 - 1) * jitterM;
      const shifted = destinationPoint(destinationPoint(this.position, 0, north), 90, east);
      this.emit(this.cursorMs, jitterM > 0 ? shifted : this.position, fields);
    }
    return this;
  }

  /** Stands still with the engine running. */
  idle(durationS: number, options: Omit<ParkOptions, 'ignition'> = {}): this {
    return this.park(durationS, { ...options, ignition: true });
  }

  /** No packets at all for `durationS` (network or power loss); the vehicle may be moved meanwhile. */
  silence(durationS: number, moveTo?: LatLon): this {
    this.cursorMs += durationS * 1000;
    if (moveTo) this.position = moveTo;
    return this;
  }

  /** One stray fix `distanceM` away (multipath), at the next fix time, then back to the true position. */
  jump(distanceM: number, bearingDeg = 45, fields: Partial<Fix> = {}): this {
    this.ensureStarted({});
    this.cursorMs += this.intervalS * 1000;
    this.emit(this.cursorMs, destinationPoint(this.position, bearingDeg, distanceM), fields);
    return this;
  }

  points(): DerivePoint[] {
    const settings = this.options.settings ?? DEFAULT_DERIVE_SETTINGS;
    if (this.options.distance === 'raw') {
      return this.fixes.map((fix, i) => {
        const previous = this.fixes[i - 1];
        return { ...fix, distanceM: previous ? haversineM(previous, fix) : 0 };
      });
    }
    let state = initialDistanceState();
    return this.fixes.map((fix) => {
      const step = stepDistance(state, fix, settings);
      state = step.state;
      return { ...fix, distanceM: step.distanceM };
    });
  }
}

/** IST wall time → UTC instant: `ist('2024-03-10 23:00')`. */
export function ist(wall: string): Date {
  return new Date(`${wall.replace(' ', 'T')}:00+05:30`);
}
