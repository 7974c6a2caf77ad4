/**
 * COPY data encoded while the batch fills (copy-ahead.ts) must be byte for byte what encoding the whole batch at the
 * flush gives, whatever the order of pushes, catch-ups, drops and the final slices, and with buffers reused from
 * earlier streams (stale bytes in them must never leak into a new stream).
 */
import { describe, expect, it } from 'vitest';
import {
  appendPositions,
  appendRawLogs,
  positionsCopyData,
  rawLogsCopyData,
  SLICE_ROWS,
} from './batch-sql.ts';
import { AHEAD_ROWS, BufferPool, CopyAhead } from './copy-ahead.ts';
import type { PositionRow, RawLogRow } from './rows.ts';

const START_MS = Date.UTC(2026, 10, 22);

const positionAt = (i: number): PositionRow => ({
  deviceId: BigInt(1000 + (i % 7)),
  fixedAt: new Date(START_MS + i * 10_000),
  serverAt: new Date(START_MS + i * 10_000 + 500),
  vehicleId: i % 5 === 0 ? null : BigInt(50 + (i % 3)),
  lat: 22.7 + i * 1e-5,
  lon: 75.8 - i * 1e-5,
  speedKph: i % 4 === 0 ? null : 20 + (i % 30),
  headingDeg: (i * 7) % 360,
  altitudeM: null,
  satellites: i % 12,
  hdop: null,
  gpsValid: i % 9 !== 0,
  ignition: i % 2 === 0,
  motion: i % 3 === 0,
  mainPower: null,
  mainVoltageV: i % 6 === 0 ? 12.5 : null,
  batteryVoltageV: null,
  gsmSignal: i % 31,
  distanceM: i % 3,
  odometerM: i * 12.5,
  history: i % 11 === 0,
  attrs:
    i % 2 === 0
      ? null
      : { io: { mcc: 404, mnc: 45, lac: i, cellId: i * 3, note: i % 4 === 1 ? 'ä"x' : 'y' } },
});

const rawLogAt = (i: number): RawLogRow => ({
  receivedAt: new Date(START_MS + i * 1000),
  deviceId: i % 4 === 0 ? null : BigInt(1000 + i),
  imei: i % 4 === 0 ? null : `86${String(i).padStart(13, '0')}`,
  protocol: 'gt06',
  remoteAddr: '127.0.0.1:5000',
  bytes: Buffer.from(Array.from({ length: 20 + (i % 40) }, (_, k) => (k * 31 + i) & 0xff)),
  decodeError: i % 10 === 0 ? 'skipped 3 bytes before the frame' : null,
  checksumOk: i % 8 === 0 ? null : true,
});

/** Pushes `count` rows in chunks of `chunk`, catching up like the writer does after each write. */
function fill<R>(
  ahead: CopyAhead<R>,
  rows: R[],
  count: number,
  make: (i: number) => R,
  chunk: number,
): number {
  let dropped = 0;
  for (let i = 0; i < count; i++) {
    rows.push(make(i));
    if ((i + 1) % chunk === 0 && ahead.behind >= AHEAD_ROWS) dropped += ahead.catchUp();
  }
  return dropped;
}

describe('CopyAhead', () => {
  it('writes the same positions COPY stream as encoding the batch at once, and lets the encoded rows go', async () => {
    const count = 3 * AHEAD_ROWS + 17;
    const all = Array.from({ length: count }, (_, i) => positionAt(i));
    const rows: PositionRow[] = [];
    const ahead = new CopyAhead(rows, appendPositions, new BufferPool(), (p) => p.fixedAt.getTime(), true);
    const dropped = fill(ahead, rows, count, positionAt, 1);
    // Every catch-up that reached the end of the array let the rows go; the rest waits for the flush.
    expect(dropped + rows.length).toBe(count);
    expect(dropped).toBeGreaterThanOrEqual(3 * AHEAD_ROWS);
    let yields = 0;
    const data = await ahead.finish(async () => {
      yields++;
    });
    expect(yields).toBe(0);
    expect(Buffer.compare(data ?? Buffer.alloc(0), positionsCopyData(all))).toBe(0);
    expect(ahead.instants).toEqual(all.map((p) => p.fixedAt.getTime()));
  });

  it('keeps the rows when asked (writer hooks read them) and still encodes them once', async () => {
    const count = 2 * AHEAD_ROWS + 5;
    const rows: RawLogRow[] = [];
    const ahead = new CopyAhead(rows, appendRawLogs, new BufferPool(), (r) => r.receivedAt.getTime(), false);
    expect(fill(ahead, rows, count, rawLogAt, 3)).toBe(0);
    expect(rows).toHaveLength(count);
    const data = await ahead.finish(async () => undefined);
    expect(Buffer.compare(data ?? Buffer.alloc(0), rawLogsCopyData(rows))).toBe(0);
    expect(ahead.instants).toHaveLength(count);
  });

  it('finishes a remainder bigger than a slice with a yield between slices, the rows staying in the batch', async () => {
    const count = 2 * SLICE_ROWS + 3;
    const rows = Array.from({ length: count }, (_, i) => positionAt(i));
    const ahead = new CopyAhead(rows, appendPositions, new BufferPool(), (p) => p.fixedAt.getTime(), true);
    let yields = 0;
    const data = await ahead.finish(async () => {
      yields++;
    });
    expect(yields).toBe(2);
    expect(rows).toHaveLength(count);
    expect(Buffer.compare(data ?? Buffer.alloc(0), positionsCopyData(rows))).toBe(0);
  });

  it('has no data for a batch without rows', async () => {
    const ahead = new CopyAhead<PositionRow>([], appendPositions, new BufferPool(), () => 0, true);
    expect(ahead.catchUp()).toBe(0);
    expect(await ahead.finish(async () => undefined)).toBeNull();
  });

  it('reuses a released buffer without leaking its old bytes into the next stream', async () => {
    const pool = new BufferPool(1);
    const bigRows: RawLogRow[] = [];
    const big = new CopyAhead(bigRows, appendRawLogs, pool, () => 0, true);
    fill(big, bigRows, 5 * AHEAD_ROWS, rawLogAt, 1);
    await big.finish(async () => undefined);
    big.release();
    expect(pool.size).toBe(1);
    const reused = pool.take();
    expect(reused).not.toBeNull();
    if (reused) pool.give(reused);
    // A shorter stream into the same (longer, dirty) buffer: exactly its own bytes.
    const smallRows: RawLogRow[] = [];
    const small = new CopyAhead(smallRows, appendRawLogs, pool, () => 0, true);
    const expected = Array.from({ length: AHEAD_ROWS + 1 }, (_, i) => rawLogAt(i + 1000));
    for (const row of expected) smallRows.push(row);
    small.catchUp();
    expect(pool.size).toBe(0);
    const data = await small.finish(async () => undefined);
    expect(data?.buffer).toBe(reused?.buffer);
    expect(Buffer.compare(data ?? Buffer.alloc(0), rawLogsCopyData(expected))).toBe(0);
  });

  it('keeps at most its bound of buffers, and none too big', () => {
    const pool = new BufferPool(2, 1024);
    pool.give(Buffer.alloc(2048));
    expect(pool.size).toBe(0);
    for (let i = 0; i < 3; i++) pool.give(Buffer.alloc(512));
    expect(pool.size).toBe(2);
  });
});
