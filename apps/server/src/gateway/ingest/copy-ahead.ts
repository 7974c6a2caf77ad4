/**
 * COPY data encoded while the batch fills (writer.ts): the open batch's positions and raw_logs are appended to their
 * binary COPY streams a few dozen rows at a time as frames arrive, so a flush sends its COPYs at once instead of
 * first encoding the whole batch. The CPU is the same, but it no longer sits in the chain of flushes: the next
 * flush used to encode (and yield to the event loop between slices) after the previous one's COPYs were done, while
 * the database waited (bench/README.md "ingest").
 *
 * Invariant: a row does not change once it is in the batch (stages only touch the row of the frame they run for,
 * before the store stage pushes it), so encoding it early writes the same bytes as encoding it at the flush.
 *
 * Once encoded, the rows are let go (`dropEncoded`): what the flush still needs of them is their instant (fix or
 * receive time: partitions, ingest lag), kept in one array of numbers. Rows held for the ~100 ms of a batch and its
 * flush survived every young-generation collection meanwhile and were copied and promoted; that was most of the
 * garbage collector's time (bench/README.md "ingest"). Tests whose writer hooks read the rows keep them.
 *
 * The streams' buffers are reused by later batches (BufferPool): a batch's COPY data is ~1 MB, and allocating and
 * growing that twice per flush made garbage collection (external memory) a good part of the gateway's CPU.
 */
import { SLICE_ROWS } from './batch-sql.ts';
import { CopyBinaryWriter } from './sql-values.ts';

/** Appends rows[from, to) to a COPY stream (batch-sql.ts appendPositions, appendRawLogs). */
export type AppendRows<R> = (w: CopyBinaryWriter, rows: readonly R[], from: number, to: number) => void;

/** The open batch encodes its new rows once this many have gathered (one call per frame would cost more). */
export const AHEAD_ROWS = 64;

/** The first buffer of a stream when the pool has none: 64 KiB, grown by doubling. */
const INITIAL_BYTES = 1 << 16;

/**
 * A few buffers of finished COPY streams, handed to the next ones. Bounded in count and size, so a rare huge batch
 * (a backlog after a database outage) is not kept alive.
 */
export class BufferPool {
  private readonly free: Buffer[] = [];

  constructor(
    private readonly maxBuffers = 4,
    private readonly maxBytes = 16 << 20,
  ) {}

  take(): Buffer | null {
    return this.free.pop() ?? null;
  }

  give(buffer: Buffer): void {
    if (this.free.length < this.maxBuffers && buffer.length <= this.maxBytes) this.free.push(buffer);
  }

  /** Buffers waiting for reuse (tests). */
  get size(): number {
    return this.free.length;
  }
}

/** The COPY stream of one growing row array. */
export class CopyAhead<R> {
  private writer: CopyBinaryWriter | null = null;
  private encoded = 0;
  /** The instant (epoch ms) of every row encoded so far, in order. */
  readonly instants: number[] = [];

  /**
   * `rows`: the batch's array the rows are pushed into; `instantOf`: what partitions and the ingest lag need of a
   * row; `dropEncoded`: empty `rows` once encoded (catchUp returns how many it let go).
   */
  constructor(
    private readonly rows: R[],
    private readonly append: AppendRows<R>,
    private readonly pool: BufferPool,
    private readonly instantOf: (row: R) => number,
    private readonly dropEncoded: boolean,
  ) {}

  /** Rows pushed and not yet encoded. */
  get behind(): number {
    return this.rows.length - this.encoded;
  }

  /**
   * Encodes the rows pushed since the last call, at most `maxRows` of them; returns how many rows it let go of
   * (`dropEncoded`, once all pushed rows are encoded and `mayDrop`), which the caller adds to the batch's count.
   */
  catchUp(maxRows = Number.POSITIVE_INFINITY, mayDrop = true): number {
    const rows = this.rows;
    const from = this.encoded;
    const to = Math.min(rows.length, from + maxRows);
    if (to <= from) return 0;
    this.writer ??= new CopyBinaryWriter(INITIAL_BYTES, this.pool.take());
    this.append(this.writer, rows, from, to);
    for (let i = from; i < to; i++) this.instants.push(this.instantOf(rows[i] as R));
    if (!mayDrop || !this.dropEncoded || to < rows.length) {
      this.encoded = to;
      return 0;
    }
    rows.length = 0;
    this.encoded = 0;
    return to;
  }

  /**
   * Encodes what is left (SLICE_ROWS at a time, awaiting `between` between slices: the event loop gets its turns)
   * and returns the whole stream; null when there are no rows. The rows must not grow after this.
   */
  async finish(between: () => Promise<void>): Promise<Buffer | null> {
    if (this.writer === null && this.rows.length === 0) return null;
    // The batch is closed: what is left stays in its array (its counts stay right).
    this.catchUp(SLICE_ROWS, false);
    while (this.behind > 0) {
      await between();
      this.catchUp(SLICE_ROWS, false);
    }
    return (this.writer as CopyBinaryWriter).finish();
  }

  /** Gives the buffer to the next stream. Only once the data was sent and acknowledged (the flush committed). */
  release(): void {
    if (this.writer) this.pool.give(this.writer.buffer);
    this.writer = null;
  }
}
