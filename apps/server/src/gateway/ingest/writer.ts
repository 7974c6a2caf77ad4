/**
 * The batch writer. Stages fill the open batch; one flush runs at a time (batches commit in order). The open batch
 * is flushed as soon as it holds INGEST_BATCH_ROWS rows, else when the writer is idle and the batch has gathered rows
 * for `lingerMs` (default 20 ms), and at the latest INGEST_FLUSH_MS after its first row. Under load this is group
 * commit: whatever arrived during a flush is written by the next one right after it, so batches grow with the load
 * and an ack waits about one flush, not a fixed second. A flush:
 *
 *   1. creates the monthly partitions its rows need (outside the transaction: DDL locks the parent briefly);
 *   2. writes everything in ONE transaction: positions, raw_logs, device_latest, devices.last_seen_at, events,
 *      unknown_devices, then the tables of later stages;
 *   3. after COMMIT resolves `batch.committed` — connections send the acks waiting on it (an acked message is stored);
 *   4. publishes a LiveDelta on the bus (TOPICS.live).

 */
import type { LiveDelta } from '@civicfleet/shared';
import { TOPICS, type Bus } from '../../bus/bus.ts';
import { Batch, type BatchTable } from './batch.ts';
import {
  insertEvents,
  insertPositions,
  insertRawLogs,
  updateEvents,
  updateLastSeen,
  upsertLatest,
  upsertUnknownDevices,
  type InsertedEvent,
} from './batch-sql.ts';
import { liveAlertOf, livePositionOf } from '../../live/live-mapping.ts';
import { createPartitionKeeper } from './partitions.ts';
import type { SqlClient, SqlExecutor } from './sql-client.ts';

export const DEFAULT_LINGER_MS = 20;

export interface WriterHooks {
  /** Inside the transaction, after every statement and before COMMIT (tests slow the flush down here). */
  beforeCommit?(batch: Batch, tx: SqlExecutor): Promise<void>;
  /** Right after COMMIT, before acks are released. */
  afterCommit?(batch: Batch): void;
}

export interface WriterOptions {
  sql: SqlClient;
  bus?: Bus | undefined;
  flushMs: number;
  batchRows: number;
  /** How long an idle writer lets a new batch gather rows before flushing it (≤ flushMs). Default 20 ms. */
  lingerMs?: number;
  /** Tables of later stages, written after the core tables in this order. */
  tables?: readonly BatchTable<unknown>[];
  clock?: () => number;
  hooks?: WriterHooks;
  /** A flush failed: its batch's acks are never sent; the gateway drops the devices' in-memory state. */
  onFlushError?(error: unknown, batch: Batch): void;
}

export interface WriterStats {
  batches: number;
  positions: number;
  rawLogs: number;
  events: number;
  failures: number;
  lastFlushMs: number;
  lastBatchRows: number;
  /** Sum of flush durations (ms): busy share = busyMs / wall time. */
  busyMs: number;
}

export interface IngestWriter {
  /** Runs `fill` on the open batch (synchronously) and returns that batch; await `batch.committed` for the ack. */
  write(fill: (batch: Batch) => void): Batch;
  /** Flushes until nothing is pending (graceful shutdown, tests). */
  drain(): Promise<void>;
  /** Drains, then refuses further writes. */
  close(): Promise<void>;
  readonly pendingRows: number;
  readonly stats: Readonly<WriterStats>;
}

export function createIngestWriter(options: WriterOptions): IngestWriter {
  const clock = options.clock ?? Date.now;
  const partitions = createPartitionKeeper();
  const stats: WriterStats = {
    batches: 0,
    positions: 0,
    rawLogs: 0,
    events: 0,
    failures: 0,
    lastFlushMs: 0,
    lastBatchRows: 0,
    busyMs: 0,
  };
  let open = new Batch();
  /** When the open batch got its first row: the flush deadline counts from there. */
  let openSinceMs: number | null = null;
  let flushing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  function schedule(): void {
    if (flushing || open.isEmpty) return;
    if (open.rowCount >= options.batchRows) {
      void flush();
      return;
    }
    if (timer) return;
    const delay = Math.min(options.flushMs, options.lingerMs ?? DEFAULT_LINGER_MS);
    const wait = Math.max(0, (openSinceMs ?? clock()) + delay - clock());
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, wait);
  }

  function flush(): Promise<void> {
    if (flushing) return flushing;
    if (open.isEmpty) return Promise.resolve();
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    const batch = open;
    open = new Batch();
    openSinceMs = null;
    flushing = commit(batch).finally(() => {
      flushing = null;
      schedule();
    });
    return flushing;
  }

  async function commit(batch: Batch): Promise<void> {
    const started = clock();
    let inserted: InsertedEvent[] = [];
    try {
      await partitions.ensure(
        options.sql,
        'positions',
        batch.positions.map((p) => p.fixedAt.getTime()),
        started,
      );
      await partitions.ensure(
        options.sql,
        'raw_logs',
        batch.rawLogs.map((r) => r.receivedAt.getTime()),
        started,
      );
      inserted = await options.sql.transaction(async (tx) => {
        if (batch.positions.length > 0) await insertPositions(tx, batch.positions);
        if (batch.rawLogs.length > 0) await insertRawLogs(tx, batch);
        if (batch.latest.size > 0) await upsertLatest(tx, batch);
        if (batch.seenDevices.size > 0) await updateLastSeen(tx, batch);
        if (batch.eventUpdates.size > 0) await updateEvents(tx, batch);
        const events = batch.newEvents.length > 0 ? await insertEvents(tx, batch) : [];
        if (batch.unknownDevices.size > 0) await upsertUnknownDevices(tx, batch);
        for (const table of options.tables ?? []) {
          const rows = batch.rowsOf(table);
          if (rows.length > 0) await table.write(tx, rows);
        }
        await options.hooks?.beforeCommit?.(batch, tx);
        return events;
      });
    } catch (error) {
      stats.failures++;
      batch.reject(error);
      options.onFlushError?.(error, batch);
      return;
    }
    options.hooks?.afterCommit?.(batch);
    stats.batches++;
    stats.positions += batch.positions.length;
    stats.rawLogs += batch.rawLogs.length;
    stats.events += inserted.length;
    stats.lastBatchRows = batch.rowCount;
    stats.lastFlushMs = clock() - started;
    stats.busyMs += stats.lastFlushMs;
    batch.resolve();
    publish(batch, inserted);
  }

  function publish(batch: Batch, inserted: InsertedEvent[]): void {
    if (!options.bus) return;
    const delta: LiveDelta = { positions: [], alerts: [] };
    for (const latest of batch.latest.values()) {
      const position = livePositionOf(latest);
      if (position) delta.positions.push(position);
    }
    for (const event of inserted) delta.alerts.push(liveAlertOf(event.id, event.row));
    if (delta.positions.length > 0 || delta.alerts.length > 0) options.bus.publish(TOPICS.live, delta);
  }

  return {
    write(fill) {
      if (closed) throw new Error('The ingest writer is closed');
      const batch = open;
      fill(batch);
      if (openSinceMs === null && !batch.isEmpty) openSinceMs = clock();
      schedule();
      return batch;
    },
    async drain() {
      while (flushing || !open.isEmpty) await (flushing ?? flush());
    },
    async close() {
      await this.drain();
      closed = true;
      if (timer) clearTimeout(timer);
    },
    get pendingRows() {
      return open.rowCount;
    },
    stats,
  };
}
