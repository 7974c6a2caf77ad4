/**
 * D2D (door-to-door) collection: one row per collection point per route over the range's job runs of the selected
 * vehicles: planned = runs that had the point, served = runs that visited it (docs/reports.md "## Definitions:
 * collection visit, duty"), missed = runs over without a visit, coverage = served ÷ planned, last served. The ward is
 * the POI's ward, else the vehicle's. `meta`: the overall coverage (per ward and route: the page sums the rows).
 * `onlyMissed` keeps the points missed at least once.
 */
import { requireReportMeta, type D2dMeta, type ReportRow } from '@civicfleet/shared';
import { sql } from 'drizzle-orm';
import { rows } from '../../../db/client.ts';
import { type ReportDefinition, scopeChunks } from '../engine/types.ts';
import { isRunOver, percentOf, readJobRuns } from './swm-runs.ts';

interface Point {
  ward: string | null;
  route: string;
  point: string;
  poiId: string | null;
  latN: number;
  lonN: number;
  planned: number;
  served: number;
  missed: number;
  lastServed: string | null;
}

export const d2dCollectionReport: ReportDefinition<{ onlyMissed?: boolean }> = {
  meta: requireReportMeta('d2d-collection'),
  async *run({ db, scope, signal }, filter) {
    const points = new Map<string, Point>();
    for (const { vehicles } of scopeChunks(scope)) {
      if (signal?.aborted) return;
      const wardOfVehicle = new Map(vehicles.map((v) => [String(v.id), v.wardName]));
      for (const run of await readJobRuns(db, scope, vehicles)) {
        for (const cp of run.checkpoints) {
          const key = `${run.routeId ?? run.jobId}|${cp.poiId ?? `${cp.name}|${cp.lat}|${cp.lon}`}`;
          const p = points.get(key) ?? {
            ward: wardOfVehicle.get(run.vehicleId) ?? null,
            route: run.routeName ?? run.jobName,
            point: cp.name,
            poiId: cp.poiId ?? null,
            latN: cp.lat,
            lonN: cp.lon,
            planned: 0,
            served: 0,
            missed: 0,
            lastServed: null,
          };
          p.planned += 1;
          if (cp.reachedAt !== null) {
            p.served += 1;
            if (p.lastServed === null || cp.reachedAt > p.lastServed) p.lastServed = cp.reachedAt;
          } else if (isRunOver(run)) p.missed += 1;
          points.set(key, p);
        }
      }
    }
    // The POI's own ward where it has one (one query for every point).
    const poiIds = [...new Set([...points.values()].flatMap((p) => (p.poiId ? [p.poiId] : [])))];
    if (poiIds.length) {
      const wards = await rows<{ id: string; ward: string | null }>(
        db,
        sql`select p.id::text as id, w.name as ward from pois p left join admin_divisions w on w.id = p.ward_id
             where p.id in (${sql.join(
               poiIds.map((id) => sql`${BigInt(id)}`),
               sql`, `,
             )})`,
      );
      const byPoi = new Map(wards.map((w) => [w.id, w.ward]));
      for (const p of points.values())
        if (p.poiId && byPoi.get(p.poiId)) p.ward = byPoi.get(p.poiId) ?? p.ward;
    }
    const all = [...points.values()].sort(
      (a, b) =>
        (a.ward ?? '\uffff').localeCompare(b.ward ?? '\uffff') ||
        a.route.localeCompare(b.route) ||
        a.point.localeCompare(b.point),
    );
    const planned = all.reduce((n, p) => n + p.planned, 0);
    const served = all.reduce((n, p) => n + p.served, 0);
    const shown = filter.onlyMissed ? all.filter((p) => p.missed > 0) : all;
    const meta: D2dMeta = { planned, served, coverage: percentOf(served, planned) };
    const out: ReportRow[] = shown.map((p) => ({
      ward: p.ward,
      route: p.route,
      point: p.point,
      lat: p.latN.toFixed(6),
      lon: p.lonN.toFixed(6),
      planned: p.planned,
      served: p.served,
      missed: p.missed,
      coverage: percentOf(p.served, p.planned),
      lastServed: p.lastServed,
    }));
    yield { rows: out, progress: 1, meta };
  },
};
