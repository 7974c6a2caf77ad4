/**
 * Daily Vehicle Operations: one row per vehicle per local day with data — ignition, run, idle and stop time,
 * distance and trips from the daily rollups, plus the disposal trips of the day: geofence_visits (dwell-confirmed)
 * of fences of kind 'dump-yard' and 'transfer-station', counted on the local day of entered_at
 * (docs/swm.md "Disposal trips"; the same rule as modules/operations/disposal-trips.ts). Two grouped queries per
 * chunk of vehicles.
 */
import { requireReportMeta, type ReportRow } from '@civicfleet/shared';
import { type ReportDefinition, scopeChunks } from '../engine/types.ts';
import { byVehicle, readRollups, vehicleCells } from './daily-rollups.ts';
import { disposalCountsByDay } from './disposal-counts.ts';

const CHUNK = 100;

export const dailyVehicleOperationReport: ReportDefinition = {
  meta: requireReportMeta('daily-vehicle-operation-report'),
  async *run({ db, scope, signal }) {
    if (scope.vehicles.length === 0) yield { rows: [], progress: 1 };
    for (const { vehicles, progress } of scopeChunks(scope, CHUNK)) {
      if (signal?.aborted) return;
      const days = byVehicle(await readRollups(db, vehicles, scope.fromDay, scope.toDay, true));
      const disposalOf = await disposalCountsByDay(db, scope, vehicles);
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
            dumpYardTrips: disposal?.dumpYard ?? 0,
            transferStationTrips: disposal?.transferStation ?? 0,
          });
        }
      }
      yield { rows: out, progress };
    }
  },
};
