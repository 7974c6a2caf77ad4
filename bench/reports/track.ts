/**
 * A solid-waste truck's month, deterministic per vehicle (bench/reports.bench.ts): parked at its depot overnight
 * (ignition off, a heartbeat every `parkedS`), then a shift of ~8 h from ~06:00 IST: an idle warm-up, then legs
 * between waypoints (the organisation's collection points and dump yards when it has them) on city roads at
 * 12–32 km/h with an occasional burst above the speed limit, a fix every `moveS` while moving, and at each waypoint
 * a stop of 2–15 min (engine running or off) with a fix every `stopS`; back to the depot at the end of the shift.
 * A GPS fix is invalid now and then, a harsh braking or acceleration alarm a few times a day, and a power cut every
 * few days. Fixes come out in time order, one local day at a time.
 */

/** One generated fix, before derive (distance and odometer are added by the caller's distance stage). */
export interface Fix {
  atMs: number;
  lat: number;
  lon: number;
  speedKph: number;
  headingDeg: number;
  gpsValid: boolean;
  ignition: boolean;
  mainPower: boolean;
  alarms: string[];
}

export interface TrackOptions {
  /** Seconds between fixes while moving, while stopped in the shift, and while parked off shift. */
  moveS: number;
  stopS: number;
  parkedS: number;
  /** Vehicles' speed limit: the bursts go 5–15 km/h above it. */
  speedLimitKph: number;
}

export interface LatLon {
  lat: number;
  lon: number;
}

/** A deterministic pseudo-random sequence (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const M_PER_DEG_LAT = 111_320;
const IST_OFFSET_MS = 330 * 60_000;

function bearingDeg(from: LatLon, to: LatLon): number {
  const dy = to.lat - from.lat;
  const dx = (to.lon - from.lon) * Math.cos((from.lat * Math.PI) / 180);
  return ((Math.atan2(dx, dy) * 180) / Math.PI + 360) % 360;
}

function distanceM(a: LatLon, b: LatLon): number {
  const dy = (b.lat - a.lat) * M_PER_DEG_LAT;
  const dx = (b.lon - a.lon) * M_PER_DEG_LAT * Math.cos((a.lat * Math.PI) / 180);
  return Math.hypot(dx, dy);
}

/**
 * Calls `emit` with every fix of `days` local days (IST) from `firstDayStartMs` (a local midnight), in time order;
 * `endOfDay(dayIndex)` after each day's last fix (the caller flushes there).
 */
export function generateMonth(
  vehicleIndex: number,
  firstDayStartMs: number,
  days: number,
  depot: LatLon,
  waypoints: readonly LatLon[],
  options: TrackOptions,
  emit: (fix: Fix) => void,
  endOfDay: (dayIndex: number) => void,
): void {
  const next = prng(1 + vehicleIndex * 7919);
  let at = firstDayStartMs;
  let here: LatLon = { ...depot };
  let heading = 0;
  let invalidEvery = 180 + Math.floor(next() * 60);
  let fixCount = 0;
  const jitter = () => (next() - 0.5) * 0.00008; // ±4 m
  const fix = (speedKph: number, ignition: boolean, alarms: string[] = [], mainPower = true) => {
    fixCount += 1;
    const valid = fixCount % invalidEvery !== 0;
    if (!valid) invalidEvery = 180 + Math.floor(next() * 60);
    emit({
      atMs: at,
      lat: here.lat + (speedKph > 0 ? 0 : jitter()),
      lon: here.lon + (speedKph > 0 ? 0 : jitter()),
      speedKph: valid ? speedKph : 0,
      headingDeg: Math.round(heading),
      gpsValid: valid,
      ignition,
      mainPower,
      alarms,
    });
  };
  /** Standing still until `untilMs`, a fix every `everyS`. */
  const stand = (untilMs: number, everyS: number, ignition: boolean, powerCutAtMs = -1) => {
    let powerOff = false;
    while (at + everyS * 1000 <= untilMs) {
      at += everyS * 1000;
      const alarms: string[] = [];
      if (powerCutAtMs >= 0 && !powerOff && at >= powerCutAtMs) {
        powerOff = true;
        alarms.push('powerCut');
      } else if (powerOff && at >= powerCutAtMs + 20 * 60_000) {
        powerOff = false;
        alarms.push('powerRestored');
      }
      fix(0, ignition, alarms, !powerOff);
    }
    if (powerOff) {
      at += everyS * 1000;
      fix(0, ignition, ['powerRestored'], true);
    }
  };
  /** Drives to `to` along a slightly wavy line at a leg speed, a fix every moveS; returns at arrival. */
  const drive = (to: LatLon, shiftEndMs: number) => {
    const legKph = 12 + next() * 20;
    let burstLeft = next() < 0.35 ? 2 + Math.floor(next() * 4) : 0;
    const burstAt = burstLeft > 0 ? Math.floor(next() * 10) : -1;
    let step = 0;
    while (distanceM(here, to) > 30 && at < shiftEndMs + 3_600_000) {
      step += 1;
      const bursting = burstAt >= 0 && step >= burstAt && burstLeft > 0;
      if (bursting) burstLeft -= 1;
      const kph = bursting
        ? options.speedLimitKph + 5 + next() * 10
        : Math.max(6, legKph + (next() - 0.5) * 10);
      const stepM = Math.min(distanceM(here, to), (kph / 3.6) * options.moveS);
      heading = (bearingDeg(here, to) + (next() - 0.5) * 30 + 360) % 360;
      const rad = (heading * Math.PI) / 180;
      here = {
        lat: here.lat + (stepM * Math.cos(rad)) / M_PER_DEG_LAT,
        lon: here.lon + (stepM * Math.sin(rad)) / (M_PER_DEG_LAT * Math.cos((here.lat * Math.PI) / 180)),
      };
      at += options.moveS * 1000;
      const roll = next();
      const alarms = roll < 0.004 ? ['harshBraking'] : roll < 0.007 ? ['harshAcceleration'] : [];
      fix(Math.round(kph * 10) / 10, true, alarms);
    }
  };
  for (let day = 0; day < days; day++) {
    const midnight = firstDayStartMs + day * 86_400_000;
    const shiftStart = midnight + 6 * 3_600_000 + Math.floor(next() * 3_600_000);
    const shiftEnd = shiftStart + 7.5 * 3_600_000 + Math.floor(next() * 3_600_000);
    const powerCutDay = next() < 0.3;
    // Overnight at the depot, engine off (until the shift; the previous day's tail is emitted below).
    stand(shiftStart, options.parkedS, false);
    at = shiftStart;
    fix(0, true);
    stand(at + (3 + Math.floor(next() * 5)) * 60_000, options.stopS, true);
    let legs = 0;
    while (at < shiftEnd - 20 * 60_000) {
      const target =
        waypoints.length > 0
          ? (waypoints[Math.floor(next() * waypoints.length)] ?? depot)
          : { lat: depot.lat + (next() - 0.5) * 0.08, lon: depot.lon + (next() - 0.5) * 0.08 };
      drive(target, shiftEnd);
      legs += 1;
      const stopMs = (2 + Math.floor(next() * 14)) * 60_000;
      const engineOn = next() < 0.5;
      const cutAt = powerCutDay && legs === 3 ? at + 60_000 : -1;
      stand(at + stopMs, options.stopS, engineOn, cutAt);
    }
    drive(depot, shiftEnd + 3_600_000);
    at += options.stopS * 1000;
    fix(0, false);
    // The rest of the local day parked (the next day's loop continues from here).
    stand(midnight + 86_400_000 - 1, options.parkedS, false);
    endOfDay(day);
  }
}

/** yyyy-MM-dd of an IST local midnight given as UTC epoch ms. */
export function istDay(ms: number): string {
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
}
