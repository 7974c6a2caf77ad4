/**
 * Disposal trips per vehicle and local day, counted in SQL (one grouped query per chunk of vehicles): geofence_visits
 * (dwell-confirmed) of fences of kind 'dump-yard' and 'transfer-station', on the local day of entered_at — the rule
 * of modules/operations/disposal-trips.ts (docs/swm.md "Disposal trips"), without reading every visit.
 */
import { vehicleIdList } from '../engine/sql-lists.ts';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../../db/client.ts';
import type { ReportScope, ReportVehicle } from '../engine/types.ts';

export interface DisposalCounts {
  dumpYard: number;
  transferStation: number;
}

interface CountRow {
  vehicle_id: string;
  day: string;
  dump_yard: number | string;
  transfer_station: number | string;
}

/** Keyed `${vehicleId}|${day}`; vehicle-days without a trip are absent. */
export async function disposalCountsByDay(
  db: Db,
  scope: Pick<ReportScope, 'fromDay' | 'toDay' | 'timeZone'>,
  vehicles: readonly ReportVehicle[],
): Promise<Map<string, DisposalCounts>> {
  if (vehicles.length === 0) return new Map();
  const ids = vehicleIdList(vehicles);
  // entered_at bounds are the range's local days, widened by a day each side and then cut on the local day.
  const localDay = sql`to_char(v.entered_at at time zone ${scope.timeZone}, 'YYYY-MM-DD')`;
  const found = await rows<CountRow>(
    db,
    sql`select v.vehicle_id::text as vehicle_id, ${localDay} as day,
               count(*) filter (where g.kind = 'dump-yard') as dump_yard,
               count(*) filter (where g.kind = 'transfer-station') as transfer_station
          from geofence_visits v
          join geofences g on g.id = v.geofence_id
         where v.vehicle_id in (${ids})
           and g.kind in ('dump-yard', 'transfer-station')
           and v.entered_at >= ${scope.fromDay}::date - 1 and v.entered_at < ${scope.toDay}::date + 2
           and ${localDay} >= ${scope.fromDay} and ${localDay} <= ${scope.toDay}
         group by 1, 2`,
  );
  return new Map(
    found.map((r) => [
      `${r.vehicle_id}|${r.day}`,
      { dumpYard: Number(r.dump_yard), transferStation: Number(r.transfer_station) },
    ]),
  );
}
