/**
 * Duty report ("summary duty"): per vehicle per day, duty start (first ignition on) and duty end (last ignition off)
 * from daily_vehicle_stats against the day's job runs (docs/reports.md "## Definitions: collection visit, duty"):
 * late start when duty start > window start + dutyGraceS, early end when duty end < window end − dutyGraceS. A job
 * window across midnight takes its duty end from the local day the window ends on. One row per job run; a vehicle
 * with duty but no job that day gets one row without a job. Distance from the day's rollup, trips = disposal trips
 * entered that day.
 */
import { vehicleIdList } from '../engine/sql-lists.ts';
import { requireReportMeta, type ReportRow } from '@civicfleet/shared';
import { sql } from 'drizzle-orm';
import { rows } from '../../../db/client.ts';
import { localDayOf, nextLocalDay } from '../../../derive/local-day.ts';
import { type ReportDefinition, scopeChunks } from '../engine/types.ts';
import { disposalTripCounts, readJobRuns, RUN_STATUS_LABELS, type ReportJobRun } from './swm-runs.ts';

interface DayRow {
  vehicle_id: string;
  day: string;
  first_ignition_at: Date | string | null;
  last_ignition_at: Date | string | null;
  distance_m: number | string;
}

interface DutyDay {
  firstIgnitionMs: number | null;
  lastIgnitionMs: number | null;
  distanceM: number;
}

const ms = (v: Date | string | null) => (v === null ? null : new Date(v).getTime());
const iso = (v: number | null) => (v === null ? null : new Date(v).toISOString());

export const dutyReport: ReportDefinition = {
  meta: requireReportMeta('duty-report'),
  async *run({ db, scope, signal }) {
    const graceMs = scope.settings.dutyGraceS * 1000;
    if (scope.vehicles.length === 0) yield { rows: [], progress: 1 };
    for (const { vehicles, progress } of scopeChunks(scope)) {
      if (signal?.aborted) return;
      const ids = vehicleIdList(vehicles);
      // One day past the range: the duty end of a window across midnight.
      const [stats, runs, trips] = await Promise.all([
        rows<DayRow>(
          db,
          sql`select vehicle_id::text as vehicle_id, day::text as day, min(first_ignition_at) as first_ignition_at,
                     max(last_ignition_at) as last_ignition_at, sum(distance_m) as distance_m
                from daily_vehicle_stats
               where vehicle_id in (${ids}) and day >= ${scope.fromDay} and day <= ${nextLocalDay(scope.toDay)}
               group by vehicle_id, day`,
        ),
        readJobRuns(db, scope, vehicles),
        disposalTripCounts(db, scope, vehicles),
      ]);
      const days = new Map<string, DutyDay>(
        stats.map((s) => [
          `${s.vehicle_id}|${s.day}`,
          {
            firstIgnitionMs: ms(s.first_ignition_at),
            lastIgnitionMs: ms(s.last_ignition_at),
            distanceM: Number(s.distance_m),
          },
        ]),
      );
      const runsOf = new Map<string, ReportJobRun[]>();
      for (const run of runs) {
        const key = `${run.vehicleId}|${run.day}`;
        const list = runsOf.get(key) ?? [];
        list.push(run);
        runsOf.set(key, list);
      }
      const out: ReportRow[] = [];
      for (const vehicle of vehicles) {
        const base = {
          zone: vehicle.zoneName,
          ward: vehicle.wardName,
          model: vehicle.model,
          regNo: vehicle.registrationNumber,
          vehicleId: String(vehicle.id),
        };
        for (const day of scope.days) {
          const key = `${vehicle.id}|${day}`;
          const duty = days.get(key);
          const dayRuns = runsOf.get(key) ?? [];
          const hasDuty = duty !== undefined && (duty.firstIgnitionMs !== null || duty.distanceM > 0);
          if (!hasDuty && dayRuns.length === 0) continue;
          const common = { ...base, day, distance: duty?.distanceM ?? 0, trips: trips.get(key) ?? 0 };
          if (dayRuns.length === 0) {
            const start = duty?.firstIgnitionMs ?? null;
            const end = duty?.lastIgnitionMs ?? null;
            out.push({
              ...common,
              job: null,
              windowStart: null,
              windowEnd: null,
              dutyStart: iso(start),
              dutyEnd: iso(end),
              lateStart: null,
              earlyEnd: null,
              dutyS: start !== null && end !== null && end > start ? Math.round((end - start) / 1000) : null,
              runStatus: null,
              score: null,
            });
            continue;
          }
          for (const run of dayRuns) {
            const endDay = localDayOf(run.windowEnd.getTime() - 1, scope.timeZone);
            const start = duty?.firstIgnitionMs ?? null;
            const end =
              endDay !== day
                ? (days.get(`${vehicle.id}|${endDay}`)?.lastIgnitionMs ?? duty?.lastIgnitionMs ?? null)
                : (duty?.lastIgnitionMs ?? null);
            out.push({
              ...common,
              job: run.jobName,
              windowStart: run.windowStart.toISOString(),
              windowEnd: run.windowEnd.toISOString(),
              dutyStart: iso(start),
              dutyEnd: iso(end),
              lateStart: start === null ? null : start > run.windowStart.getTime() + graceMs,
              earlyEnd: end === null ? null : end < run.windowEnd.getTime() - graceMs,
              dutyS: start !== null && end !== null && end > start ? Math.round((end - start) / 1000) : null,
              runStatus: RUN_STATUS_LABELS[run.status],
              score: run.score === null ? null : run.score * 100,
            });
          }
        }
      }
      yield { rows: out, progress, meta: { dutyGraceS: scope.settings.dutyGraceS } };
    }
  },
};
