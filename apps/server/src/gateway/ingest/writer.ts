/**
 * The batch writer. Stages fill the open batch; batches commit in order. The open batch is flushed as soon as it
 * holds INGEST_BATCH_ROWS rows, else when the writer is idle and the batch has gathered rows for `lingerMs` (default
 * 20 ms), and at the latest INGEST_FLUSH_MS after its first row. Under load this is group commit: whatever arrived
 * during a flush is written by the next one right after it, so batches grow with the load and an ack waits about
 * one flush, not a fixed second. A flush:
 *
 *   1. creates the monthly partitions its rows need (outside the transaction: DDL locks the parent briefly) and
 *      finishes the binary COPY data of positions and raw_logs, which was encoded while the batch filled
 *      (copy-ahead.ts: off the chain of flushes; only the last few rows are left) — before the transaction, so no
 *      connection is held meanwhile;
 *   2. in ONE transaction: COPY positions, COPY raw_logs (on PostgreSQL with BEGIN in one round trip: sql-client.ts
 *      copyBinaryAll), then the state tables — device_latest, devices.last_seen_at, events, unknown_devices, then the
 *      tables of later stages (the derive tables) — all in ONE round trip (sql-client.ts queryAll: one statement per
 *      table, parameters inlined), on PostgreSQL with the COMMIT in it too (queryAllThenCommit) unless a beforeCommit
 *      hook must run first: two round trips per flush on PostgreSQL, whatever the number of tables;
 *   3. after COMMIT resolves `batch.committed` — connections send the acks waiting on it (an acked message is stored);
 *   4. publishes a LiveDelta on the bus (TOPICS.live): the alerts it opened (they need their new ids) and, with
 *      `livePositions: 'committed'`, the positions.
 *
 * Live positions (`livePositions`, env LIVE_POSITIONS): `early` (default) publishes each device's newest state
 * `liveEarlyMs` after the pipeline staged it (in-process bus: at once; Redis: 10 ms later, gathered into ~100
 * PUBLISHes a second), without waiting for the commit, so what operators see on the
 * map is not delayed by the database (commit latency grows with load; bench/README.md "live-latency"). When the
 * event loop is busy past that deadline (hundreds of sockets' frames read in one poll phase), the next staged fix
 * publishes them inline rather than after the turn: the timer would only fire once the turn ends. Acks still
 * wait for the commit. If a flush fails, the map has shown fixes that are not stored yet: GT06 and Teltonika resend
 * unacknowledged data, which is then stored; AIS-140 live packets have no ack and are lost like any packet a failing
 * database cannot take. `committed` publishes positions only after their batch committed.
 *
 * Pipelining (PostgreSQL, a pool of ≥ 2 connections): at most two flushes are in flight. The next one starts once the
 * previous one's COPYs are done, so its encoding and COPYs overlap the previous one's state statements and COMMIT;
 * it then waits for the previous COMMIT before its own state statements. So the state tables are written, and all
 * batches commit and release their acks, strictly in batch order (an event opened by one batch is visible to the
 * next one's UPDATE; no two transactions touch the same device_latest rows at once, so no deadlock), and no flush
 * inserts positions after a later one has begun. PGlite runs one flush at a time (one connection, one thread).
 *
 * Duplicate positions (a device resending what it was not acked) make the plain COPY fail with a unique violation:
 * the transaction is then retried once with the positions going through a staging table and ON CONFLICT DO NOTHING.
 *
 * Event loop: the gateway's sockets, the pipeline and (all-in-one) the API share one thread, so a big batch is
 * encoded in slices of SLICE_ROWS rows, its state statements are built STATE_SLICE_ROWS devices at a time and the
 * acks a commit releases are written, in turns of ~3 ms (turns.ts), yielding (setImmediate) in between: received
 * frames are handled and live deltas go out meanwhile instead of waiting for the whole flush.
 */
import type { LiveDelta } from '@civicfleet/shared';
import { TOPICS, type Bus } from '../../bus/bus.ts';
import { Batch, type BatchTable } from './batch.ts';
import {
  appendPositions,
  appendRawLogs,
  copyCoreTables,
  driverTagReadStatements,
  DuplicatePositionsError,
  eventInsertStatements,
  eventUpdateStatements,
  insertedEvents,
  insertPositions,
  insertRawLogs,
  lastSeenStatements,
  latestStatements,
  unknownDeviceStatements,
  type InsertedEvent,
} from './batch-sql.ts';
import { liveAlertOf, livePositionOf } from '../../live/live-mapping.ts';
import { AHEAD_ROWS, BufferPool, CopyAhead } from './copy-ahead.ts';
import { createPartitionKeeper } from './partitions.ts';
import { runStatements, type SqlClient, type SqlExecutor, type SqlStatement } from './sql-client.ts';
import type { LatestRow, PositionRow, RawLogRow } from './rows.ts';
import type { IngestMetrics } from '../../observability/metrics.ts';
import { chunks } from './sql-values.ts';
import { breather, yieldToLoop } from './turns.ts';

export const DEFAULT_LINGER_MS = 20;
/**
 * How long staged live positions gather before one LiveDelta carries them when the bus crosses processes (Redis):
 * ~100 PUBLISHes a second under load. On the in-process bus each write's positions are published as they are
 * staged: a publish is a function call per subscriber there (the sessions coalesce per device anyway), and the
 * gathering wait was a fixed part of every fix's latency.
 */
const LIVE_EARLY_REMOTE_MS = 10;

/** Rows per slice of a sliceable table's statements (the derive state: ~10 µs a device). */
const STATE_SLICE_ROWS = 200;

/** The COPY streams of one batch, encoded as it fills (copy-ahead.ts). */
interface BatchCopy {
  positions: CopyAhead<PositionRow>;
  rawLogs: CopyAhead<RawLogRow>;
}

/** The buffers of the two COPY streams, reused from batch to batch (one pool per table: their sizes differ). */
interface CopyPools {
  positions: BufferPool;
  rawLogs: BufferPool;
}

const fixedAtMs = (row: PositionRow): number => row.fixedAt.getTime();
const receivedAtMs = (row: RawLogRow): number => row.receivedAt.getTime();

/** `keepRows`: the encoded rows stay in the batch (writer hooks of tests read them). */
function batchCopyOf(batch: Batch, pools: CopyPools, keepRows: boolean): BatchCopy {
  return {
    positions: new CopyAhead(batch.positions, appendPositions, pools.positions, fixedAtMs, !keepRows),
    rawLogs: new CopyAhead(batch.rawLogs, appendRawLogs, pools.rawLogs, receivedAtMs, !keepRows),
  };
}

/** Encodes the open batch's new rows once AHEAD_ROWS have gathered (called after every write). */
function encodeAhead(copy: BatchCopy, batch: Batch): void {
  if (copy.positions.behind >= AHEAD_ROWS) batch.droppedPositions += copy.positions.catchUp();
  if (copy.rawLogs.behind >= AHEAD_ROWS) batch.droppedRawLogs += copy.rawLogs.catchUp();
}

export interface WriterHooks {
  /**
   * Inside the transaction, after every statement and before COMMIT (tests slow the flush down here). With it, COMMIT
   * is sent on its own instead of in the state statements' round trip.
   */
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
  /** Flushes in flight at once: 1 or 2. Default 2 on PostgreSQL, 1 on PGlite. */
  maxInFlight?: 1 | 2;
  /** Tables of later stages, written after the core tables in this order. */
  tables?: readonly BatchTable<unknown>[];
  clock?: () => number;
  hooks?: WriterHooks;
  /** A flush failed: its batch's acks are never sent; the gateway drops the devices' in-memory state. */
  onFlushError?(error: unknown, batch: Batch): void;
  /** When live positions go on the bus: `early` (default; staged, not yet committed) or `committed`. */
  livePositions?: 'early' | 'committed';
  /**
   * `early`: how long staged positions gather before one LiveDelta carries them; 0 = none, published as staged.
   * Default 0 on an in-process bus, 10 ms on Redis (LIVE_EARLY_REMOTE_MS).
   */
  liveEarlyMs?: number;
  /** Flush time, rows, lag, committed positions (observability/metrics.ts); default none. */
  metrics?: IngestMetrics | undefined;
}

export interface WriterStats {
  batches: number;
  positions: number;
  rawLogs: number;
  events: number;
  failures: number;
  lastFlushMs: number;
  lastBatchRows: number;
  /** Wall time (ms) with at least one flush in flight: busy share = busyMs / wall time. */
  busyMs: number;
  /**
   * Where flush time goes (ms, summed over flushes, so overlapping flushes count twice): partitions, encode (COPY
   * data), copy (BEGIN and both COPYs, PostgreSQL) or positions and rawLogs (the COPYs one by one), waitPrevious (for
   * the previous flush's COMMIT), state (the state and derive tables' round trip; on PostgreSQL with the COMMIT).
   */
  phaseMs: Record<string, number>;
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

/** One flush in flight. */
interface Flight {
  /** Its COPYs are done (or it failed): the next flush may start. */
  copied: boolean;
  /** Settles (never rejects) once the batch committed and its acks were released, or it failed. */
  done: Promise<void>;
}

export function createIngestWriter(options: WriterOptions): IngestWriter {
  const clock = options.clock ?? Date.now;
  const maxInFlight = options.maxInFlight ?? (options.sql.kind === 'postgres' ? 2 : 1);
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
    phaseMs: {},
  };
  let open = new Batch();
  /** Binary COPY (both engines have it; test executors may not): the open batch's data is encoded as it fills. */
  const pools: CopyPools | null =
    options.sql.copyBinary !== undefined ? { positions: new BufferPool(), rawLogs: new BufferPool() } : null;
  const keepRows = options.hooks !== undefined;
  let openCopy = pools ? batchCopyOf(open, pools, keepRows) : null;
  /** When the open batch got its first row: the flush deadline counts from there. */
  let openSinceMs: number | null = null;
  /** Flushes in flight, oldest first (at most maxInFlight). */
  const flights: Flight[] = [];
  /** Settled batches whose listeners (acks) still run in turns. */
  const releases = new Set<Promise<void>>();
  let busySinceMs = 0;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const earlyLive = options.bus !== undefined && (options.livePositions ?? 'early') === 'early';
  /** `early`: each device's newest staged state not yet published. */
  const pendingLive = new Map<bigint, LatestRow>();
  let liveTimer: NodeJS.Timeout | null = null;
  const liveEarlyMs = options.liveEarlyMs ?? (options.bus?.local ? 0 : LIVE_EARLY_REMOTE_MS);
  /** performance.now() by which the pending live positions should be out (the timer's deadline). */
  let liveDueAtMs = 0;

  function takeTouched(batch: Batch): void {
    if (batch.touchedLatest.length === 0) return;
    if (earlyLive) {
      for (const row of batch.touchedLatest) pendingLive.set(row.deviceId, row);
      if (liveEarlyMs === 0) publishEarly();
      else if (!liveTimer) {
        liveDueAtMs = performance.now() + liveEarlyMs;
        liveTimer = setTimeout(publishEarly, liveEarlyMs);
      } else if (performance.now() >= liveDueAtMs) {
        // The timer is overdue: this turn has run past it (a burst of hundreds of sockets' frames in one poll phase,
        // a flush's state statements). Publish now instead of after the whole turn.
        publishEarly();
      }
    }
    batch.touchedLatest.length = 0;
  }

  function publishEarly(): void {
    if (liveTimer) clearTimeout(liveTimer);
    liveTimer = null;
    const positions: LiveDelta['positions'] = [];
    for (const row of pendingLive.values()) {
      const position = livePositionOf(row);
      if (position) positions.push(position);
    }
    pendingLive.clear();
    if (positions.length > 0) options.bus?.publish(TOPICS.live, { positions, alerts: [] });
  }

  /** Adds the time since `since` to a phase of stats.phaseMs; returns now. */
  function phase(name: string, since: number): number {
    const now = clock();
    stats.phaseMs[name] = (stats.phaseMs[name] ?? 0) + now - since;
    return now;
  }

  /** A new flush may start: none in flight, or one whose COPYs are done and a second slot. */
  function canStart(): boolean {
    const last = flights[flights.length - 1];
    return !last || (flights.length < maxInFlight && last.copied);
  }

  function schedule(): void {
    if (open.isEmpty || !canStart()) return;
    if (open.rowCount >= options.batchRows) {
      start();
      return;
    }
    if (timer) return;
    // Idle writer: let the batch gather for lingerMs. Under load the batch has long been gathering while the
    // flushes ahead of it ran, so this is 0 and the next flush starts as soon as a slot frees up.
    const delay = Math.min(options.flushMs, options.lingerMs ?? DEFAULT_LINGER_MS);
    const wait = Math.max(0, (openSinceMs ?? clock()) + delay - clock());
    timer = setTimeout(() => {
      timer = null;
      if (canStart() && !open.isEmpty) start();
    }, wait);
  }

  function start(): void {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    const batch = open;
    const copy = openCopy;
    open = new Batch();
    openCopy = pools ? batchCopyOf(open, pools, keepRows) : null;
    openSinceMs = null;
    const previous = flights[flights.length - 1]?.done ?? null;
    if (flights.length === 0) busySinceMs = clock();
    const flight: Flight = { copied: false, done: Promise.resolve() };
    flights.push(flight);
    flight.done = commit(batch, copy, flight, previous).finally(() => {
      flight.copied = true;
      flights.splice(flights.indexOf(flight), 1);
      if (flights.length === 0) stats.busyMs += clock() - busySinceMs;
      schedule();
    });
  }

  function copied(flight: Flight): void {
    if (flight.copied) return;
    flight.copied = true;
    schedule();
  }

  async function commit(
    batch: Batch,
    copy: BatchCopy | null,
    flight: Flight,
    previous: Promise<void> | null,
  ): Promise<void> {
    const started = clock();
    let inserted: InsertedEvent[] = [];
    try {
      // Phase "encode": the rows not encoded yet (copy-ahead.ts; normally < AHEAD_ROWS of each table), not the
      // turns the event loop gets between slices of a big remainder.
      const encoded = copy ? await finishCopy(copy, started) : null;
      const positions = encoded?.positions ?? null;
      const rawLogs = encoded?.rawLogs ?? null;
      const partitionsStarted = clock();
      await partitions.ensure(
        options.sql,
        'positions',
        copy ? copy.positions.instants : batch.positions.map(fixedAtMs),
        started,
      );
      await partitions.ensure(
        options.sql,
        'raw_logs',
        copy ? copy.rawLogs.instants : batch.rawLogs.map(receivedAtMs),
        started,
      );
      phase('partitions', partitionsStarted);
      let dedupe = false;
      for (;;) {
        try {
          inserted = await options.sql.transaction(async (tx) => {
            let at = clock();
            // PostgreSQL: BEGIN and both COPYs in one round trip (phase "copy"); else one table after the other.
            if (!dedupe && (await copyCoreTables(tx, positions, rawLogs))) at = phase('copy', at);
            else {
              // With COPY data (both engines) the rows themselves may be gone (copy-ahead.ts): the data is used.
              if (batch.positionCount > 0) await insertPositions(tx, batch.positions, positions, dedupe);
              at = phase('positions', at);
              if (batch.rawLogCount > 0) await insertRawLogs(tx, batch.rawLogs, rawLogs);
              at = phase('rawLogs', at);
            }
            copied(flight);
            if (previous) await previous;
            at = phase('waitPrevious', at);
            // Without a beforeCommit hook the state statements and COMMIT go in one message (PostgreSQL).
            const events = await writeState(tx, batch, !options.hooks?.beforeCommit);
            await options.hooks?.beforeCommit?.(batch, tx);
            phase('state', at);
            return events;
          });
          break;
        } catch (error) {
          if (dedupe || !(error instanceof DuplicatePositionsError)) throw error;
          dedupe = true;
        }
      }
    } catch (error) {
      stats.failures++;
      options.metrics?.batchFailed();
      releasing(batch.reject(error));
      options.onFlushError?.(error, batch);
      return;
    }
    // Sent and committed: the buffers may take the next batches' data (not after a failure: the socket may still hold
    // a reference to bytes the server has not read).
    copy?.positions.release();
    copy?.rawLogs.release();
    options.hooks?.afterCommit?.(batch);
    stats.batches++;
    stats.positions += batch.positionCount;
    stats.rawLogs += batch.rawLogCount;
    stats.events += inserted.length;
    stats.lastBatchRows = batch.rowCount;
    stats.lastFlushMs = clock() - started;
    options.metrics?.batchCommitted({
      durationMs: stats.lastFlushMs,
      rows: batch.rowCount,
      positions: batch.positionCount,
      receivedAtMs: copy ? copy.rawLogs.instants : batch.rawLogs.map(receivedAtMs),
      committedAtMs: started + stats.lastFlushMs,
    });
    publish(batch, inserted);
    releasing(batch.resolve());
  }

  /** Acks (and back-pressure) a settled batch releases, in turns (turns.ts); `drain` waits for them. */
  function releasing(released: Promise<void>): void {
    releases.add(released);
    void released.finally(() => releases.delete(released));
  }

  /** The rest of a batch's COPY data, yielding to the event loop between slices (time in phase "encode"). */
  async function finishCopy(
    copy: BatchCopy,
    since: number,
  ): Promise<{ positions: Buffer | null; rawLogs: Buffer | null }> {
    let at = since;
    const between = async (): Promise<void> => {
      phase('encode', at);
      await yieldToLoop();
      at = clock();
    };
    const positions = await copy.positions.finish(between);
    const rawLogs = await copy.rawLogs.finish(between);
    phase('encode', at);
    return { positions, rawLogs };
  }

  /**
   * The state tables, in batch order (see the pipelining note above), in ONE round trip: device_latest,
   * devices.last_seen_at, event updates then inserts (RETURNING the new ids for the live delta), unknown_devices,
   * driver_tag_reads, then every later stage's table.
   */
  async function writeState(tx: SqlExecutor, batch: Batch, commit: boolean): Promise<InsertedEvent[]> {
    // Built in turns (turns.ts): between slices of devices received frames are handled and live deltas go out.
    const breathe = breather(clock);
    const statements: SqlStatement[] = [];
    const addSliced = async <T>(rows: readonly T[], build: (slice: readonly T[]) => SqlStatement[]) => {
      for (const slice of chunks(rows, STATE_SLICE_ROWS)) {
        await breathe();
        statements.push(...build(slice));
      }
    };
    await addSliced([...batch.latest.values()], latestStatements);
    statements.push(...lastSeenStatements(batch), ...eventUpdateStatements(batch));
    const eventsFrom = statements.length;
    statements.push(...eventInsertStatements(batch));
    const eventsTo = statements.length;
    statements.push(...unknownDeviceStatements(batch), ...driverTagReadStatements(batch));
    for (const table of options.tables ?? []) {
      const rows = batch.rowsOf(table);
      if (rows.length === 0) continue;
      if (table.sliceable) await addSliced(rows, (slice) => table.statements(slice));
      else {
        await breathe();
        statements.push(...table.statements(rows));
      }
    }
    await breathe();
    const results =
      commit && tx.queryAllThenCommit
        ? await tx.queryAllThenCommit(statements)
        : await runStatements(tx, statements);
    return insertedEvents(batch, results.slice(eventsFrom, eventsTo).flat());
  }

  function publish(batch: Batch, inserted: InsertedEvent[]): void {
    if (!options.bus) return;
    const delta: LiveDelta = { positions: [], alerts: [] };
    if (!earlyLive)
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
      if (openCopy) encodeAhead(openCopy, batch);
      takeTouched(batch);
      if (openSinceMs === null && !batch.isEmpty) openSinceMs = clock();
      schedule();
      return batch;
    },
    async drain() {
      while (flights.length > 0 || !open.isEmpty || releases.size > 0) {
        if (!open.isEmpty && canStart()) start();
        else await (flights[0]?.done ?? Promise.all(releases));
      }
    },
    async close() {
      await this.drain();
      closed = true;
      if (timer) clearTimeout(timer);
      if (liveTimer) publishEarly();
    },
    get pendingRows() {
      return open.rowCount;
    },
    stats,
  };
}
