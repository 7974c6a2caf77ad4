/**
 * Offline Vehicle Report (docs/reports.md "## offline"): vehicles whose device has sent no packet (any frame) for
 * longer than `offlineForMin` (default: the organisation's offlineAfterS), as of now — or, with a range, those whose
 * last packet falls inside it. The likely reason, first rule that applies:
 *   power cut  — the last packet said main power off, or the open offline interval says 'power-cut';
 *   SIM/network — the last packet had a weak GSM signal (≤ WEAK_GSM_SIGNAL of 31), or the newest fix came as a
 *                 history packet (the device was buffering because it could not reach the server);
 *   device     — otherwise.
 * Vehicles with a device that never sent anything are listed as 'never connected' (only without a range).
 * One query per chunk of vehicles over device_latest; the offline interval and the newest fix are index probes.
 */
import { vehicleIdList } from '../engine/sql-lists.ts';
import {
  formatReportCell,
  OFFLINE_REASON_LABELS,
  requireReportMeta,
  WEAK_GSM_SIGNAL,
  type OfflineReportReason,
  type ReportRow,
} from '@civicfleet/shared';
import { sql } from 'drizzle-orm';
import { rows } from '../../../db/client.ts';
import { type ReportDefinition, scopeChunks } from '../engine/types.ts';
import { formatLatLon, iso, ms, ownDataPlaces, vehicleCells } from './alerts-common.ts';

interface LatestRow {
  vehicle_id: string;
  last_packet_at: string | Date | null;
  lat: number | null;
  lon: number | null;
  main_power: boolean | null;
  gsm_signal: number | null;
  offline_reason: string | null;
  history: boolean | null;
}

export interface OfflineEvidence {
  mainPower: boolean | null;
  gsmSignal: number | null;
  offlineReason: string | null;
  lastFixWasHistory: boolean | null;
}

/** The rule of the module comment, as a pure function (tested on its own). */
export function offlineReasonOf(e: OfflineEvidence): Exclude<OfflineReportReason, 'never-connected'> {
  if (e.mainPower === false || e.offlineReason === 'power-cut') return 'power-cut';
  if ((e.gsmSignal !== null && e.gsmSignal <= WEAK_GSM_SIGNAL) || e.lastFixWasHistory === true)
    return 'network';
  return 'device';
}

export const offlineReport: ReportDefinition<{ offlineForMin?: number; from?: string; to?: string }> = {
  meta: requireReportMeta('offline'),
  async *run({ db, scope, signal }, filter) {
    const thresholdS =
      filter.offlineForMin !== undefined ? filter.offlineForMin * 60 : scope.settings.offlineAfterS;
    const hasRange = filter.from !== undefined || filter.to !== undefined;
    // "Now" without a clock: the range end, never later than the database's now (the console's To Time is the end
    // of the chosen day, often still ahead).
    const [asOfRow] = await rows<{ as_of: string | Date }>(
      db,
      sql`select least(${scope.to.toISOString()}::timestamptz, now()) as as_of`,
    );
    const asOfMs = asOfRow ? ms(asOfRow.as_of) : scope.to.getTime();
    // Facts shown above the table: the threshold used and "now", as the page prints times.
    const meta = {
      offlineForMin: Math.round(thresholdS / 60),
      asOf: formatReportCell(
        { key: 'asOf', label: 'As of', kind: 'datetime' },
        new Date(asOfMs).toISOString(),
        scope.timeZone,
      ),
    };
    if (scope.vehicles.length === 0) {
      yield { rows: [], progress: 1, meta };
      return;
    }
    const placeOf = await ownDataPlaces(
      db,
      scope.vehicles.map((v) => v.organisationId),
    );
    const asOf = new Date(asOfMs).toISOString();
    const inRange = hasRange
      ? sql`and dl.last_packet_at >= ${scope.from.toISOString()}::timestamptz
            and dl.last_packet_at <= ${scope.to.toISOString()}::timestamptz`
      : sql``;
    for (const { vehicles, progress } of scopeChunks(scope)) {
      if (signal?.aborted) return;
      // The vehicle's current device that spoke last (a vehicle may briefly carry two).
      const found = await rows<LatestRow>(
        db,
        sql`select distinct on (l.vehicle_id) l.vehicle_id::text as vehicle_id, dl.last_packet_at, dl.lat, dl.lon,
                   dl.main_power, dl.gsm_signal, si.offline_reason, p.history
              from vehicle_device_links l
              left join device_latest dl on dl.device_id = l.device_id
              left join lateral (
                select offline_reason from state_intervals
                 where device_id = l.device_id and kind = 'offline' and ended_at is null
                 order by started_at desc limit 1
              ) si on true
              left join lateral (
                select history from positions
                 where device_id = l.device_id and fixed_at = dl.fixed_at limit 1
              ) p on true
             where l.vehicle_id in (${vehicleIdList(vehicles)}) and l.unlinked_at is null
               and (dl.device_id is null
                    or (dl.last_packet_at <= ${asOf}::timestamptz - ${thresholdS}::int * interval '1 second'
                        ${inRange}))
             order by l.vehicle_id, dl.last_packet_at desc nulls last`,
      );
      const byVehicle = new Map(found.map((r) => [r.vehicle_id, r]));
      const out: ReportRow[] = [];
      for (const vehicle of vehicles) {
        const r = byVehicle.get(String(vehicle.id));
        if (!r) continue;
        if (r.last_packet_at === null) {
          if (hasRange) continue;
          out.push({
            ...vehicleCells(vehicle),
            since: null,
            offlineS: null,
            place: null,
            latLon: null,
            reason: OFFLINE_REASON_LABELS['never-connected'],
            reasonKey: 'never-connected',
          });
          continue;
        }
        const reason = offlineReasonOf({
          mainPower: r.main_power,
          gsmSignal: r.gsm_signal === null ? null : Number(r.gsm_signal),
          offlineReason: r.offline_reason,
          lastFixWasHistory: r.history,
        });
        out.push({
          ...vehicleCells(vehicle),
          since: iso(r.last_packet_at),
          offlineS: Math.round((asOfMs - ms(r.last_packet_at)) / 1000),
          place: placeOf(r.lat, r.lon),
          latLon: formatLatLon(r.lat, r.lon),
          reason: OFFLINE_REASON_LABELS[reason],
          reasonKey: reason,
        });
      }
      yield { rows: out, progress, meta };
    }
  },
};
