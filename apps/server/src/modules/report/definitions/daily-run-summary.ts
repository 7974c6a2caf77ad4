/**
 * Daily Run Summary ("daily run (streaming, no timeout)", spec 02 §9): one row per vehicle per local day with data,
 * from the daily rollups. Vehicles are read in small chunks and each chunk is yielded as soon as it is read, so a
 * year × the whole fleet streams to the page or the export file without holding it in memory.
 */
import { requireReportMeta, type ReportRow } from '@civicfleet/shared';
import { type ReportDefinition, scopeChunks } from '../engine/types.ts';
import { byVehicle, readRollups, vehicleCells } from './daily-rollups.ts';

/** Vehicles per query: 50 × 366 days stays well under the page's row cap per chunk. */
const CHUNK = 50;

export const dailyRunSummaryReport: ReportDefinition = {
  meta: requireReportMeta('daily-run-summary'),
  async *run({ db, scope, signal }) {
    if (scope.vehicles.length === 0) yield { rows: [], progress: 1 };
    for (const { vehicles, progress } of scopeChunks(scope, CHUNK)) {
      if (signal?.aborted) return;
      const days = byVehicle(await readRollups(db, vehicles, scope.fromDay, scope.toDay, true));
      const out: ReportRow[] = [];
      for (const vehicle of vehicles) {
        for (const day of days.get(String(vehicle.id)) ?? []) {
          out.push({
            ...vehicleCells(vehicle),
            day: day.day,
            distance: day.distanceM,
            runS: day.runS,
            idleS: day.idleS,
            stopS: day.stopS,
            offlineS: day.offlineS,
            maxSpeed: day.maxSpeedKph,
            averageSpeed: day.avgMovingSpeedKph,
            trips: day.trips,
            firstIgnitionAt: day.firstIgnitionAt,
            lastIgnitionAt: day.lastIgnitionAt,
          });
        }
      }
      yield { rows: out, progress };
    }
  },
};
