/**
 * `geofence_visits` rows of the derive stage (derive/visits.ts): a row when a visit is confirmed (dwell reached,
 * exited_at null) and the same row again when it ends (exited_at, dwell_s), upserted on (device_id, fence_key,
 * entered_at). The fence key (`g<geofenceId>` / `d<divisionId>`, derive-context.ts) names exactly one target; keys
 * this module did not make are skipped.
 */
import type { Visit, VisitStart } from '../../derive/index.ts';
import type { BatchTable } from './batch.ts';
import { parseFenceKey } from './derive-context.ts';
import { runStatements, type SqlExecutor, type SqlStatement } from './sql-client.ts';
import { num, unnestInsert, unnestStatements, type Column } from './sql-values.ts';

export interface VisitRow {
  deviceId: bigint;
  vehicleId: bigint | null;
  organisationId: bigint;
  /** Open (confirmed, still inside) or closed. */
  visit: VisitStart | Visit;
  /** Written by a re-derivation after late fixes. */
  late: boolean;
}

const VISIT_COLUMNS: readonly Column<VisitRow>[] = [
  ['device_id', 'bigint', 'number', (r) => r.deviceId],
  ['vehicle_id', 'bigint', 'number', (r) => r.vehicleId],
  ['organisation_id', 'bigint', 'number', (r) => r.organisationId],
  ['fence_key', 'text', 'text', (r) => r.visit.fenceId],
  ['geofence_id', 'bigint', 'number', (r) => parseFenceKey(r.visit.fenceId)?.geofenceId ?? null],
  ['division_id', 'bigint', 'number', (r) => parseFenceKey(r.visit.fenceId)?.divisionId ?? null],
  ['entered_at', 'timestamptz', 'time', (r) => r.visit.enteredAt],
  ['exited_at', 'timestamptz', 'time', (r) => ('exitedAt' in r.visit ? r.visit.exitedAt : null)],
  ['dwell_s', 'int', 'number', (r) => ('exitedAt' in r.visit ? Math.round(r.visit.dwellS) : null)],
  ['entry_lat', 'float8', 'number', (r) => num(r.visit.entryLat)],
  ['entry_lon', 'float8', 'number', (r) => num(r.visit.entryLon)],
  ['late', 'boolean', 'boolean', (r) => r.late],
];

/** A close never reopens: a row closed by a later batch keeps its exit when an open of it is written again. */
const UPSERT_VISITS = unnestInsert(
  'geofence_visits',
  VISIT_COLUMNS,
  `ON CONFLICT (device_id, fence_key, entered_at) DO UPDATE SET
     exited_at = coalesce(excluded.exited_at, geofence_visits.exited_at),
     dwell_s = coalesce(excluded.dwell_s, geofence_visits.dwell_s),
     entry_lat = coalesce(geofence_visits.entry_lat, excluded.entry_lat),
     entry_lon = coalesce(geofence_visits.entry_lon, excluded.entry_lon),
     late = geofence_visits.late OR excluded.late`,
);

export function visitStatements(rows: readonly VisitRow[]): SqlStatement[] {
  // One statement cannot touch a row twice: the last row per key wins (a close after its open).
  const byKey = new Map<string, VisitRow>();
  for (const row of rows) {
    const key = `${row.deviceId}:${row.visit.fenceId}:${row.visit.enteredAt.getTime()}`;
    byKey.delete(key);
    byKey.set(key, row);
  }
  const known = [...byKey.values()].filter((row) => parseFenceKey(row.visit.fenceId) !== null);
  return unnestStatements(UPSERT_VISITS, VISIT_COLUMNS, known);
}

export async function writeVisits(tx: SqlExecutor, rows: readonly VisitRow[]): Promise<void> {
  await runStatements(tx, visitStatements(rows));
}

export const visitsTable: BatchTable<VisitRow> = {
  name: 'geofence_visits',
  statements: visitStatements,
  sliceable: true,
};
