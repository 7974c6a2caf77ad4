/**
 * Collection-point visits and route-corridor exits of a job run (docs/reports.md "## Definitions: collection visit,
 * duty"). Pure: fixes in, visits and stretches out.
 *
 * - Visit: a stop (consecutive fixes not moving, speed < MOVING_MIN_SPEED_KPH or unknown) of at least `minStopS`
 *   inside the point's radius, dwell measured from the first stopped fix inside to the next fix that moves or leaves
 *   (so a 2-minute park at 10 s fixes dwells 120 s; a drive-by dwells 0). OR an RFID/QR read of the point's item bound
 *   to a position inside the radius: the read's own lat/lon, else the nearest fix within TAG_FIX_BIND_MS.
 *   reachedAt = the earlier of the stop's first fix and the read.
 * - Corridor exit: from the first fix farther than `corridorM` from the route line to the first fix back inside (null
 *   while still out); a single stray fix outside (multipath) is not an exit: it needs CORRIDOR_EXIT_MIN_FIXES.
 */
import { distanceToPolylineM, haversineM, type LonLat } from '../../derive/geo.ts';

/** A reported speed at or above this is driving (same as the derive default `movingMinSpeedKph`). */
const MOVING_KPH = 5;
/** A route checkpoint without a POI is visited within this radius. */
export const CHECKPOINT_DEFAULT_RADIUS_M = 30;
/** A tag read without its own position is bound to the nearest fix this close in time. */
export const TAG_FIX_BIND_MS = 60_000;
/** Consecutive fixes outside the corridor that make an exit. */
export const CORRIDOR_EXIT_MIN_FIXES = 2;

export interface VisitFix {
  t: number;
  lat: number;
  lon: number;
  speedKph: number | null;
}

export interface VisitPoint {
  lat: number;
  lon: number;
  radiusM: number;
  /** Read times (epoch ms) of the point's RFID/QR items, with where the read was made when the device said. */
  tagReads: ReadonlyArray<{ t: number; lat: number | null; lon: number | null }>;
}

export interface PointVisit {
  reachedAtMs: number;
  /** Seconds stopped within reach (the longest qualifying stop for a GPS visit; the stop around an RFID read or 0). */
  dwellS: number;
  via: 'gps' | 'rfid';
}

const isStopped = (f: VisitFix) => f.speedKph === null || f.speedKph < MOVING_KPH;

/** Stops inside the point's radius: [first stopped fix time, dwell seconds], in time order. */
function stopsAt(point: VisitPoint, fixes: readonly VisitFix[]): Array<{ atMs: number; dwellS: number }> {
  const stops: Array<{ atMs: number; dwellS: number }> = [];
  let startMs: number | null = null;
  const inside = (f: VisitFix) => haversineM(f, point) <= point.radiusM;
  for (const fix of fixes) {
    const here = isStopped(fix) && inside(fix);
    if (here && startMs === null) startMs = fix.t;
    if (!here && startMs !== null) {
      stops.push({ atMs: startMs, dwellS: (fix.t - startMs) / 1000 });
      startMs = null;
    }
  }
  const last = fixes[fixes.length - 1];
  if (startMs !== null && last) stops.push({ atMs: startMs, dwellS: (last.t - startMs) / 1000 });
  return stops;
}

function nearestFix(fixes: readonly VisitFix[], t: number): VisitFix | null {
  let best: VisitFix | null = null;
  for (const fix of fixes) {
    if (Math.abs(fix.t - t) > TAG_FIX_BIND_MS) continue;
    if (!best || Math.abs(fix.t - t) < Math.abs(best.t - t)) best = fix;
  }
  return best;
}

/** The first visit of a point by the definition above, or null (a drive-by, a short stop, a read elsewhere). */
export function firstVisit(
  point: VisitPoint,
  fixes: readonly VisitFix[],
  minStopS: number,
): PointVisit | null {
  const stops = stopsAt(point, fixes);
  const stop = stops.find((s) => s.dwellS >= minStopS);
  let read: { t: number } | null = null;
  for (const r of [...point.tagReads].sort((a, b) => a.t - b.t)) {
    const at = r.lat !== null && r.lon !== null ? { lat: r.lat, lon: r.lon } : nearestFix(fixes, r.t);
    if (at && haversineM(at, point) <= point.radiusM) {
      read = r;
      break;
    }
  }
  if (stop && (!read || stop.atMs <= read.t))
    return { reachedAtMs: stop.atMs, dwellS: stop.dwellS, via: 'gps' };
  if (!read) return null;
  const readT = read.t;
  const around = stops.find((s) => s.atMs <= readT && readT <= s.atMs + s.dwellS * 1000);
  return { reachedAtMs: readT, dwellS: around?.dwellS ?? 0, via: 'rfid' };
}

export interface CorridorExit {
  exitedAtMs: number;
  returnedAtMs: number | null;
  lat: number;
  lon: number;
  maxDistanceM: number;
}

/** Stretches outside the corridor among `fixes` (sorted), by the rule above. */
export function corridorExits(
  path: readonly LonLat[],
  corridorM: number,
  fixes: readonly VisitFix[],
): CorridorExit[] {
  if (path.length < 2) return [];
  const exits: CorridorExit[] = [];
  let open: (CorridorExit & { fixes: number }) | null = null;
  for (const fix of fixes) {
    const offM = distanceToPolylineM(fix, path);
    if (offM > corridorM) {
      if (open) {
        open.fixes += 1;
        open.maxDistanceM = Math.max(open.maxDistanceM, offM);
      } else {
        open = {
          exitedAtMs: fix.t,
          returnedAtMs: null,
          lat: fix.lat,
          lon: fix.lon,
          maxDistanceM: offM,
          fixes: 1,
        };
      }
      continue;
    }
    if (open && open.fixes >= CORRIDOR_EXIT_MIN_FIXES) {
      const { fixes: _n, ...exit } = open;
      exits.push({ ...exit, returnedAtMs: fix.t });
    }
    open = null;
  }
  if (open && open.fixes >= CORRIDOR_EXIT_MIN_FIXES) {
    const { fixes: _n, ...exit } = open;
    exits.push(exit);
  }
  return exits.map((e) => ({ ...e, maxDistanceM: Math.round(e.maxDistanceM) }));
}
