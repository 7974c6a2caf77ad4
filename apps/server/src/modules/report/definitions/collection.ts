/**
 * Collection report: per ward and vehicle per day (the vehicle's ward), over the day's job runs: points scheduled
 * (their checkpoints), visited (a collection-point visit, docs/reports.md "## Definitions: collection visit, duty"),
 * missed (no visit in a run that is over), first and last visit, coverage = visited ÷ scheduled, and the disposal
 * (dump-yard / transfer-station) trips entered that day. `meta`: the totals and the overall coverage.
 */
import { requireReportMeta, type CollectionMeta, type ReportRow } from '@civicfleet/shared';
import { type ReportDefinition, scopeChunks } from '../engine/types.ts';
import { disposalTripCounts, isRunOver, percentOf, readJobRuns, type ReportJobRun } from './swm-runs.ts';

/** Counts of the runs of one vehicle on one day. */
export function collectionOf(runs: readonly ReportJobRun[]) {
  let scheduled = 0;
  let visited = 0;
  let missed = 0;
  let first: string | null = null;
  let last: string | null = null;
  for (const run of runs) {
    for (const cp of run.checkpoints) {
      scheduled += 1;
      if (cp.reachedAt === null) {
        if (isRunOver(run)) missed += 1;
        continue;
      }
      visited += 1;
      if (first === null || cp.reachedAt < first) first = cp.reachedAt;
      if (last === null || cp.reachedAt > last) last = cp.reachedAt;
    }
  }
  return { scheduled, visited, missed, firstVisit: first, lastVisit: last };
}

export const collectionReport: ReportDefinition = {
  meta: requireReportMeta('collection'),
  async *run({ db, scope, signal }) {
    const totals: CollectionMeta = { scheduled: 0, visited: 0, missed: 0, coverage: null, dumpTrips: 0 };
    if (scope.vehicles.length === 0) yield { rows: [], progress: 1, meta: totals };
    for (const { vehicles, progress } of scopeChunks(scope)) {
      if (signal?.aborted) return;
      const [runs, trips] = await Promise.all([
        readJobRuns(db, scope, vehicles),
        disposalTripCounts(db, scope, vehicles),
      ]);
      const runsOf = new Map<string, ReportJobRun[]>();
      for (const run of runs) {
        const key = `${run.vehicleId}|${run.day}`;
        const list = runsOf.get(key) ?? [];
        list.push(run);
        runsOf.set(key, list);
      }
      const out: ReportRow[] = [];
      for (const vehicle of vehicles) {
        for (const day of scope.days) {
          const key = `${vehicle.id}|${day}`;
          const dayRuns = runsOf.get(key);
          if (!dayRuns) continue;
          const c = collectionOf(dayRuns);
          const dumpTrips = trips.get(key) ?? 0;
          totals.scheduled += c.scheduled;
          totals.visited += c.visited;
          totals.missed += c.missed;
          totals.dumpTrips += dumpTrips;
          out.push({
            zone: vehicle.zoneName,
            ward: vehicle.wardName,
            model: vehicle.model,
            regNo: vehicle.registrationNumber,
            vehicleId: String(vehicle.id),
            day,
            ...c,
            coverage: percentOf(c.visited, c.scheduled),
            dumpTrips,
          });
        }
      }
      totals.coverage = percentOf(totals.visited, totals.scheduled);
      yield { rows: out, progress, meta: { ...totals } };
    }
  },
};
