/**
 * Schema and writer on the real engine (PGlite here, PostgreSQL 15 with TEST_DATABASE_URL): the migrations create
 * partitioned positions/raw_logs, months are created on demand, the DEFAULT partition catches the rest, and one
 * flush writes every table in one transaction and publishes what it committed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyMessage, type NormalisedMessage } from '@civicfleet/protocols';
import type { LiveDelta } from '@civicfleet/shared';
import { createInProcessBus, TOPICS } from '../../bus/bus.ts';
import { rows } from '../../db/client.ts';
import { openEmptyDatabase, openTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import { INDORE, organisationId, seedTrackedVehicle, type TrackedVehicle } from '../testing/fleet.ts';
import { newDeviceState } from './device-state.ts';
import { ensureMonthPartitions } from './partitions.ts';
import { createStages, runPipeline } from './pipeline.ts';
import { sqlClientOf } from './sql-client.ts';
import { appendPositions, copyDataSliced, positionsCopyData, SLICE_ROWS } from './batch-sql.ts';
import type { PositionRow } from './rows.ts';
import { createIngestWriter } from './writer.ts';
import type { BatchTable } from './batch.ts';

describe('migrations', () => {
  it('create partitioned positions and raw_logs with DEFAULT partitions on an empty database', async () => {
    const empty = await openEmptyDatabase();
    try {
      await empty.database.migrate();
      const parents = await rows<{ relname: string; strategy: string }>(
        empty.db,
        sql`select c.relname, p.partstrat::text as strategy from pg_partitioned_table p
            join pg_class c on c.oid = p.partrelid order by c.relname`,
      );
      expect(parents).toEqual([
        { relname: 'positions', strategy: 'r' },
        { relname: 'raw_logs', strategy: 'r' },
      ]);
      const defaults = await rows<{ relname: string }>(
        empty.db,
        sql`select relname from pg_class where relname in ('positions_default', 'raw_logs_default') order by relname`,
      );
      expect(defaults.map((r) => r.relname)).toEqual(['positions_default', 'raw_logs_default']);
      for (const table of [
        'devices',
        'vehicles',
        'vehicle_device_links',
        'device_latest',
        'events',
        'unknown_devices',
      ]) {
        const found = await rows<{ n: number }>(
          empty.db,
          sql`select count(*)::int as n from pg_class where relname = ${table}`,
        );
        expect(found[0]?.n, table).toBe(1);
      }
    } finally {
      await empty.close();
    }
  });
});

describe('ingest writer', () => {
  let test: TestDatabase;
  let tracked: TrackedVehicle;
  const stages = createStages();

  beforeAll(async () => {
    test = await openTestDatabase();
    tracked = await seedTrackedVehicle(test.db, {
      imei: '869867036345389',
      protocol: 'ais140',
      organisationId: await organisationId(test.db, INDORE),
      registrationNumber: 'MP09WR0001',
    });
  });
  afterAll(async () => test?.close());

  const where = async (fixedAt: Date) =>
    (
      await rows<{ partition: string }>(
        test.db,
        sql`select tableoid::regclass::text as partition from positions
            where device_id = ${tracked.deviceId} and fixed_at = ${fixedAt}`,
      )
    )[0]?.partition;

  it('creates month partitions on demand, idempotently', async () => {
    const sqlClient = sqlClientOf(test.database);
    const skipped = await ensureMonthPartitions(sqlClient, new Date('2026-01-15Z'), new Date('2026-03-02Z'), [
      'positions',
    ]);
    expect(skipped).toEqual([]);
    const names = await rows<{ relname: string }>(
      test.db,
      sql`select relname from pg_class where relname like 'positions_y2026m0%' and relkind = 'r' order by relname`,
    );
    expect(names.map((r) => r.relname)).toEqual([
      'positions_y2026m01',
      'positions_y2026m02',
      'positions_y2026m03',
    ]);
    // Idempotent.
    expect(await ensureMonthPartitions(sqlClient, new Date('2026-02-01Z'), new Date('2026-02-01Z'))).toEqual(
      [],
    );
  });

  it('writes positions, raw logs, latest and events in one flush, ignores duplicates, publishes after commit', async () => {
    const bus = createInProcessBus();
    const published: LiveDelta[] = [];
    bus.subscribe<LiveDelta>(TOPICS.live, (d) => published.push(d));
    const writer = createIngestWriter({
      sql: sqlClientOf(test.database),
      bus,
      flushMs: 10_000,
      batchRows: 10_000,
      livePositions: 'committed',
    });
    const state = newDeviceState(
      {
        id: tracked.deviceId,
        imei: tracked.imei,
        organisationId: 1n,
        strictChecksum: false,
        protocol: 'ais140',
      },
      [{ vehicleId: tracked.vehicleId, organisationId: 5n, fromMs: 0, toMs: null }],
      null,
    );
    const now = new Date();
    now.setMilliseconds(0);
    const message = (secondsAgo: number, extra: Partial<NormalisedMessage> = {}): NormalisedMessage => ({
      ...emptyMessage('ais140', 'position', tracked.imei),
      fixTime: new Date(now.getTime() - secondsAgo * 1000).toISOString(),
      lat: 22.7,
      lon: 75.8,
      speedKph: 10,
      gpsValid: true,
      ...extra,
    });
    const old = new Date('2019-02-25T05:17:16Z');
    const batch = writer.write((b) => {
      b.rawLogs.push({
        receivedAt: now,
        deviceId: tracked.deviceId,
        imei: tracked.imei,
        protocol: 'ais140',
        remoteAddr: '127.0.0.1:1',
        bytes: Buffer.from('$NRM,\u0000raw'),
        decodeError: 'bad \u0000 byte',
        checksumOk: false,
      });
      runPipeline(stages, state, message(30), now, b);
      runPipeline(stages, state, message(20, { alarms: ['sos'], io: { note: 'nul\u0000inside' } }), now, b);
      runPipeline(stages, state, { ...message(0), fixTime: old.toISOString(), history: true }, now, b);
    });
    expect(published).toHaveLength(0);
    await writer.drain();
    await batch.committed;
    expect(await where(new Date(now.getTime() - 30_000))).toMatch(/^positions_y\d{4}m\d{2}$/);
    expect(await where(old)).toBe('positions_default');
    const [latest] = await rows<{ fixed_at: Date; organisation_id: string }>(
      test.db,
      sql`select fixed_at, organisation_id::text from device_latest where device_id = ${tracked.deviceId}`,
    );
    expect(new Date(latest?.fixed_at ?? 0).getTime()).toBe(now.getTime() - 20_000);
    expect(latest?.organisation_id).toBe('5');
    expect(published).toHaveLength(1);
    expect(published[0]?.positions).toEqual([
      expect.objectContaining({ deviceId: String(tracked.deviceId), organisationId: '5' }),
    ]);
    expect(published[0]?.alerts).toEqual([
      expect.objectContaining({ type: 'sos', late: false, vehicleId: String(tracked.vehicleId) }),
    ]);

    // The same fixes again (a device resending what it did not get acked): nothing new, nothing fails.
    const again = writer.write((b) => {
      runPipeline(stages, newDeviceState(state.device, state.links, null), message(30), now, b);
    });
    await writer.drain();
    await again.committed;
    const [counts] = await rows<{ n: number }>(
      test.db,
      sql`select count(*)::int as n from positions where device_id = ${tracked.deviceId}`,
    );
    expect(counts?.n).toBe(3);
    // The device_latest guard: the older fix did not move the row back.
    const [after] = await rows<{ fixed_at: Date }>(
      test.db,
      sql`select fixed_at from device_latest where device_id = ${tracked.deviceId}`,
    );
    expect(new Date(after?.fixed_at ?? 0).getTime()).toBe(now.getTime() - 20_000);
    await writer.close();
  });

  /** A writer that publishes live positions 5 ms after staging and flushes only when told, a device on a vehicle. */
  /** `{}`: the writer's default early-publish timing. */
  function earlyLiveWriter({ liveEarlyMs }: { liveEarlyMs?: number } = { liveEarlyMs: 5 }) {
    const bus = createInProcessBus();
    const published: LiveDelta[] = [];
    bus.subscribe<LiveDelta>(TOPICS.live, (d) => published.push(d));
    const writer = createIngestWriter({
      sql: sqlClientOf(test.database),
      bus,
      flushMs: 10_000,
      batchRows: 10_000,
      lingerMs: 10_000,
      ...(liveEarlyMs === undefined ? {} : { liveEarlyMs }),
    });
    const state = newDeviceState(
      {
        id: tracked.deviceId,
        imei: tracked.imei,
        organisationId: 1n,
        strictChecksum: false,
        protocol: 'ais140',
      },
      [{ vehicleId: tracked.vehicleId, organisationId: 5n, fromMs: 0, toMs: null }],
      null,
    );
    const now = new Date();
    now.setMilliseconds(0);
    const fix = (secondsAgo: number, speedKph: number, extra: Partial<NormalisedMessage> = {}) => ({
      ...emptyMessage('ais140', 'position', tracked.imei),
      fixTime: new Date(now.getTime() - secondsAgo * 1000 + 500).toISOString(),
      lat: 22.71,
      lon: 75.81,
      speedKph,
      gpsValid: true,
      ...extra,
    });
    return { published, writer, state, now, fix };
  }

  it('publishes live positions once staged (early), before the commit; alerts after it with their ids', async () => {
    const { published, writer, state, now, fix } = earlyLiveWriter();
    const batch = writer.write((b) => {
      runPipeline(stages, state, fix(8, 12), now, b);
      runPipeline(stages, state, fix(6, 14, { alarms: ['tamper'] }), now, b);
    });
    await new Promise((resolve) => setTimeout(resolve, 40));
    // Not flushed yet (flush and linger 10 s), yet the map has the newest fix: one delta, newest state per device.
    expect(batch.status).toBe('pending');
    expect(published).toHaveLength(1);
    expect(published[0]?.positions).toEqual([
      expect.objectContaining({ deviceId: String(tracked.deviceId), speedKph: 14 }),
    ]);
    expect(published[0]?.alerts).toEqual([]);

    await writer.drain();
    await batch.committed;
    // After the commit: the alert with its database id, and no second copy of the positions.
    expect(published).toHaveLength(2);
    expect(published[1]?.positions).toEqual([]);
    expect(published[1]?.alerts).toEqual([
      expect.objectContaining({ type: 'tamper', id: expect.stringMatching(/^\d+$/) }),
    ]);
    await writer.close();
  });

  it('on the in-process bus (default), publishes the positions of each write as they are staged, no timer', async () => {
    const { published, writer, state, now, fix } = earlyLiveWriter({});
    writer.write((b) => runPipeline(stages, state, fix(20, 12), now, b));
    expect(published.map((d) => d.positions.map((p) => p.speedKph))).toEqual([[12]]);
    writer.write((b) => runPipeline(stages, state, fix(19, 13), now, b));
    expect(published.map((d) => d.positions.map((p) => p.speedKph))).toEqual([[12], [13]]);
    await writer.close();
  });

  it('publishes the pending live positions inline once their timer is overdue (a turn that runs past it)', async () => {
    const { published, writer, state, now, fix } = earlyLiveWriter();
    // One long turn, as when a burst of hundreds of sockets' frames is read in one poll phase: the first fix arms the
    // 5 ms timer, which cannot fire before the turn ends.
    writer.write((b) => runPipeline(stages, state, fix(30, 12), now, b));
    const until = performance.now() + 15;
    while (performance.now() < until);
    expect(published).toHaveLength(0);
    // The next fix of the same turn finds the timer overdue: what is pending goes out now, with it.
    writer.write((b) => runPipeline(stages, state, fix(29, 13), now, b));
    expect(published).toHaveLength(1);
    expect(published[0]?.positions).toEqual([
      expect.objectContaining({ deviceId: String(tracked.deviceId), speedKph: 13 }),
    ]);
    // Not overdue: the next fix waits for a new timer, as before.
    writer.write((b) => runPipeline(stages, state, fix(28, 14), now, b));
    expect(published).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(published).toHaveLength(2);
    expect(published[1]?.positions).toEqual([expect.objectContaining({ speedKph: 14 })]);
    await writer.close();
  });
});

describe('ingest writer pipelining', () => {
  let test: TestDatabase;
  let tracked: TrackedVehicle;
  const stages = createStages();

  beforeAll(async () => {
    test = await openTestDatabase();
    tracked = await seedTrackedVehicle(test.db, {
      imei: '869867036345390',
      protocol: 'gt06',
      organisationId: await organisationId(test.db, INDORE),
      registrationNumber: 'MP09WR0002',
    });
  });
  afterAll(async () => test?.close());

  it('stores every column type exactly through binary COPY', async () => {
    const writer = createIngestWriter({ sql: sqlClientOf(test.database), flushMs: 10, batchRows: 10_000 });
    const fixedAt = new Date('2026-11-20T10:11:12.345Z');
    const bytes = Buffer.from([0x78, 0x78, 0x00, 0xff, 0x0d, 0x0a]);
    const batch = writer.write((b) => {
      b.positions.push({
        deviceId: tracked.deviceId,
        fixedAt,
        serverAt: fixedAt,
        vehicleId: null,
        lat: 22.719568,
        lon: -75.857727,
        speedKph: 36.5,
        headingDeg: null,
        altitudeM: -12,
        satellites: 9.6,
        hdop: Number.NaN,
        gpsValid: false,
        ignition: true,
        motion: null,
        mainPower: null,
        mainVoltageV: 12.25,
        batteryVoltageV: null,
        gsmSignal: 70_000,
        distanceM: 0,
        odometerM: 123_456_789.5,
        history: true,
        attrs: { io: { note: 'ä "q" \u0000', n: 1n } },
      });
      b.rawLogs.push({
        receivedAt: fixedAt,
        deviceId: null,
        imei: 'imei"with\\quote',
        protocol: 'gt06',
        remoteAddr: null,
        bytes,
        decodeError: 'résumé',
        checksumOk: null,
      });
    });
    await writer.close();
    await batch.committed;
    const [p] = await rows<Record<string, unknown>>(
      test.db,
      sql`select fixed_at, vehicle_id, lat, lon, speed_kph, heading_deg, altitude_m, satellites, hdop, gps_valid,
            ignition, motion, main_voltage_v, gsm_signal, distance_m, odometer_m, history, attrs
          from positions where device_id = ${tracked.deviceId} and fixed_at = ${fixedAt}`,
    );
    expect(p).toMatchObject({
      vehicle_id: null,
      lat: 22.719568,
      lon: -75.857727,
      speed_kph: 36.5,
      heading_deg: null,
      altitude_m: -12,
      satellites: 10,
      hdop: null,
      gps_valid: false,
      ignition: true,
      motion: null,
      main_voltage_v: 12.25,
      gsm_signal: 32767,
      distance_m: 0,
      odometer_m: 123_456_789.5,
      history: true,
      attrs: { io: { note: 'ä "q" ', n: '1' } },
    });
    expect(new Date(p?.fixed_at as Date).getTime()).toBe(fixedAt.getTime());
    const [r] = await rows<{ bytes: Uint8Array; imei: string; decode_error: string; device_id: unknown }>(
      test.db,
      sql`select bytes, imei, decode_error, device_id from raw_logs where imei = ${'imei"with\\quote'}`,
    );
    expect(Buffer.from(r?.bytes ?? []).equals(bytes)).toBe(true);
    expect(r).toMatchObject({ imei: 'imei"with\\quote', decode_error: 'résumé', device_id: null });
  });

  const positionAt = (i: number, startMs: number): PositionRow => ({
    deviceId: tracked.deviceId,
    fixedAt: new Date(startMs + i * 1000),
    serverAt: new Date(startMs + i * 1000),
    vehicleId: tracked.vehicleId,
    lat: 22.7 + i * 1e-6,
    lon: 75.8,
    speedKph: 20,
    headingDeg: 90,
    altitudeM: null,
    satellites: 8,
    hdop: null,
    gpsValid: true,
    ignition: true,
    motion: true,
    mainPower: true,
    mainVoltageV: null,
    batteryVoltageV: null,
    gsmSignal: null,
    distanceM: 1,
    odometerM: i,
    history: false,
    attrs: i % 2 === 0 ? null : { io: { n: i } },
  });

  it('encodes COPY data in slices with a yield between them: the same bytes as one pass', async () => {
    const rows = Array.from({ length: 2 * SLICE_ROWS + 1 }, (_, i) => positionAt(i, Date.UTC(2026, 10, 21)));
    let yields = 0;
    const sliced = await copyDataSliced(rows, 200, appendPositions, async () => {
      yields++;
    });
    expect(yields).toBe(2);
    expect(Buffer.compare(sliced, positionsCopyData(rows))).toBe(0);
  });

  it('writes a batch bigger than a slice completely (positions and raw logs)', async () => {
    const writer = createIngestWriter({ sql: sqlClientOf(test.database), flushMs: 10, batchRows: 100_000 });
    const count = 2 * SLICE_ROWS + 1;
    const startMs = Date.parse('2026-11-22T00:00:00Z');
    const batch = writer.write((b) => {
      for (let i = 0; i < count; i++) {
        b.positions.push(positionAt(i, startMs));
        b.rawLogs.push({
          receivedAt: new Date(startMs + i * 1000),
          deviceId: tracked.deviceId,
          imei: tracked.imei,
          protocol: 'gt06',
          remoteAddr: null,
          bytes: Buffer.from([i & 0xff]),
          decodeError: null,
          checksumOk: true,
        });
      }
    });
    await batch.committed;
    await writer.close();
    // Encoded while the batch filled and let go (copy-ahead.ts); the counts still hold them.
    expect(batch.positions).toHaveLength(0);
    expect(batch.rawLogs).toHaveLength(0);
    expect([batch.positionCount, batch.rawLogCount]).toEqual([count, count]);
    expect(writer.stats).toMatchObject({ positions: count, rawLogs: count });
    const [stored] = await rows<{ n: number; odometer: number; attrs: number }>(
      test.db,
      sql`select count(*)::int as n, sum(odometer_m)::float8 as odometer, count(attrs)::int as attrs
          from positions where device_id = ${tracked.deviceId} and fixed_at >= ${new Date(startMs)}`,
    );
    expect(stored).toEqual({ n: count, odometer: ((count - 1) * count) / 2, attrs: (count - 1) / 2 });
    const [raw] = await rows<{ n: number }>(
      test.db,
      sql`select count(*)::int as n from raw_logs
          where device_id = ${tracked.deviceId} and received_at >= ${new Date(startMs)}`,
    );
    expect(raw?.n).toBe(count);
  });

  it('with two flushes in flight, commits and releases acks strictly in batch order', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: number[] = [];
    let first: number | null = null;
    const writer = createIngestWriter({
      sql: sqlClientOf(test.database),
      flushMs: 10,
      batchRows: 1,
      maxInFlight: 2,
      hooks: {
        async beforeCommit(batch) {
          if (first === null) first = batch.id;
          if (batch.id === first) await gate;
        },
      },
    });
    const state = newDeviceState(
      {
        id: tracked.deviceId,
        imei: tracked.imei,
        organisationId: 1n,
        strictChecksum: false,
        protocol: 'gt06',
      },
      [{ vehicleId: tracked.vehicleId, organisationId: 1n, fromMs: 0, toMs: null }],
      null,
    );
    const base = Date.now() - 600_000;
    const fix = (i: number): NormalisedMessage => ({
      ...emptyMessage('gt06', 'position', tracked.imei),
      fixTime: new Date(base + i * 10_000).toISOString(),
      lat: 22.7 + i * 0.001,
      lon: 75.8,
      speedKph: 30,
      gpsValid: true,
    });
    const one = writer.write((b) => runPipeline(stages, state, fix(1), new Date(), b));
    const two = writer.write((b) => runPipeline(stages, state, fix(2), new Date(), b));
    void one.committed.then(() => order.push(1));
    void two.committed.then(() => order.push(2));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The first batch is held before its COMMIT: the second may have COPied its rows but must not commit.
    expect(order).toEqual([]);
    release();
    await writer.close();
    expect(order).toEqual([1, 2]);
    const [latest] = await rows<{ fixed_at: Date }>(
      test.db,
      sql`select fixed_at from device_latest where device_id = ${tracked.deviceId}`,
    );
    expect(new Date(latest?.fixed_at ?? 0).getTime()).toBe(base + 20_000);
    const [stored] = await rows<{ n: number }>(
      test.db,
      sql`select count(*)::int as n from positions
          where device_id = ${tracked.deviceId} and fixed_at >= ${new Date(base)}`,
    );
    expect(stored?.n).toBe(2);
  });

  it('builds a big sliceable table in slices and releases many listeners in turns, the loop running in between', async () => {
    await test.db.execute(sql`CREATE TABLE IF NOT EXISTS writer_turn_probe (n int NOT NULL)`);
    const calls: number[] = [];
    let loopTurns = 0;
    let ticking = true;
    const tick = (): void => {
      loopTurns++;
      if (ticking) setImmediate(tick);
    };
    /** ~2 ms of work per call: two calls fill a turn (turns.ts TURN_MS), so the writer must yield in between. */
    const probe: BatchTable<number> = {
      name: 'writer_turn_probe',
      sliceable: true,
      statements(rows) {
        calls.push(loopTurns);
        const until = performance.now() + 2;
        while (performance.now() < until);
        return [
          {
            text: 'INSERT INTO writer_turn_probe (n) SELECT unnest($1::int[])',
            params: [`{${rows.join(',')}}`],
          },
        ];
      },
    };
    const writer = createIngestWriter({
      sql: sqlClientOf(test.database),
      flushMs: 10_000,
      batchRows: 100_000,
      tables: [probe as BatchTable<unknown>],
    });
    const batch = writer.write((b) => {
      for (let n = 0; n < 1000; n++) b.add(probe, n);
    });
    // 300 listeners of ~0.05 ms each: more than a turn's worth, like the acks of 300 connections.
    const released: number[] = [];
    for (let i = 0; i < 300; i++)
      batch.onSettled(() => {
        const until = performance.now() + 0.05;
        while (performance.now() < until);
        released.push(loopTurns);
      });
    tick();
    await writer.close();
    ticking = false;
    // 1,000 rows: five slices of 200, with turns of the event loop between some of them.
    expect(calls).toHaveLength(5);
    expect(new Set(calls).size).toBeGreaterThan(1);
    expect(released).toHaveLength(300);
    expect(new Set(released).size).toBeGreaterThan(1);
    const [stored] = await rows<{ n: number; distinct: number }>(
      test.db,
      sql`select count(*)::int as n, count(distinct n)::int as distinct from writer_turn_probe`,
    );
    expect(stored).toEqual({ n: 1000, distinct: 1000 });
  });
});
