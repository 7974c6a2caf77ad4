/**
 * Daily Vehicle Operations: one row per vehicle per local day with data — ignition, run, idle and stop time,
 * distance and trips from the daily rollups, plus the disposal trips of the day: geofence_visits (dwell-confirmed)
 * of fences of kind 'dump-yard' and 'transfer-station', counted on the local day of entered_at
 * (docs/swm.md "Disposal trips"; the same rule as modules/operations/disposal-trips.ts). Two grouped queries per
 * chunk of vehicles.
 */
import { requireReportMeta, type ReportRow } from '@civicfleet/shared';
import { sql } from 'drizzle-orm';
import { rows } from '../../../db/client.ts';
import { type ReportDefinition, scopeChunks } from '../engine/types.ts';
import { byVehicle, readRollups, vehicleCells, vehicleIdList } from './daily-rollups.ts';

interface DisposalCount {
  vehicle_id: string;
  day: string;
  dump_yard: number | string;
  transfer_station: number | string;
}

const CHUNK = 100;

export const dailyVehicleOperationReport: ReportDefinition = {
  meta: requireReportMeta('daily-vehicle-operation-report'),
  async *run({ db, scope, signal }) {
    if (scope.vehicles.length === 0) yield { rows: [], progress: 1 };
    for (const { vehicles, progress } of scopeChunks(scope, CHUNK)) {
      if (signal?.aborted) return;
      const days = byVehicle(await readRollups(db, vehicles, scope.fromDay, scope.toDay, true));
      // entered_at bounds are the range's local days, widened by a day each side and then cut on the local day.
      const localDay = sql`to_char(v.entered_at at time zone ${scope.timeZone}, 'YYYY-MM-DD')`;
      const disposals = await rows<DisposalCount>(
        db,
        sql`select v.vehicle_id::text as vehicle_id, ${localDay} as day,
                   count(*) filter (where g.kind = 'dump-yard') as dump_yard,
                   count(*) filter (where g.kind = 'transfer-station') as transfer_station
              from geofence_visits v
              join geofences g on g.id = v.geofence_id
             where v.vehicle_id in (${vehicleIdList(vehicles)})
               and g.kind in ('dump-yard', 'transfer-station')
               and v.entered_at >= ${scope.fromDay}::date - 1 and v.entered_at < ${scope.toDay}::date + 2
               and ${localDay} >= ${scope.fromDay} and ${localDay} <= ${scope.toDay}
             group by 1, 2`,
      );
      const disposalOf = new Map(disposals.map((d) => [`${d.vehicle_id}|${d.day}`, d]));
      const out: ReportRow[] = [];
      for (const vehicle of vehicles) {
        for (const day of days.get(String(vehicle.id)) ?? []) {
          const disposal = disposalOf.get(`${vehicle.id}|${day.day}`);
          out.push({
            ...vehicleCells(vehicle),
            day: day.day,
            firstIgnitionAt: day.firstIgnitionAt,
            lastIgnitionAt: day.lastIgnitionAt,
            runS: day.runS,
            idleS: day.idleS,
            stopS: day.stopS,
            distance: day.distanceM,
            trips: day.trips,
            dumpYardTrips: Number(disposal?.dump_yard ?? 0),
            transferStationTrips: Number(disposal?.transfer_station ?? 0),
          });
        }
      }
      yield { rows: out, progress };
    }
  },
};
