/**
 * SOS Alert Report (docs/reports.md "## sosalert"): SOS alerts of the selected vehicles in the range with their desk
 * history from event_actions — the first acknowledgement (by, at), the latest assignee, the closing step (by, at),
 * the resolution and how many notes — and the response times from the alert's start. `meta` carries the median and
 * 90th percentile (nearest rank) of both response times over every row, not only the shown ones.
 */
import { vehicleIdList } from '../engine/sql-lists.ts';
import { requireReportMeta, type ReportRow } from '@civicfleet/shared';
import { sql } from 'drizzle-orm';
import { rows } from '../../../db/client.ts';
import type { ReportDefinition } from '../engine/types.ts';
import { alertStateOf } from './alert.ts';
import { formatLatLon, iso, ms, ownDataPlaces, percentile, vehicleCells } from './alerts-common.ts';

const PAGE = 2000;

interface SosRecord {
  id: string;
  vehicle_id: string;
  started_at: string | Date;
  ended_at: string | Date | null;
  repeat_count: number;
  lat: number | null;
  lon: number | null;
  late: boolean;
  desk_status: string | null;
  resolution: string | null;
  ack_at: string | Date | null;
  ack_by: string | null;
  assignee: string | null;
  closed_at: string | Date | null;
  closed_by: string | null;
  notes: number | string;
}

const userName = (alias: string) =>
  sql.raw(`nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), '')`);

export const sosAlertReport: ReportDefinition = {
  meta: requireReportMeta('sosalert'),
  async *run({ db, scope, signal }) {
    const acknowledgeS: number[] = [];
    const closeS: number[] = [];
    let count = 0;
    const meta = () => ({
      count,
      acknowledged: acknowledgeS.length,
      closed: closeS.length,
      medianAcknowledgeS: percentile(acknowledgeS, 50),
      p90AcknowledgeS: percentile(acknowledgeS, 90),
      medianCloseS: percentile(closeS, 50),
      p90CloseS: percentile(closeS, 90),
    });
    if (scope.vehicles.length === 0) {
      yield { rows: [], progress: 1, meta: meta() };
      return;
    }
    const byId = new Map(scope.vehicles.map((v) => [String(v.id), v]));
    const placeOf = await ownDataPlaces(
      db,
      scope.vehicles.map((v) => v.organisationId),
    );
    const ids = vehicleIdList(scope.vehicles);
    let after: { at: string; id: string } | null = null;
    for (;;) {
      if (signal?.aborted) return;
      const cursor: ReturnType<typeof sql> = after
        ? sql`and (e.started_at, e.id) > (${after.at}::timestamptz, ${BigInt(after.id)})`
        : sql``;
      // The history of the page's alerts in one grouped pass over event_actions (indexed by event).
      const found: SosRecord[] = await rows<SosRecord>(
        db,
        sql`with e as (
              select id, vehicle_id, started_at, ended_at, repeat_count, lat, lon, late, desk_status, resolution
                from events e
               where e.vehicle_id in (${ids}) and e.type = 'sos'
                 and e.started_at >= ${scope.from.toISOString()}::timestamptz
                 and e.started_at <= ${scope.to.toISOString()}::timestamptz ${cursor}
               order by e.started_at, e.id
               limit ${PAGE}
            ),
            steps as (
              select a.event_id, a.action, a.created_at, a.id, ${userName('u')} as user_name,
                     ${userName('s')} as assignee_name
                from event_actions a
                left join users u on u.id = a.user_id
                left join users s on s.id = a.assignee_id
               where a.event_id in (select id from e)
            ),
            h as (
              select event_id,
                     (array_agg(created_at order by created_at, id)
                        filter (where action in ('acknowledge', 'assign')))[1] as ack_at,
                     (array_agg(user_name order by created_at, id)
                        filter (where action in ('acknowledge', 'assign')))[1] as ack_by,
                     (array_agg(assignee_name order by created_at desc, id desc) filter (where action = 'assign'))[1]
                       as assignee,
                     (array_agg(created_at order by created_at desc, id desc) filter (where action = 'close'))[1]
                       as closed_at,
                     (array_agg(user_name order by created_at desc, id desc) filter (where action = 'close'))[1]
                       as closed_by,
                     (array_agg(action order by created_at desc, id desc)
                        filter (where action in ('close', 'reopen')))[1] as last_close_step,
                     count(*) filter (where action = 'note') as notes
                from steps group by event_id
            )
            select e.id::text as id, e.vehicle_id::text as vehicle_id, e.started_at, e.ended_at, e.repeat_count,
                   e.lat, e.lon, e.late, e.desk_status, e.resolution, h.ack_at, h.ack_by, h.assignee,
                   case when h.last_close_step = 'close' then h.closed_at end as closed_at,
                   case when h.last_close_step = 'close' then h.closed_by end as closed_by,
                   coalesce(h.notes, 0) as notes
              from e left join h on h.event_id = e.id
             order by e.started_at, e.id`,
      );
      const out: ReportRow[] = [];
      for (const e of found) {
        const vehicle = byId.get(e.vehicle_id);
        if (!vehicle) continue;
        const startMs = ms(e.started_at);
        const ackS = e.ack_at === null ? null : Math.max(0, (ms(e.ack_at) - startMs) / 1000);
        const doneS = e.closed_at === null ? null : Math.max(0, (ms(e.closed_at) - startMs) / 1000);
        count += 1;
        if (ackS !== null) acknowledgeS.push(ackS);
        if (doneS !== null) closeS.push(doneS);
        out.push({
          ...vehicleCells(vehicle),
          startedAt: iso(e.started_at),
          endedAt: iso(e.ended_at),
          place: placeOf(e.lat, e.lon),
          latLon: formatLatLon(e.lat, e.lon),
          state: alertStateOf(e.desk_status, e.ended_at),
          acknowledgedBy: e.ack_by,
          acknowledgedAt: iso(e.ack_at),
          assignedTo: e.assignee,
          closedBy: e.closed_by,
          closedAt: iso(e.closed_at),
          resolution: e.closed_at === null ? null : e.resolution,
          notes: Number(e.notes),
          acknowledgeS: ackS,
          closeS: doneS,
          repeats: Number(e.repeat_count),
          late: e.late,
          alertId: e.id,
        });
      }
      const last = found.at(-1);
      const done = found.length < PAGE || !last;
      yield { rows: out, progress: done ? 1 : 0.5, meta: meta() };
      if (done) return;
      after = { at: new Date(last.started_at).toISOString(), id: last.id };
    }
  },
};
