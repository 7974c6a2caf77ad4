/**
 * GPS evidence for a complaint (docs/swm.md "Complaints"): which vehicles passed within a radius of the complaint
 * location, each with its closest approach. Pure: fixes in, passes out (no I/O, no clock); the repository reads the
 * fixes with a bounding-box and fix-time prefilter, this decides with the haversine.
 */
import { expandBbox, haversineM, type Bbox, type LatLon } from '../../derive/geo.ts';

export interface EvidenceFix {
  vehicleId: string;
  registrationNumber: string;
  /** Epoch milliseconds of the fix. */
  fixedAtMs: number;
  lat: number;
  lon: number;
  speedKph: number | null;
}

export interface VehiclePass {
  vehicleId: string;
  registrationNumber: string;
  closestDistanceM: number;
  closestAtMs: number;
  closestLat: number;
  closestLon: number;
  speedKph: number | null;
  fixesInside: number;
  firstInsideAtMs: number;
  lastInsideAtMs: number;
}

/** The box a database prefilter may use: every point within `radiusM` of `center` lies inside it. */
export function evidenceBbox(center: LatLon, radiusM: number): Bbox {
  // 1 % margin: the box is a cheap superset; the exact test is the haversine below.
  return expandBbox([center.lon, center.lat, center.lon, center.lat], radiusM * 1.01);
}

/**
 * Per vehicle, the fixes within `radiusM` (boundary included) of `center`: how many, the first and last, and the
 * closest one (ties: the earlier fix). Vehicles with no fix inside are left out. Order: closest first, then earlier
 * closest time, then registration number. Distances are rounded to 0.1 m (far below GPS noise).
 */
export function closestPasses(fixes: Iterable<EvidenceFix>, center: LatLon, radiusM: number): VehiclePass[] {
  const byVehicle = new Map<string, VehiclePass>();
  for (const fix of fixes) {
    if (!Number.isFinite(fix.lat) || !Number.isFinite(fix.lon)) continue;
    const distanceM = Math.round(haversineM(center, fix) * 10) / 10;
    if (distanceM > radiusM) continue;
    const pass = byVehicle.get(fix.vehicleId);
    if (!pass) {
      byVehicle.set(fix.vehicleId, {
        vehicleId: fix.vehicleId,
        registrationNumber: fix.registrationNumber,
        closestDistanceM: distanceM,
        closestAtMs: fix.fixedAtMs,
        closestLat: fix.lat,
        closestLon: fix.lon,
        speedKph: fix.speedKph,
        fixesInside: 1,
        firstInsideAtMs: fix.fixedAtMs,
        lastInsideAtMs: fix.fixedAtMs,
      });
      continue;
    }
    pass.fixesInside += 1;
    pass.firstInsideAtMs = Math.min(pass.firstInsideAtMs, fix.fixedAtMs);
    pass.lastInsideAtMs = Math.max(pass.lastInsideAtMs, fix.fixedAtMs);
    const closer =
      distanceM < pass.closestDistanceM ||
      (distanceM === pass.closestDistanceM && fix.fixedAtMs < pass.closestAtMs);
    if (closer) {
      pass.closestDistanceM = distanceM;
      pass.closestAtMs = fix.fixedAtMs;
      pass.closestLat = fix.lat;
      pass.closestLon = fix.lon;
      pass.speedKph = fix.speedKph;
    }
  }
  return [...byVehicle.values()].sort(
    (a, b) =>
      a.closestDistanceM - b.closestDistanceM ||
      a.closestAtMs - b.closestAtMs ||
      a.registrationNumber.localeCompare(b.registrationNumber),
  );
}

export interface EvidenceWindowArgs {
  /** When the SLA period started: raised, or the latest reopening. */
  slaStartMs: number;
  /** Resolved complaints look up to their resolution; others up to now. */
  resolvedAtMs: number | null;
  nowMs: number;
  /** Explicit window length (the last `hours` before the end). */
  hours?: number | undefined;
  maxHours: number;
}

/**
 * The evidence window: ends at the resolution (or now); starts `hours` before that when given, else at the SLA start,
 * never more than `maxHours` before the end. A window that would start after its end is empty (from = to).
 */
export function evidenceWindow(args: EvidenceWindowArgs): { fromMs: number; toMs: number } {
  const toMs = args.resolvedAtMs ?? args.nowMs;
  const hourMs = 3_600_000;
  const earliest = toMs - args.maxHours * hourMs;
  const start = args.hours === undefined ? args.slaStartMs : toMs - args.hours * hourMs;
  return { fromMs: Math.min(toMs, Math.max(earliest, start)), toMs };
}
