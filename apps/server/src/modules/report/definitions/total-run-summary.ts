/**
 * Total Run: one row per vehicle with data in the range, its rollups summed: days with data, distance, run, idle
 * and stop time, the highest speed, the average moving speed (weighted by run time), trips, and distance per day
 * with data.
 */
import { requireReportMeta, type ReportRow } from '@civicfleet/shared';
import { type ReportDefinition, scopeChunks } from '../engine/types.ts';
import { byVehicle, readRollups, vehicleCells } from './daily-rollups.ts';

export const totalRunSummaryReport: ReportDefinition = {
  meta: requireReportMeta('total-run-summary'),
  async *run({ db, scope, signal }) {
    if (scope.vehicles.length === 0) yield { rows: [], progress: 1 };
    for (const { vehicles, progress } of scopeChunks(scope)) {
      if (signal?.aborted) return;
      const sums = byVehicle(await readRollups(db, vehicles, scope.fromDay, scope.toDay, false));
      const out: ReportRow[] = [];
      for (const vehicle of vehicles) {
        const sum = sums.get(String(vehicle.id))?.[0];
        if (!sum) continue;
        out.push({
          ...vehicleCells(vehicle),
          daysWithData: sum.days,
          distance: sum.distanceM,
          runS: sum.runS,
          idleS: sum.idleS,
          stopS: sum.stopS,
          maxSpeed: sum.maxSpeedKph,
          averageSpeed: sum.avgMovingSpeedKph,
          trips: sum.trips,
          distancePerDay: sum.days > 0 ? sum.distanceM / sum.days : null,
        });
      }
      yield { rows: out, progress };
    }
  },
};
