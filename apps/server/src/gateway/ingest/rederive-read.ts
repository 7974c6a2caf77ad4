/**
 * The reads of a re-derivation (rederive-job.ts): where motion restarts, then the stored intervals, trips, visits and
 * positions of the affected window, as rederive-plan.ts takes them.
 */
import type { DeviceDeriveState, DeriveSettings, Fence, StateInterval } from '../../derive/index.ts';
import {
  startOf,
  visitsFromOf,
  windowStartOf,
  type RederiveInput,
  type RederivePoint,
} from './rederive-plan.ts';
import type { SqlExecutor } from './sql-client.ts';
import { FUEL_LEVEL_SQL } from '../../derive/fuel.ts';

/**
 * Late fixes whose restart point lies further back than this before the head are stored and their alarms raised, but
 * not re-derived (a device replaying last month's memory must not re-read a month of positions on the ingest path).
 */
export const REDERIVE_HORIZON_MS = 7 * 86_400_000;

interface IntervalDbRow {
  kind: StateInterval['kind'];
  started_at: Date;
  ended_at: Date | null;
  distance_m: number;
  max_speed_kph: number | null;
  start_lat: number | null;
  start_lon: number | null;
  end_lat: number | null;
  end_lon: number | null;
  offline_reason: StateInterval['offlineReason'];
}

const INTERVAL_COLUMNS = `kind, started_at, ended_at, distance_m, max_speed_kph, start_lat, start_lon, end_lat,
  end_lon, offline_reason`;

function intervalOf(r: IntervalDbRow): StateInterval {
  const startAt = new Date(r.started_at);
  const endAt = new Date(r.ended_at ?? r.started_at);
  return {
    kind: r.kind,
    startAt,
    endAt,
    durationS: (endAt.getTime() - startAt.getTime()) / 1000,
    startLat: r.start_lat,
    startLon: r.start_lon,
    endLat: r.end_lat,
    endLon: r.end_lon,
    distanceM: r.distance_m,
    maxSpeedKph: r.max_speed_kph,
    offlineReason: r.offline_reason,
  };
}

interface PositionDbRow {
  fixed_at: Date;
  vehicle_id: string | null;
  lat: number;
  lon: number;
  speed_kph: number | null;
  ignition: boolean | null;
  gps_valid: boolean | null;
  main_power: boolean | null;
  distance_m: number | null;
  history: boolean;
  fuel_level_l: number | null;
}

/** Null: the restart point is beyond REDERIVE_HORIZON_MS before the head. */
export async function readRederiveInput(
  tx: SqlExecutor,
  args: {
    deviceId: string;
    head: DeviceDeriveState;
    lateFromMs: number;
    lastMs: number;
    settings: DeriveSettings;
    fences: readonly Fence[];
  },
): Promise<RederiveInput | null> {
  const { deviceId, head, lateFromMs, lastMs, settings, fences } = args;
  const late = new Date(lateFromMs);

  const stored = await tx.query<IntervalDbRow>(
    `SELECT ${INTERVAL_COLUMNS} FROM state_intervals
     WHERE device_id = $1 AND started_at >= coalesce((SELECT max(started_at) FROM state_intervals
       WHERE device_id = $1 AND started_at <= $2 AND kind <> 'offline'), '-infinity'::timestamptz)
     ORDER BY started_at`,
    [deviceId, late],
  );
  const start = startOf(stored.map(intervalOf), head, lateFromMs);
  if (lastMs - start.fromMs > REDERIVE_HORIZON_MS) return null;
  const from = new Date(start.fromMs);
  const openVisits = await tx.query<{ entered_at: Date }>(
    `SELECT entered_at FROM geofence_visits WHERE device_id = $1 AND entered_at < $2
       AND (exited_at IS NULL OR exited_at > $2)`,
    [deviceId, from],
  );
  const visitsFromMs = visitsFromOf(
    head,
    start.fromMs,
    openVisits.map((v) => new Date(v.entered_at)),
  );
  const windowStart = new Date(windowStartOf(start.fromMs, visitsFromMs, settings));
  const snapshot = new Date(lastMs);
  const before = await tx.query<IntervalDbRow>(
    `SELECT ${INTERVAL_COLUMNS} FROM state_intervals
     WHERE device_id = $1 AND started_at < $2 AND ended_at > $3 ORDER BY started_at`,
    [deviceId, from, windowStart],
  );
  const positions = await tx.query<PositionDbRow>(
    `SELECT fixed_at, vehicle_id::text AS vehicle_id, lat, lon, speed_kph, ignition, gps_valid, main_power,
       distance_m, history, ${FUEL_LEVEL_SQL} AS fuel_level_l
     FROM positions WHERE device_id = $1 AND fixed_at >= $2 AND fixed_at <= $3 ORDER BY fixed_at`,
    [deviceId, windowStart, snapshot],
  );
  const trips = await tx.query<{ started_at: Date }>(
    `SELECT started_at FROM trips WHERE device_id = $1 AND started_at >= $2 AND started_at <= $3`,
    [deviceId, windowStart, snapshot],
  );
  const visits = await tx.query<{ entered_at: Date }>(
    `SELECT entered_at FROM geofence_visits WHERE device_id = $1 AND entered_at >= $2 AND entered_at <= $3`,
    [deviceId, windowStart, snapshot],
  );
  const points: RederivePoint[] = [];
  let previousMs = Number.NEGATIVE_INFINITY;
  for (const p of positions) {
    const fixTime = new Date(p.fixed_at);
    if (fixTime.getTime() === previousMs) continue;
    previousMs = fixTime.getTime();
    points.push({
      deviceId,
      vehicleId: p.vehicle_id,
      fixTime,
      lat: p.lat,
      lon: p.lon,
      speedKph: p.speed_kph,
      ignition: p.ignition,
      gpsValid: p.gps_valid !== false,
      mainPower: p.main_power,
      distanceM: 0,
      history: p.history,
      fuelLevelL: p.fuel_level_l === null ? null : Number(p.fuel_level_l),
      storedDistanceM: p.distance_m,
    });
  }
  return {
    head,
    start,
    visitsFromMs,
    windowStartMs: windowStart.getTime(),
    before: before.map(intervalOf),
    points,
    storedTripStarts: trips.map((t) => new Date(t.started_at)),
    storedVisitEntries: visits.map((v) => new Date(v.entered_at)),
    fences,
    settings,
  };
}
