/**
 * Cumulative Distance Report (spec 02 §2): per vehicle (or per vehicle per day) over the range, from the daily
 * rollups: distance, average speed while moving (distance ÷ run time) and fuel used by a fuel sensor. Only vehicles
 * with data in the range appear ('We could not find summary data in your search' otherwise).
 */
import { vehicleIdList } from '../engine/sql-lists.ts';
import { requireReportMeta, type ReportRow } from '@civicfleet/shared';
import { sql } from 'drizzle-orm';
import { rows } from '../../../db/client.ts';
import { type ReportDefinition, scopeChunks } from '../engine/types.ts';

interface SumRow {
  vehicle_id: string;
  day: string | null;
  distance_m: number | string;
  run_s: number | string;
  fuel_l: number | string | null;
}

/** km/h while moving, 2 decimals shown; null when the vehicle never moved. */
export function averageMovingSpeedKph(distanceM: number, runS: number): number | null {
  return runS > 0 ? distanceM / 1000 / (runS / 3600) : null;
}

export const cumulativeDistanceReport: ReportDefinition<{ dayBreakdown?: boolean }> = {
  meta: requireReportMeta('cumulative-distance-report'),
  async *run({ db, scope, signal }, filter) {
    const byDay = filter.dayBreakdown === true;
    const columns = this.meta.columns.map((c) => c.key).filter((k) => byDay || k !== 'day');
    if (scope.vehicles.length === 0) yield { rows: [], progress: 1, columns };
    for (const { vehicles, progress } of scopeChunks(scope)) {
      if (signal?.aborted) return;
      const ids = vehicleIdList(vehicles);
      const dayColumn = byDay ? sql`day::text` : sql`null::text`;
      const found = await rows<SumRow>(
        db,
        sql`select vehicle_id::text as vehicle_id, ${dayColumn} as day, sum(distance_m) as distance_m,
                   sum(run_s) as run_s, sum(fuel_used_l) as fuel_l
              from daily_vehicle_stats
             where vehicle_id in (${ids}) and day >= ${scope.fromDay} and day <= ${scope.toDay}
             group by vehicle_id${byDay ? sql`, day` : sql``}`,
      );
      const byVehicle = new Map<string, SumRow[]>();
      for (const row of found) {
        const list = byVehicle.get(row.vehicle_id) ?? [];
        list.push(row);
        byVehicle.set(row.vehicle_id, list);
      }
      const out: ReportRow[] = [];
      for (const vehicle of vehicles) {
        const sums = (byVehicle.get(String(vehicle.id)) ?? []).sort((a, b) =>
          (a.day ?? '').localeCompare(b.day ?? ''),
        );
        for (const sum of sums) {
          const distanceM = Number(sum.distance_m);
          out.push({
            zone: vehicle.zoneName,
            ward: vehicle.wardName,
            model: vehicle.model,
            regNo: vehicle.registrationNumber,
            vehicleId: String(vehicle.id),
            day: sum.day,
            distance: distanceM,
            averageSpeed: averageMovingSpeedKph(distanceM, Number(sum.run_s)),
            fuelConsumed: sum.fuel_l === null ? null : Number(sum.fuel_l),
          });
        }
      }
      yield { rows: out, progress, columns };
    }
  },
};
