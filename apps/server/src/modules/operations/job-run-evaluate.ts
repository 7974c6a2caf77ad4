/**
 * A job's run on one local day against GPS (docs/swm.md "Vehicle jobs (Started / Finished)"). Pure: no I/O, no clock.
 *
 * - Window: the job's start_time–end_time on the day (modules/job/schedule.ts `windowOn`; an end before the start
 *   crosses midnight). Only valid fixes with windowStart ≤ t ≤ min(windowEnd, now) count.
 * - Started: the first fix in the window that is moving (speed ≥ MOVING_MIN_SPEED_KPH) and inside the route corridor
 *   (within `corridorM` of the route path); a job without a route (or without a usable path) needs only the moving fix.
 * - Checkpoints, with a `visitRule` (what the worker always passes): met by a collection-point VISIT
 *   (job-run-visits.ts, docs/reports.md "## Definitions: collection visit, duty": a stop of ≥ minStopS within the
 *   point's radius, or an RFID/QR read of its item there); `reachedAt` = the visit time. Finished in order when every
 *   checkpoint is visited and the visit times follow the route's order (at the last visit).
 *   Without a rule (the issue-7 route-progress rule, kept for the pure tests): met when a fix is within
 *   max(60 m, corridorM) of it; finished in order when the fixes pass the checkpoints in order.
 * - Finished: once started, when the checkpoints have been met in their order, else at the window end once the
 *   window is over.
 * - Corridor exits (only with a visit rule and a route path): stretches outside the corridor between the start and
 *   the finish (or now), job-run-visits.ts `corridorExits`.
 * - Status: scheduled (the window has not begun, or has begun without a start), started, finished, missed (the
 *   window is over and the run never started).
 * - Score: met / total; 0 when not started; a route without checkpoints scores 1 once started. null while scheduled
 *   before the window begins (not a sample yet).
 * - gpsTrips: disposal trips (visits to dump yards / transfer stations) entered in [windowStart, windowEnd).
 */
import type { JobRunStatusValue } from '@civicfleet/shared';
import { distanceToPolylineM, haversineM, type LonLat } from '../../derive/geo.ts';
import {
  CHECKPOINT_DEFAULT_RADIUS_M,
  corridorExits,
  firstVisit,
  type CorridorExit,
} from './job-run-visits.ts';

/** Same as the derive default `movingMinSpeedKph`: a reported speed that counts as driving. */
export const MOVING_MIN_SPEED_KPH = 5;
/** A checkpoint is reached within max(this, the corridor). */
export const CHECKPOINT_MIN_RADIUS_M = 60;

export interface JobRunFix {
  /** Fix time, epoch ms. */
  t: number;
  lat: number;
  lon: number;
  speedKph: number | null;
}

export interface JobRunRoute {
  /** GeoJSON LineString coordinates, [lon, lat]. */
  path: readonly LonLat[];
  corridorM: number;
  checkpoints: ReadonlyArray<JobRunCheckpoint>;
}

export interface JobRunCheckpoint {
  name: string;
  lat: number;
  lon: number;
  poiId?: string | null;
  /** Visit radius: the POI's radius_m; default CHECKPOINT_DEFAULT_RADIUS_M. */
  radiusM?: number;
  /** Reads of the POI's RFID/QR items by the vehicle's devices (epoch ms, where read when known). */
  tagReads?: ReadonlyArray<{ t: number; lat: number | null; lon: number | null }>;
}

export interface JobRunInput {
  windowStartMs: number;
  windowEndMs: number;
  nowMs: number;
  route: JobRunRoute | null;
  /** Valid fixes of the vehicle, any order; those outside the window are ignored. */
  fixes: readonly JobRunFix[];
  /** Entry times (epoch ms) of the vehicle's disposal trips around the window. */
  disposalEntriesMs: readonly number[];
  /** The collection-point visit rule (settings.collectionMinStopS); absent: the route-progress rule. */
  visitRule?: { minStopS: number };
}

export interface JobRunCheckpointResult {
  name: string;
  lat: number;
  lon: number;
  reachedAtMs: number | null;
  poiId: string | null;
  dwellS: number | null;
  via: 'gps' | 'rfid' | null;
}

export interface JobRunResult {
  status: JobRunStatusValue;
  startedAtMs: number | null;
  finishedAtMs: number | null;
  checkpoints: JobRunCheckpointResult[];
  checkpointsMet: number;
  checkpointsTotal: number;
  score: number | null;
  gpsTrips: number;
  corridorExits: CorridorExit[];
}

const isMoving = (fix: JobRunFix) => fix.speedKph !== null && fix.speedKph >= MOVING_MIN_SPEED_KPH;

export function evaluateJobRun(input: JobRunInput): JobRunResult {
  const { windowStartMs, windowEndMs, nowMs, route } = input;
  const untilMs = Math.min(windowEndMs, nowMs);
  const fixes = input.fixes.filter((f) => f.t >= windowStartMs && f.t <= untilMs).sort((a, b) => a.t - b.t);
  const path = route && route.path.length >= 2 ? route.path : null;
  const inCorridor = (fix: JobRunFix) =>
    path === null || route === null || distanceToPolylineM(fix, path) <= route.corridorM;

  const startFix = fixes.find((f) => isMoving(f) && inCorridor(f));
  const startedAtMs = startFix?.t ?? null;

  const points = route?.checkpoints ?? [];
  const visits = input.visitRule
    ? points.map((cp) =>
        firstVisit(
          {
            lat: cp.lat,
            lon: cp.lon,
            radiusM: cp.radiusM ?? CHECKPOINT_DEFAULT_RADIUS_M,
            tagReads: cp.tagReads ?? [],
          },
          fixes,
          input.visitRule?.minStopS ?? 0,
        ),
      )
    : null;
  const passed = visits
    ? { reached: [], inOrderAtMs: null }
    : passCheckpoints(points, fixes, route?.corridorM ?? 0);
  const reached: Array<number | null> = visits ? visits.map((v) => v?.reachedAtMs ?? null) : passed.reached;
  let inOrderAtMs = passed.inOrderAtMs;
  if (
    visits &&
    points.length > 0 &&
    reached.every((t, i) => t !== null && (i === 0 || t >= (reached[i - 1] ?? 0)))
  )
    inOrderAtMs = reached[reached.length - 1] ?? null;

  const checkpoints = points.map((cp, i) => ({
    name: cp.name,
    lat: cp.lat,
    lon: cp.lon,
    reachedAtMs: reached[i] ?? null,
    poiId: cp.poiId ?? null,
    dwellS: visits ? (visits[i]?.dwellS ?? null) : null,
    via: visits ? (visits[i]?.via ?? null) : null,
  }));
  const checkpointsMet = checkpoints.filter((c) => c.reachedAtMs !== null).length;
  const checkpointsTotal = points.length;
  const windowOver = nowMs >= windowEndMs;

  let status: JobRunStatusValue;
  let finishedAtMs: number | null = null;
  if (startedAtMs === null) status = windowOver ? 'missed' : 'scheduled';
  else if (inOrderAtMs !== null) {
    status = 'finished';
    finishedAtMs = Math.max(inOrderAtMs, startedAtMs);
  } else if (windowOver) {
    status = 'finished';
    finishedAtMs = windowEndMs;
  } else status = 'started';

  let score: number | null;
  if (nowMs < windowStartMs) score = null;
  else if (startedAtMs === null) score = 0;
  else score = checkpointsTotal === 0 ? 1 : checkpointsMet / checkpointsTotal;

  const gpsTrips = input.disposalEntriesMs.filter((t) => t >= windowStartMs && t < windowEndMs).length;
  const exitsUntilMs = finishedAtMs ?? untilMs;
  const exits =
    input.visitRule && path && route && startedAtMs !== null
      ? corridorExits(
          path,
          route.corridorM,
          fixes.filter((f) => f.t >= startedAtMs && f.t <= exitsUntilMs),
        )
      : [];
  return {
    status,
    startedAtMs,
    finishedAtMs,
    checkpoints,
    checkpointsMet,
    checkpointsTotal,
    score,
    gpsTrips,
    corridorExits: exits,
  };
}

/** The issue-7 route-progress rule: a checkpoint is met by a fix within max(60 m, corridor); in order as passed. */
function passCheckpoints(
  points: readonly JobRunCheckpoint[],
  fixes: readonly JobRunFix[],
  corridorM: number,
) {
  const radiusM = Math.max(CHECKPOINT_MIN_RADIUS_M, corridorM);
  const reached: Array<number | null> = points.map(() => null);
  let next = 0;
  let inOrderAtMs: number | null = null;
  for (const fix of fixes) {
    points.forEach((cp, i) => {
      if (reached[i] === null && haversineM(fix, cp) <= radiusM) reached[i] = fix.t;
    });
    while (next < points.length) {
      const cp = points[next];
      if (cp === undefined || haversineM(fix, cp) > radiusM) break;
      next += 1;
      if (next === points.length) inOrderAtMs = fix.t;
    }
  }
  return { reached, inOrderAtMs };
}
