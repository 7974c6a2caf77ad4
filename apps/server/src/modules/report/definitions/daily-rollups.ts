/**
 * What the daily-rollup reports share: the vehicle columns every row starts with and one grouped read of
 * `daily_vehicle_stats` per chunk of vehicles (never a query per vehicle, never positions). A vehicle's day may have
 * more than one row when its device changed that day; the reads sum them per vehicle and day.
 */
import { vehicleIdList } from '../engine/sql-lists.ts';
import type { ReportRow } from '@civicfleet/shared';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../../db/client.ts';
import type { ReportVehicle } from '../engine/types.ts';

/** Sr is assigned by the engine; these are the next four of every activity report, plus the id for links. */
export function vehicleCells(vehicle: ReportVehicle): ReportRow {
  return {
    zone: vehicle.zoneName,
    ward: vehicle.wardName,
    model: vehicle.model,
    regNo: vehicle.registrationNumber,
    vehicleId: String(vehicle.id),
  };
}

/** One vehicle's day (or, summed, its range) as read from daily_vehicle_stats. */
export interface RollupRow {
  vehicleId: string;
  /** yyyy-MM-dd, or null when summed over the range. */
  day: string | null;
  /** Days with a rollup row (1 per day when by day). */
  days: number;
  distanceM: number;
  runS: number;
  idleS: number;
  stopS: number;
  offlineS: number;
  maxSpeedKph: number | null;
  /** Distance of the moving time ÷ run time, weighted by run time over the days (km/h); null without run time. */
  avgMovingSpeedKph: number | null;
  trips: number;
  firstIgnitionAt: string | null;
  lastIgnitionAt: string | null;
  /** Sum of the sensor's figures (litres); null when no day had one. */
  fuelUsedL: number | null;
  /** Days whose fuel figure is set. */
  fuelDays: number;
}

interface RawRollup {
  vehicle_id: string;
  day: string | null;
  days: number | string;
  distance_m: number | string;
  run_s: number | string;
  idle_s: number | string;
  stop_s: number | string;
  offline_s: number | string;
  max_speed_kph: number | string | null;
  moving_km_s: number | string | null;
  trips: number | string;
  first_ignition_at: Date | string | null;
  last_ignition_at: Date | string | null;
  fuel_l: number | string | null;
  fuel_days: number | string;
}

const num = (v: number | string | null) => (v === null ? null : Number(v));
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * Rollups of the vehicles over [fromDay, toDay], per vehicle and day (`byDay`) or per vehicle, in one grouped query.
 * Averages of the moving speed are weighted by run time (avg_speed_kph × run_s summed, ÷ run_s).
 */
export async function readRollups(
  db: Db,
  vehicles: readonly ReportVehicle[],
  fromDay: string,
  toDay: string,
  byDay: boolean,
): Promise<RollupRow[]> {
  if (vehicles.length === 0) return [];
  const found = await rows<RawRollup>(
    db,
    sql`select vehicle_id::text as vehicle_id, ${byDay ? sql`day::text` : sql`null::text`} as day,
               count(distinct day) as days, sum(distance_m) as distance_m, sum(run_s) as run_s,
               sum(idle_s) as idle_s, sum(stop_s) as stop_s, sum(offline_s) as offline_s,
               max(max_speed_kph) as max_speed_kph, sum(avg_speed_kph * run_s) as moving_km_s,
               sum(trips) as trips, min(first_ignition_at) as first_ignition_at,
               max(last_ignition_at) as last_ignition_at, sum(fuel_used_l) as fuel_l,
               count(distinct case when fuel_used_l is not null then day end) as fuel_days
          from daily_vehicle_stats
         where vehicle_id in (${vehicleIdList(vehicles)}) and day >= ${fromDay} and day <= ${toDay}
         group by vehicle_id${byDay ? sql`, day` : sql``}
         order by vehicle_id${byDay ? sql`, day` : sql``}`,
  );
  return found.map((r) => {
    const runS = Number(r.run_s);
    const movingKmS = num(r.moving_km_s);
    return {
      vehicleId: r.vehicle_id,
      day: r.day,
      days: Number(r.days),
      distanceM: Number(r.distance_m),
      runS,
      idleS: Number(r.idle_s),
      stopS: Number(r.stop_s),
      offlineS: Number(r.offline_s),
      maxSpeedKph: num(r.max_speed_kph),
      avgMovingSpeedKph: runS > 0 && movingKmS !== null ? movingKmS / runS : null,
      trips: Number(r.trips),
      firstIgnitionAt: iso(r.first_ignition_at),
      lastIgnitionAt: iso(r.last_ignition_at),
      fuelUsedL: num(r.fuel_l),
      fuelDays: Number(r.fuel_days),
    };
  });
}

/** Rows grouped by vehicle id, keeping the query's order (days ascending). */
export function byVehicle<T extends { vehicleId: string }>(list: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of list) {
    const bucket = map.get(item.vehicleId) ?? [];
    bucket.push(item);
    map.set(item.vehicleId, bucket);
  }
  return map;
}
