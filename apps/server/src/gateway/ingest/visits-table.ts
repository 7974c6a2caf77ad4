/**
 * `geofence_visits` rows of the derive stage (derive/visits.ts): a row when a visit is confirmed (dwell reached,
 * exited_at null) and the same row again when it ends (exited_at, dwell_s), upserted on (device_id, fence_key,
 * entered_at). The fence key (`g<geofenceId>` / `d<divisionId>`, derive-context.ts) names exactly one target; keys
 * this module did not make are skipped.
 */
import type { Visit, VisitStart } from '../../derive/index.ts';
import type { BatchTable } from './batch.ts';
import { parseFenceKey } from './derive-context.ts';
import type { SqlExecutor } from './sql-client.ts';
import { chunks, id, num, rowsPerStatement, valuesList } from './sql-values.ts';

export interface VisitRow {
  deviceId: bigint;
  vehicleId: bigint | null;
  organisationId: bigint;
  /** Open (confirmed, still inside) or closed. */
  visit: VisitStart | Visit;
  /** Written by a re-derivation after late fixes. */
  late: boolean;
}

const CASTS = [
  'bigint',
  'bigint',
  'bigint',
  'text',
  'bigint',
  'bigint',
  'timestamptz',
  'timestamptz',
  'int',
  'float8',
  'float8',
  'boolean',
];

export async function writeVisits(tx: SqlExecutor, rows: readonly VisitRow[]): Promise<void> {
  // One statement cannot touch a row twice: the last row per key wins (a close after its open).
  const byKey = new Map<string, VisitRow>();
  for (const row of rows) {
    const key = `${row.deviceId}:${row.visit.fenceId}:${row.visit.enteredAt.getTime()}`;
    byKey.delete(key);
    byKey.set(key, row);
  }
  const known = [...byKey.values()].filter((row) => parseFenceKey(row.visit.fenceId) !== null);
  for (const chunk of chunks(known, rowsPerStatement(CASTS.length))) {
    const params: unknown[] = [];
    for (const r of chunk) {
      const target = parseFenceKey(r.visit.fenceId);
      const closed = 'exitedAt' in r.visit ? r.visit : null;
      params.push(
        id(r.deviceId),
        id(r.vehicleId),
        id(r.organisationId),
        r.visit.fenceId,
        id(target?.geofenceId ?? null),
        id(target?.divisionId ?? null),
        r.visit.enteredAt,
        closed?.exitedAt ?? null,
        closed ? Math.round(closed.dwellS) : null,
        num(r.visit.entryLat),
        num(r.visit.entryLon),
        r.late,
      );
    }
    // A close never reopens: a row closed by a later batch keeps its exit when an open of it is written again.
    await tx.query(
      `INSERT INTO geofence_visits (device_id, vehicle_id, organisation_id, fence_key, geofence_id, division_id,
         entered_at, exited_at, dwell_s, entry_lat, entry_lon, late)
       VALUES ${valuesList(chunk.length, CASTS)}
       ON CONFLICT (device_id, fence_key, entered_at) DO UPDATE SET
         exited_at = coalesce(excluded.exited_at, geofence_visits.exited_at),
         dwell_s = coalesce(excluded.dwell_s, geofence_visits.dwell_s),
         entry_lat = coalesce(geofence_visits.entry_lat, excluded.entry_lat),
         entry_lon = coalesce(geofence_visits.entry_lon, excluded.entry_lon),
         late = geofence_visits.late OR excluded.late`,
      params,
    );
  }
}

export const visitsTable: BatchTable<VisitRow> = { name: 'geofence_visits', write: writeVisits };
