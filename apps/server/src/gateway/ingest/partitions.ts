/**
 * Monthly partitions of positions (by fixed_at) and raw_logs (by received_at), created on demand before a batch that
 * needs them is written. Bounds are UTC months. Rows outside the window the writer creates partitions for (far past,
 * e.g. a tracker with a dead RTC reporting 2019) land in the DEFAULT partition, so an insert never fails.
 *
 * A month is never created once rows for it sit in DEFAULT (PostgreSQL refuses: the default partition would violate
 * the new partition's constraint); the writer only creates months inside a forward-moving window, so that cannot
 * happen in normal operation, and when it does the rows simply stay in DEFAULT.
 */
import type { SqlExecutor } from './sql-client.ts';

export const PARTITIONED_TABLES = ['positions', 'raw_logs'] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number];

/** First instant (UTC) of the month holding `at`, as epoch ms. */
export function monthStart(at: Date | number): number {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

function nextMonth(startMs: number): number {
  const d = new Date(startMs);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

export function partitionName(table: PartitionedTable, startMs: number): string {
  const d = new Date(startMs);
  return `${table}_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Error codes that mean "someone else made it" (concurrent gateways) or "rows of that month already in DEFAULT". */
const TOLERATED = new Set(['42P07', '23505', '23514']);

function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * CREATE TABLE IF NOT EXISTS … PARTITION OF … for every month from `from` to `to` (inclusive) of the given tables.
 * Returns the partitions it could not create (rows of that month already in DEFAULT).
 */
export async function ensureMonthPartitions(
  db: SqlExecutor,
  from: Date,
  to: Date,
  tables: readonly PartitionedTable[] = PARTITIONED_TABLES,
): Promise<string[]> {
  const skipped: string[] = [];
  for (let start = monthStart(from); start <= to.getTime(); start = nextMonth(start)) {
    for (const table of tables) {
      const name = partitionName(table, start);
      const lower = new Date(start).toISOString();
      const upper = new Date(nextMonth(start)).toISOString();
      try {
        await db.query(
          `CREATE TABLE IF NOT EXISTS "${name}" PARTITION OF "${table}" FOR VALUES FROM ('${lower}') TO ('${upper}')`,
        );
      } catch (error) {
        const code = sqlState(error);
        if (code === undefined || !TOLERATED.has(code)) throw error;
        if (code === '23514') skipped.push(name);
      }
    }
  }
  return skipped;
}

/** Remembers which months exist so that the writer asks the database once per month and table. */
export interface PartitionKeeper {
  /** Makes sure the months of these instants exist (those inside the window); cheap when they already do. */
  ensure(db: SqlExecutor, table: PartitionedTable, instants: Iterable<number>, nowMs: number): Promise<void>;
}

export interface PartitionWindow {
  /** Months further back than this go to DEFAULT (a dead RTC, years-old replays). */
  pastMonths: number;
}

export function createPartitionKeeper(window: PartitionWindow = { pastMonths: 12 }): PartitionKeeper {
  const known = new Set<string>();
  /** [start, end) epoch-ms ranges of the months known to exist, per table: the per-row check stays two compares. */
  const ranges = new Map<PartitionedTable, [number, number][]>();
  return {
    async ensure(db, table, instants, nowMs) {
      const now = new Date(nowMs);
      const lowest = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - window.pastMonths, 1);
      const highest = nextMonth(monthStart(nowMs));
      const done = ranges.get(table) ?? [];
      ranges.set(table, done);
      const missing = new Set<number>();
      rows: for (const at of instants) {
        for (const [start, end] of done) if (at >= start && at < end) continue rows;
        const start = monthStart(at);
        if (start < lowest || start > highest) continue;
        if (!known.has(partitionName(table, start))) missing.add(start);
      }
      for (const start of missing) {
        await ensureMonthPartitions(db, new Date(start), new Date(start), [table]);
        known.add(partitionName(table, start));
        done.push([start, nextMonth(start)]);
      }
    },
  };
}
