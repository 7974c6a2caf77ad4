/**
 * Route violation report: one row per violation with its time and place, per vehicle in time order:
 * - overspeed: 'overspeed' events started in the range; max speed = the highest of the event's reported speed and the
 *   moving intervals' max speed during it (state_intervals); limit = the vehicle's speed limit, else the
 *   organisation's derive setting.
 * - corridorExit: job_runs.corridor_exits that began in the range (the run's job and route named).
 * - missedCheckpoint: checkpoints of runs that are over (finished or missed) with no visit (reachedAt null), at the
 *   run's window end, placed at the checkpoint.
 * Exits from an assigned geofence the vehicle should stay inside are not reported: the data model has no such rule.
 */
import { vehicleIdList } from '../engine/sql-lists.ts';
import {
  requireReportMeta,
  ROUTE_VIOLATION_LABELS,
  ROUTE_VIOLATION_TYPES,
  type ReportRow,
  type RouteViolationType,
} from '@civicfleet/shared';
import { sql } from 'drizzle-orm';
import { rows } from '../../../db/client.ts';
import { type ReportDefinition, scopeChunks } from '../engine/types.ts';
import { isRunOver, placeOf, readJobRuns } from './swm-runs.ts';

interface OverspeedRow {
  vehicle_id: string;
  started_at: Date | string;
  ended_at: Date | string | null;
  lat: number | null;
  lon: number | null;
  reported_kph: number | string | null;
  interval_kph: number | string | null;
}

type Violation = ReportRow & { vehicleId: string; at: string };

const num = (v: number | string | null) => (v === null ? null : Number(v));

export const routeViolationReport: ReportDefinition<{ violationTypes?: RouteViolationType[] }> = {
  meta: requireReportMeta('route-violation'),
  async *run({ db, scope, signal }, filter) {
    const wanted = new Set<RouteViolationType>(
      filter.violationTypes?.length ? filter.violationTypes : ROUTE_VIOLATION_TYPES,
    );
    const fromMs = scope.from.getTime();
    const toMs = scope.to.getTime();
    if (scope.vehicles.length === 0) yield { rows: [], progress: 1 };
    for (const { vehicles, progress } of scopeChunks(scope)) {
      if (signal?.aborted) return;
      const ids = vehicleIdList(vehicles);
      const found: Violation[] = [];
      const byId = new Map(vehicles.map((v) => [String(v.id), v]));
      const label = (type: RouteViolationType) => ({
        violation: ROUTE_VIOLATION_LABELS[type],
        violationType: type,
      });
      if (wanted.has('overspeed')) {
        const events = await rows<OverspeedRow>(
          db,
          sql`select e.vehicle_id::text as vehicle_id, e.started_at, e.ended_at, e.lat, e.lon,
                     (e.attrs->>'speedKph')::float8 as reported_kph,
                     (select max(si.max_speed_kph) from state_intervals si
                       where si.device_id = e.device_id and si.kind = 'moving'
                         and si.started_at <= coalesce(e.ended_at, e.last_at)
                         and coalesce(si.ended_at, e.last_at) >= e.started_at) as interval_kph
                from events e
               where e.vehicle_id in (${ids}) and e.type = 'overspeed'
                 and e.started_at >= ${scope.from} and e.started_at <= ${scope.to}`,
        );
        for (const e of events) {
          const vehicle = byId.get(e.vehicle_id);
          const speeds = [num(e.reported_kph), num(e.interval_kph)].filter((s): s is number => s !== null);
          found.push({
            vehicleId: e.vehicle_id,
            ...label('overspeed'),
            at: new Date(e.started_at).toISOString(),
            until: e.ended_at === null ? null : new Date(e.ended_at).toISOString(),
            place: placeOf(e.lat, e.lon),
            maxSpeed: speeds.length ? Math.round(Math.max(...speeds)) : null,
            speedLimit: vehicle?.speedLimitKph ?? scope.settings.speedLimitKph,
          });
        }
      }
      if (wanted.has('corridorExit') || wanted.has('missedCheckpoint')) {
        for (const run of await readJobRuns(db, scope, vehicles)) {
          const job = { job: run.jobName, route: run.routeName };
          if (wanted.has('corridorExit')) {
            for (const exit of run.corridorExits) {
              const atMs = Date.parse(exit.exitedAt);
              if (atMs < fromMs || atMs > toMs) continue;
              found.push({
                vehicleId: run.vehicleId,
                ...label('corridorExit'),
                ...job,
                at: exit.exitedAt,
                until: exit.returnedAt,
                place: placeOf(exit.lat, exit.lon),
                offRouteM: Math.round(exit.maxDistanceM),
              });
            }
          }
          if (wanted.has('missedCheckpoint') && isRunOver(run)) {
            const endMs = run.windowEnd.getTime();
            if (endMs < fromMs || endMs > toMs) continue;
            for (const cp of run.checkpoints) {
              if (cp.reachedAt !== null) continue;
              found.push({
                vehicleId: run.vehicleId,
                ...label('missedCheckpoint'),
                ...job,
                at: run.windowEnd.toISOString(),
                place: placeOf(cp.lat, cp.lon),
                checkpoint: cp.name,
              });
            }
          }
        }
      }
      const byVehicle = new Map<string, Violation[]>();
      for (const v of found) {
        const list = byVehicle.get(v.vehicleId) ?? [];
        list.push(v);
        byVehicle.set(v.vehicleId, list);
      }
      const out: ReportRow[] = [];
      for (const vehicle of vehicles) {
        const mine = (byVehicle.get(String(vehicle.id)) ?? []).sort(
          (a, b) => a.at.localeCompare(b.at) || String(a.violation).localeCompare(String(b.violation)),
        );
        for (const v of mine) {
          out.push({
            zone: vehicle.zoneName,
            ward: vehicle.wardName,
            model: vehicle.model,
            regNo: vehicle.registrationNumber,
            until: null,
            job: null,
            route: null,
            checkpoint: null,
            maxSpeed: null,
            speedLimit: null,
            offRouteM: null,
            ...v,
          });
        }
      }
      yield { rows: out, progress };
    }
  },
};
