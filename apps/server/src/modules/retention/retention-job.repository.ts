/**
 * SQL of the retention job (docs/retention.md). Partitions of positions and raw_logs are dropped whole; everything
 * else is deleted in bounded batches: each statement deletes at most `limit` rows found through an index, so that no
 * statement runs long or holds many row locks, and a run that stops halfway has still done whole batches.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../../db/client.ts';
import type { PartitionedTable } from '../../gateway/ingest/partitions.ts';

export interface Partition {
  /** The child table's name. */
  name: string;
  /** [from, to) in epoch ms for a monthly partition named by partitions.ts; null for DEFAULT or a foreign name. */
  range: { fromMs: number; toMs: number } | null;
  isDefault: boolean;
}

/** The partitions of `table` (pg_inherits), with the month each covers when named `<table>_yYYYYmMM`. */
export async function listPartitions(db: Db, table: PartitionedTable): Promise<Partition[]> {
  const found = await rows<{ name: string; is_default: boolean }>(
    db,
    sql`select c.relname as name, pg_get_expr(c.relpartbound, c.oid) = 'DEFAULT' as is_default
          from pg_inherits i join pg_class c on c.oid = i.inhrelid
         where i.inhparent = ${table}::regclass
         order by c.relname`,
  );
  const monthly = new RegExp(`^${table}_y(\\d{4})m(\\d{2})$`);
  return found.map(({ name, is_default }) => {
    const match = monthly.exec(name);
    const range = match
      ? {
          fromMs: Date.UTC(Number(match[1]), Number(match[2]) - 1, 1),
          toMs: Date.UTC(Number(match[1]), Number(match[2]), 1),
        }
      : null;
    return { name, range, isDefault: is_default };
  });
}

/**
 * DROP TABLE IF EXISTS of one partition: instant whatever its size (no row is visited, no WAL per row, the space goes
 * back to the file system at once). It takes an ACCESS EXCLUSIVE lock on the parent for a moment; `lock_timeout`
 * keeps a long-running report from making ingest queue behind the waiting DROP: on timeout the drop is retried on the
 * next run. Returns false when the lock was not granted in time.
 */
export async function dropPartition(db: Db, name: string, lockTimeoutMs: number): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = ${Math.max(1, Math.round(lockTimeoutMs))}`));
      await tx.execute(sql`drop table if exists ${sql.identifier(name)}`);
    });
    return true;
  } catch (error) {
    if (sqlStateOf(error) === '55P03') return false;
    throw error;
  }
}

/** The SQLSTATE of a driver error, also when Drizzle wraps it (DrizzleQueryError's `cause`). */
function sqlStateOf(error: unknown): string | undefined {
  for (let at: unknown = error, depth = 0; at && depth < 4; depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    at = (at as { cause?: unknown }).cause;
  }
  return undefined;
}

async function countOf(db: Db, query: SQL): Promise<number> {
  const [row] = await rows<{ n: number }>(db, query);
  return Number(row?.n ?? 0);
}

/**
 * Deletes up to `limit` rows of one table (a partition, or a plain table) matching `where` (a condition on its own
 * columns), by ctid: the subquery finds them through the table's index, the DELETE visits exactly those tuples (a
 * TID scan), whatever the size of the table.
 */
export function deleteBatchByCtid(db: Db, tableName: string, where: SQL, limit: number): Promise<number> {
  const table = sql.identifier(tableName);
  return countOf(
    db,
    sql`with gone as (
          delete from ${table}
           where ctid = any(array(select ctid from ${table} where ${where} limit ${limit}))
          returning 1
        ) select count(*)::int as n from gone`,
  );
}

/** `= any(…)` of organisation ids (decimal strings) as one bigint[] parameter. */
const idArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::bigint[]`;

/** Positions of the devices these organisations own (the device's current owner), fixed before `before`. */
export const positionsOfOrganisations = (organisationIds: readonly string[], before: Date): SQL =>
  sql`device_id in (select id from devices where organisation_id = any(${idArray(organisationIds)}))
      and fixed_at < ${before}`;

/** Frames of the devices these organisations own (by IMEI: the index raw_logs has), received before `before`. */
export const rawLogsOfOrganisations = (organisationIds: readonly string[], before: Date): SQL =>
  sql`imei in (select imei from devices where organisation_id = any(${idArray(organisationIds)}))
      and received_at < ${before}`;

/** Any row of a partitioned table older than `before` (the DEFAULT partition's leftovers). */
export const olderThan = (table: PartitionedTable, before: Date): SQL =>
  table === 'positions' ? sql`fixed_at < ${before}` : sql`received_at < ${before}`;

/**
 * Alerts of an organisation that ended before `before`. Never an open alert: one the device has not ended (ended_at
 * null, e.g. an SOS still held) or one the alert desk has not closed (desk_status new / acknowledged), however old.
 * Their desk history (event_actions) goes with them, in the same transaction.
 */
export async function deleteEventsBatch(
  db: Db,
  organisationIds: readonly string[],
  before: Date,
  limit: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const doomed = await rows<{ id: string }>(
      tx,
      sql`select id::text as id from events
           where organisation_id = any(${idArray(organisationIds)}) and started_at < ${before} and last_at < ${before}
             and ended_at is not null and ended_at < ${before}
             and (desk_status is null or desk_status = 'closed')
           limit ${limit}`,
    );
    if (doomed.length === 0) return 0;
    const ids = idArray(doomed.map((row) => row.id));
    await tx.execute(sql`delete from event_actions where event_id = any(${ids})`);
    return countOf(
      tx,
      sql`with gone as (delete from events where id = any(${ids}) returning 1) select count(*)::int as n from gone`,
    );
  });
}

/** The derived tables the history reports read, each with its organisation filter and "wholly before" condition. */
export const ROLLUP_TABLES = {
  daily_vehicle_stats: (before: Date) => sql`day < ${before.toISOString().slice(0, 10)}::date`,
  trips: (before: Date) => sql`started_at < ${before} and ended_at < ${before}`,
  state_intervals: (before: Date) => sql`started_at < ${before} and ended_at < ${before}`,
  geofence_visits: (before: Date) => sql`entered_at < ${before} and exited_at < ${before}`,
  /** Driver-id reads the attendance job has processed (an unprocessed read is still work to do). */
  driver_tag_reads: (before: Date) => sql`read_at < ${before} and processed_at is not null`,
} as const satisfies Record<string, (before: Date) => SQL>;
export type RollupTable = keyof typeof ROLLUP_TABLES;

/** Deletes up to `limit` rows of these organisations' rollup table wholly before `before` (ctid batch). */
export function deleteRollupBatch(
  db: Db,
  table: RollupTable,
  organisationIds: readonly string[],
  before: Date,
  limit: number,
): Promise<number> {
  const where = sql`organisation_id = any(${idArray(organisationIds)}) and ${ROLLUP_TABLES[table](before)}`;
  return deleteBatchByCtid(db, table, where, limit);
}
