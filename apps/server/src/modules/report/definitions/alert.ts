/**
 * Alert Report (docs/reports.md "## alert"): every alert (events) the selected vehicles raised in the range, in time
 * order across the fleet — read in pages of PAGE rows by (started_at, id), so a month of a whole city streams. The
 * geofence is the one the vehicle was inside at the alert (geofence_visits, dwell-confirmed stays; divisions left out).
 */
import { vehicleIdList } from '../engine/sql-lists.ts';
import {
  alertTypeLabel,
  ALERT_STATE_LABELS,
  requireReportMeta,
  type AlertState,
  type AlertType,
  type ReportRow,
} from '@civicfleet/shared';
import { sql } from 'drizzle-orm';
import { rows } from '../../../db/client.ts';
import type { ReportDefinition } from '../engine/types.ts';
import { formatLatLon, iso, ownDataPlaces, vehicleCells } from './alerts-common.ts';

const PAGE = 2000;

export interface AlertRecord {
  id: string;
  vehicle_id: string;
  type: string;
  started_at: string | Date;
  ended_at: string | Date | null;
  repeat_count: number;
  lat: number | null;
  lon: number | null;
  late: boolean;
  desk_status: string | null;
  geofence: string | null;
}

/** The desk's status when the desk handles the alert, else open until the device ends it. */
export function alertStateOf(deskStatus: string | null, endedAt: unknown): string {
  if (deskStatus && Object.hasOwn(ALERT_STATE_LABELS, deskStatus))
    return ALERT_STATE_LABELS[deskStatus as AlertState];
  return endedAt === null || endedAt === undefined ? ALERT_STATE_LABELS.open : ALERT_STATE_LABELS.closed;
}

export const alertReport: ReportDefinition<{ alertTypes?: AlertType[] }> = {
  meta: requireReportMeta('alert'),
  async *run({ db, scope, signal }, filter) {
    if (scope.vehicles.length === 0) {
      yield { rows: [], progress: 1 };
      return;
    }
    const byId = new Map(scope.vehicles.map((v) => [String(v.id), v]));
    const placeOf = await ownDataPlaces(
      db,
      scope.vehicles.map((v) => v.organisationId),
    );
    const ids = vehicleIdList(scope.vehicles);
    const types = filter.alertTypes?.length
      ? sql`and e.type in (${sql.join(
          filter.alertTypes.map((t) => sql`${t}`),
          sql`, `,
        )})`
      : sql``;
    const spanMs = Math.max(1, scope.to.getTime() - scope.from.getTime());
    let after: { at: string; id: string } | null = null;
    for (;;) {
      if (signal?.aborted) return;
      const cursor: ReturnType<typeof sql> = after
        ? sql`and (e.started_at, e.id) > (${after.at}::timestamptz, ${BigInt(after.id)})`
        : sql``;
      const found: AlertRecord[] = await rows<AlertRecord>(
        db,
        sql`select e.id::text as id, e.vehicle_id::text as vehicle_id, e.type, e.started_at, e.ended_at,
                   e.repeat_count, e.lat, e.lon, e.late, e.desk_status, f.name as geofence
              from events e
              left join lateral (
                select g.name from geofence_visits gv join geofences g on g.id = gv.geofence_id
                 where gv.vehicle_id = e.vehicle_id and gv.entered_at <= e.started_at
                   and (gv.exited_at is null or gv.exited_at > e.started_at)
                 order by gv.entered_at desc limit 1
              ) f on true
             where e.vehicle_id in (${ids})
               and e.started_at >= ${scope.from.toISOString()}::timestamptz
               and e.started_at <= ${scope.to.toISOString()}::timestamptz
               ${types} ${cursor}
             order by e.started_at, e.id
             limit ${PAGE}`,
      );
      const out: ReportRow[] = [];
      for (const e of found) {
        const vehicle = byId.get(e.vehicle_id);
        if (!vehicle) continue;
        out.push({
          ...vehicleCells(vehicle),
          startedAt: iso(e.started_at),
          endedAt: iso(e.ended_at),
          type: alertTypeLabel(e.type),
          place: placeOf(e.lat, e.lon),
          latLon: formatLatLon(e.lat, e.lon),
          geofence: e.geofence,
          state: alertStateOf(e.desk_status, e.ended_at),
          repeats: Number(e.repeat_count),
          late: e.late,
          alertId: e.id,
          typeKey: e.type,
        });
      }
      const last = found.at(-1);
      const done = found.length < PAGE || !last;
      const lastAt = last ? new Date(last.started_at).getTime() : scope.to.getTime();
      yield { rows: out, progress: done ? 1 : Math.min(0.99, (lastAt - scope.from.getTime()) / spanMs) };
      if (done) return;
      after = { at: new Date(last.started_at).toISOString(), id: last.id };
    }
  },
};
