/**
 * Vehicle Timeline (docs/reports.md "## vehicle-timeline"): ONE vehicle's moving / idle / stopped / offline spans over
 * at most 7 days, from state_intervals plus the open span of its current device (device_derive_state, read with the
 * playback module's reader) — each clipped to the range, with distance (the stored span's, not prorated), start and
 * end places. A span across midnight stays one row; the page's chart splits it into its days.
 */
import {
  requireReportMeta,
  TIMELINE_KIND_LABELS,
  type ReportRow,
  type TimelineKind,
} from '@civicfleet/shared';
import { sql } from 'drizzle-orm';
import { rows } from '../../../db/client.ts';
import { openInterval } from '../../../derive/index.ts';
import { parsePersistedDeriveState } from '../../../gateway/ingest/derive-stage.ts';
import { readCurrentDeriveStates } from '../../playback/playback.repository.ts';
import type { ReportDefinition } from '../engine/types.ts';
import { ms, ownDataPlaces } from './alerts-common.ts';

interface SpanRow {
  kind: TimelineKind;
  started_at: string | Date;
  ended_at: string | Date | null;
  distance_m: number | string;
  start_lat: number | null;
  start_lon: number | null;
  end_lat: number | null;
  end_lon: number | null;
}

export const vehicleTimelineReport: ReportDefinition = {
  meta: requireReportMeta('vehicle-timeline'),
  async *run({ db, scope }) {
    const vehicle = scope.vehicles[0];
    if (!vehicle || scope.vehicles.length !== 1) {
      yield { rows: [], progress: 1 };
      return;
    }
    const from = scope.from.toISOString();
    const to = scope.to.toISOString();
    const stored = await rows<SpanRow>(
      db,
      sql`select kind, started_at, ended_at, distance_m, start_lat, start_lon, end_lat, end_lon
            from state_intervals
           where vehicle_id = ${vehicle.id} and started_at <= ${to}::timestamptz
             and (ended_at is null or ended_at > ${from}::timestamptz)
             and started_at > ${from}::timestamptz - interval '40 days'
           order by started_at`,
    );
    const spans = stored.map((s) => ({
      kind: s.kind,
      startMs: ms(s.started_at),
      endMs: s.ended_at === null ? null : ms(s.ended_at),
      distanceM: Number(s.distance_m),
      start: { lat: s.start_lat, lon: s.start_lon },
      end: { lat: s.end_lat, lon: s.end_lon },
      open: s.ended_at === null,
    }));
    // The span still running on the device (not in state_intervals until it closes), after every stored one.
    const lastStartMs = spans.reduce((max, s) => Math.max(max, s.startMs), -Infinity);
    for (const state of await readCurrentDeriveStates(db, {
      vehicleId: vehicle.id,
      from: scope.from,
      to: scope.to,
    })) {
      const parsed = parsePersistedDeriveState(state);
      const open = parsed ? openInterval(parsed.device.motion) : null;
      if (!open || open.startAt.getTime() <= lastStartMs || open.startAt > scope.to) continue;
      if (open.endAt < scope.from) continue;
      spans.push({
        kind: open.kind,
        startMs: open.startAt.getTime(),
        endMs: open.endAt.getTime(),
        distanceM: open.distanceM,
        start: { lat: open.startLat, lon: open.startLon },
        end: { lat: open.endLat, lon: open.endLon },
        open: true,
      });
    }
    const placeOf = await ownDataPlaces(db, [vehicle.organisationId]);
    const fromMs = scope.from.getTime();
    const toMs = scope.to.getTime();
    const out: ReportRow[] = [];
    for (const span of spans) {
      const startMs = Math.max(span.startMs, fromMs);
      // An open offline span runs to the range end; other open spans end at their last fix.
      const endMs = Math.min(span.endMs ?? toMs, toMs);
      if (endMs < startMs) continue;
      out.push({
        state: TIMELINE_KIND_LABELS[span.kind],
        startedAt: new Date(startMs).toISOString(),
        endedAt: new Date(endMs).toISOString(),
        durationS: Math.round((endMs - startMs) / 1000),
        distance: span.distanceM,
        startPlace: placeOf(span.start.lat, span.start.lon),
        endPlace: placeOf(span.end.lat ?? span.start.lat, span.end.lon ?? span.start.lon),
        open: span.open,
        kind: span.kind,
      });
    }
    yield { rows: out, progress: 1 };
  },
};
