/**
 * One ingest batch: everything decoded since the previous flush, written in one transaction. `committed` settles
 * when that transaction does; replies that acknowledge data wait for it (an acked position is always stored).
 */
import type { SqlStatement } from './sql-client.ts';
import { runInTurns } from './turns.ts';
import type {
  DriverTagReadRow,
  EventRow,
  EventUpdate,
  LatestRow,
  PositionRow,
  RawLogRow,
  UnknownDeviceRow,
} from './rows.ts';

/**
 * A table a later ingest stage writes (state intervals, daily stats, geofence visits …): rows are collected in the
 * batch; `statements(rows)` builds what writes them, and the writer sends those of every table, after the core
 * tables' and in registration order, in the batch's transaction within ONE round trip (sql-client.ts queryAll).
 * So every parameter needs a cast (`$1::bigint[]`), and a statement must not depend on another one's result.
 */
export interface BatchTable<T> {
  readonly name: string;
  statements(rows: readonly T[]): SqlStatement[];
  /**
   * True when `statements` may be called on consecutive slices of the rows, in order, with the same outcome as on
   * all of them (upserts where the later row wins, plain inserts): the writer then builds a big batch's statements
   * slice by slice, letting the event loop in between (turns.ts). Not so for ON CONFLICT DO NOTHING after a
   * last-row-wins dedupe (trips).
   */
  readonly sliceable?: boolean;
}

let nextBatchId = 1;

export class Batch {
  readonly id = nextBatchId++;
  /**
   * Position and raw_logs rows not yet encoded into the batch's COPY data. The writer encodes them as the batch fills
   * and then lets them go (copy-ahead.ts: rows kept for a whole flush were most of the garbage collector's work); it
   * keeps them only when a test hook may read them. Counts: positionCount, rawLogCount.
   */
  readonly positions: PositionRow[] = [];
  readonly rawLogs: RawLogRow[] = [];
  /** Rows encoded and let go (see `positions`). */
  droppedPositions = 0;
  droppedRawLogs = 0;
  /** Newest state per device (one upsert each). Set through `setLatest`. */
  readonly latest = new Map<bigint, LatestRow>();
  /** Rows `setLatest` changed since the writer last took them (the early live feed: writer.ts `livePositions`). */
  readonly touchedLatest: LatestRow[] = [];
  readonly newEvents: EventRow[] = [];
  /** Per `${deviceId}:${type}`: repeats and closes of alerts opened by earlier batches. */
  readonly eventUpdates = new Map<string, EventUpdate>();
  readonly unknownDevices = new Map<string, UnknownDeviceRow>();
  /** driver_tag_reads rows (stages/driver-tag.ts); inserted idempotently. */
  readonly driverTagReads: DriverTagReadRow[] = [];
  /** devices.last_seen_at updates (throttled by the caller). */
  readonly seenDevices = new Map<bigint, Date>();
  private readonly extra = new Map<string, unknown[]>();
  readonly committed: Promise<void>;
  /** pending until the flush holding this batch commits (`committed`) or fails (`failed`). */
  status: 'pending' | 'committed' | 'failed' = 'pending';
  /** Why the flush failed (status `failed`): connections keep quiet and open when the database is only away. */
  failure: unknown = undefined;
  private readonly settle: { resolve: () => void; reject: (error: unknown) => void };
  /** Called synchronously when the batch settles (connections: acks, back-pressure; no promise per frame). */
  private listeners: (() => void)[] = [];

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

  setLatest(row: LatestRow): void {
    this.latest.set(row.deviceId, row);
    this.touchedLatest.push(row);
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

  get positionCount(): number {
    return this.positions.length + this.droppedPositions;
  }

  get rawLogCount(): number {
    return this.rawLogs.length + this.droppedRawLogs;
  }

  /** Rows counted against INGEST_BATCH_ROWS (the big tables). */
  get rowCount(): number {
    return this.positionCount + this.rawLogCount;
  }

  get isEmpty(): boolean {
    return (
      this.rowCount === 0 &&
      this.latest.size === 0 &&
      this.newEvents.length === 0 &&
      this.eventUpdates.size === 0 &&
      this.unknownDevices.size === 0 &&
      this.driverTagReads.length === 0 &&
      this.extra.size === 0
    );
  }

  /** Runs `listener` once the batch has settled (at once if it has); read `status` to know how. */
  onSettled(listener: () => void): void {
    if (this.status === 'pending') this.listeners.push(listener);
    else listener();
  }

  /**
   * The batch committed: `committed` resolves and the listeners run, in turns when there are many (hundreds of
   * connections' acks: turns.ts); the promise resolves when all have run.
   */
  resolve(): Promise<void> {
    this.status = 'committed';
    this.settle.resolve();
    return this.notify();
  }

  reject(error: unknown): Promise<void> {
    this.status = 'failed';
    this.failure = error;
    this.settle.reject(error);
    return this.notify();
  }

  private notify(): Promise<void> {
    const listeners = this.listeners;
    this.listeners = [];
    // A listener's failure is its own (a connection closes itself): it must not stop the writer or the others.
    return runInTurns(listeners);
  }
}
