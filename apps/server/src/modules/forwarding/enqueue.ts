/**
 * Queueing forwarded items (outbox, docs/forwarding.md "How items are queued"): the one place that decides which
 * webhook targets get a position or an alert (kind, `sendPositions` / `sendAlerts`, the alert type filter), the
 * alert payload, and the `forward_queue` BatchTable that writes the rows. Two callers, both inside the transaction
 * that stores the data:
 * - the ingest stage (forward-stage.ts) adds the rows to its batch (written in the batch's transaction);
 * - the worker's alerts (offline, missed points) call `enqueueAlerts` in the transaction that inserts the event.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../../db/client.ts';
import type { BatchTable } from '../../gateway/ingest/batch.ts';
import { runStatements, type SqlExecutor } from '../../gateway/ingest/sql-client.ts';
import { json, unnestInsert, unnestStatements, type Column } from '../../gateway/ingest/sql-values.ts';
import type { AlertPayload, PositionPayload, QueuedPayload } from './payload.ts';
import { readForwardTargets, type CachedTarget } from './target-cache.ts';

export interface ForwardRow {
  targetId: bigint;
  kind: QueuedPayload['type'];
  payload: QueuedPayload;
}

const COLUMNS: readonly Column<ForwardRow>[] = [
  ['target_id', 'bigint', 'number', (r) => r.targetId],
  ['kind', 'text', 'text', (r) => r.kind],
  ['payload', 'jsonb', 'text', (r) => json(r.payload)],
];
const INSERT = unnestInsert('forward_queue', COLUMNS);

export const forwardQueueTable: BatchTable<ForwardRow> = {
  name: 'forward_queue',
  statements: (rows) => unnestStatements(INSERT, COLUMNS, rows),
  sliceable: true,
};

/** What an alert payload is made of: an events row (the ingest's EventRow, or one the worker inserted). */
export interface AlertSource {
  type: string;
  deviceId: bigint | string;
  vehicleId: bigint | string | null;
  startedAt: Date;
  lat: number | null;
  lon: number | null;
  late: boolean;
}

export function alertPayloadOf(event: AlertSource, imei: string): AlertPayload {
  return {
    type: 'alert',
    alertType: event.type,
    deviceId: String(event.deviceId),
    imei,
    vehicleId: event.vehicleId === null ? null : String(event.vehicleId),
    time: event.startedAt.toISOString(),
    lat: event.lat,
    lon: event.lon,
    late: event.late,
  };
}

/** The rows for `targets` (an organisation's, with its ancestors'): per webhook target, the position, then alerts. */
export function forwardRowsFor(
  targets: readonly CachedTarget[],
  position: PositionPayload | null,
  alerts: readonly AlertPayload[],
): ForwardRow[] {
  const out: ForwardRow[] = [];
  for (const target of targets) {
    if (target.kind !== 'webhook') continue;
    if (position && target.sendPositions)
      out.push({ targetId: target.id, kind: 'position', payload: position });
    if (!target.sendAlerts) continue;
    for (const alert of alerts)
      if (!target.eventTypes || target.eventTypes.has(alert.alertType))
        out.push({ targetId: target.id, kind: 'alert', payload: alert });
  }
  return out;
}

/**
 * Worker side: queues `alerts` of `organisationId`'s data for its (and its ancestors') enabled webhook targets, on
 * `tx` — call it in the transaction that inserted the events, so an alert is queued exactly when it is stored. The
 * targets are read in that transaction (no cache: a worker raises few alerts, and must not miss a target created a
 * second ago). Returns the number of rows queued.
 */
export async function enqueueAlerts(
  tx: SqlExecutor,
  organisationId: bigint,
  alerts: readonly AlertPayload[],
): Promise<number> {
  if (alerts.length === 0) return 0;
  const { targets } = await readForwardTargets(tx, organisationId);
  const queued = forwardRowsFor(targets, null, alerts);
  if (queued.length > 0) await runStatements(tx, forwardQueueTable.statements(queued));
  return queued.length;
}

/**
 * An SqlExecutor over a Drizzle database or transaction (jobs written with Drizzle, e.g. missed points), so that they
 * queue through `enqueueAlerts` in their own transaction. `$n` placeholders become bound parameters, each as ONE
 * parameter (an array stays an array: `$1::bigint[]`).
 */
export function drizzleExecutor(db: Db): SqlExecutor {
  return {
    query: <T>(text: string, params: readonly unknown[] = []) => rows<T>(db, bindPlaceholders(text, params)),
  };
}

function bindPlaceholders(text: string, params: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = parts.map((part, i) =>
    i % 2 === 0 ? sql.raw(part) : sql`${sql.param(params[Number(part) - 1])}`,
  );
  return sql.join(chunks);
}
