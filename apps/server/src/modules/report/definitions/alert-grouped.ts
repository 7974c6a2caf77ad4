/**
 * Alert Summary (docs/reports.md "## alert-grouped"): alert counts by type per vehicle (default) or per ward (the
 * vehicle's ward), one grouped query per chunk of vehicles. The run lists only the alert types present
 * (`columns`), in catalogue order; rows are the scope's order (zone, ward, vehicle) with at least one alert.
 */
import { vehicleIdList } from '../engine/sql-lists.ts';
import { ALERT_TYPES, requireReportMeta, type AlertGroupBy, type ReportRow } from '@civicfleet/shared';
import { sql } from 'drizzle-orm';
import { rows } from '../../../db/client.ts';
import { type ReportDefinition, type ReportVehicle, scopeChunks } from '../engine/types.ts';
import { vehicleCells } from './alerts-common.ts';

interface CountRow {
  vehicle_id: string;
  type: string;
  n: number | string;
}

interface Group {
  cells: ReportRow;
  counts: Map<string, number>;
}

export const alertGroupedReport: ReportDefinition<{ groupBy?: AlertGroupBy }> = {
  meta: requireReportMeta('alert-grouped'),
  async *run({ db, scope, signal }, filter) {
    const byWard = filter.groupBy === 'ward';
    // Groups must be complete before the types present are known: counts are small (groups × types).
    const groups = new Map<string, Group>();
    const present = new Set<string>();
    const groupOf = (vehicle: ReportVehicle): Group => {
      const key = byWard ? `w${vehicle.wardId ?? ''}` : `v${vehicle.id}`;
      let group = groups.get(key);
      if (!group) {
        const cells: ReportRow = byWard
          ? {
              zone: vehicle.zoneName,
              ward: vehicle.wardName,
              wardId: vehicle.wardId === null ? null : String(vehicle.wardId),
            }
          : vehicleCells(vehicle);
        group = { cells, counts: new Map() };
        groups.set(key, group);
      }
      return group;
    };
    for (const { vehicles } of scopeChunks(scope, 500)) {
      if (signal?.aborted) return;
      const found = await rows<CountRow>(
        db,
        sql`select vehicle_id::text as vehicle_id, type, count(*) as n
              from events
             where vehicle_id in (${vehicleIdList(vehicles)})
               and started_at >= ${scope.from.toISOString()}::timestamptz
               and started_at <= ${scope.to.toISOString()}::timestamptz
             group by vehicle_id, type`,
      );
      const counts = new Map<string, CountRow[]>();
      for (const row of found) counts.set(row.vehicle_id, [...(counts.get(row.vehicle_id) ?? []), row]);
      // Scope order (zone, ward, registration number) decides the group order.
      for (const vehicle of vehicles) {
        const mine = counts.get(String(vehicle.id));
        if (!mine) continue;
        const group = groupOf(vehicle);
        for (const row of mine) {
          present.add(row.type);
          group.counts.set(row.type, (group.counts.get(row.type) ?? 0) + Number(row.n));
        }
      }
    }
    const known = new Set<string>(ALERT_TYPES);
    const typeKeys = ALERT_TYPES.filter((t) => present.has(t));
    const columns = this.meta.columns
      .map((c) => c.key)
      .filter((key) =>
        known.has(key) ? present.has(key) : !(byWard && (key === 'model' || key === 'regNo')),
      );
    const out: ReportRow[] = [];
    for (const group of groups.values()) {
      const row: ReportRow = { ...group.cells };
      let total = 0;
      for (const type of typeKeys) {
        const n = group.counts.get(type) ?? 0;
        row[type] = n;
        total += n;
      }
      // Types outside the catalogue (older rows) still count in the total.
      for (const [type, n] of group.counts) if (!known.has(type)) total += n;
      row.total = total;
      out.push(row);
    }
    yield { rows: out, progress: 1, columns };
  },
};
