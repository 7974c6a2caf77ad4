/**
 * One ingest batch: everything decoded since the previous flush, written in one transaction. `committed` settles
 * when that transaction does; replies that acknowledge data wait for it (an acked position is always stored).
 */
import type { SqlExecutor } from './sql-client.ts';
import type { EventRow, EventUpdate, LatestRow, PositionRow, RawLogRow, UnknownDeviceRow } from './rows.ts';

/**
 * A table a later ingest stage writes (state intervals, daily stats, geofence visits …): rows are collected in the
 * batch and `write` runs inside the batch's transaction after the core tables, in registration order.
 */
export interface BatchTable<T> {
  readonly name: string;
  write(tx: SqlExecutor, rows: readonly T[]): Promise<void>;
}

let nextBatchId = 1;

export class Batch {
  readonly id = nextBatchId++;
  readonly positions: PositionRow[] = [];
  readonly rawLogs: RawLogRow[] = [];
  /** Newest state per device (one upsert each). */
  readonly latest = new Map<bigint, LatestRow>();
  readonly newEvents: EventRow[] = [];
  /** Per `${deviceId}:${type}`: repeats and closes of alerts opened by earlier batches. */
  readonly eventUpdates = new Map<string, EventUpdate>();
  readonly unknownDevices = new Map<string, UnknownDeviceRow>();
  /** devices.last_seen_at updates (throttled by the caller). */
  readonly seenDevices = new Map<bigint, Date>();
  private readonly extra = new Map<string, unknown[]>();
  readonly committed: Promise<void>;
  private readonly settle: { resolve: () => void; reject: (error: unknown) => void };

  constructor() {
    const settle = { resolve: (): void => undefined, reject: (_error: unknown): void => undefined };
    this.committed = new Promise<void>((resolve, reject) => {
      settle.resolve = resolve;
      settle.reject = reject;
    });
    this.settle = settle;
    // Nobody may be waiting (a batch of raw logs only): never an unhandled rejection.
    this.committed.catch(() => undefined);
  }

  add<T>(table: BatchTable<T>, row: T): void {
    let rows = this.extra.get(table.name);
    if (!rows) {
      rows = [];
      this.extra.set(table.name, rows);
    }
    rows.push(row);
  }

  rowsOf<T>(table: BatchTable<T>): readonly T[] {
    return (this.extra.get(table.name) ?? []) as T[];
  }

  /** Rows counted against INGEST_BATCH_ROWS (the big tables). */
  get rowCount(): number {
    return this.positions.length + this.rawLogs.length;
  }

  get isEmpty(): boolean {
    return (
      this.rowCount === 0 &&
      this.latest.size === 0 &&
      this.newEvents.length === 0 &&
      this.eventUpdates.size === 0 &&
      this.unknownDevices.size === 0 &&
      this.extra.size === 0
    );
  }

  resolve(): void {
    this.settle.resolve();
  }

  reject(error: unknown): void {
    this.settle.reject(error);
  }
}
