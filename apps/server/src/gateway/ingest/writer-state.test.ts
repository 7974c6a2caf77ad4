/**
 * The flush's state phase on the real engine (PGlite here, PostgreSQL 15 with TEST_DATABASE_URL): device_latest,
 * events and every derive table of a batch go in ONE round trip (queryAll, parameters inlined as literals) inside
 * the batch transaction; a failing statement rolls the whole batch back, its acks are never sent and nothing is
 * published.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyMessage, type NormalisedMessage } from '@civicfleet/protocols';
import type { LiveDelta } from '@civicfleet/shared';
import { createInProcessBus, TOPICS } from '../../bus/bus.ts';
import type { Fence } from '../../derive/index.ts';
import { rows } from '../../db/client.ts';
import { openTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import { startGateway } from '../gateway.ts';
import {
  INDORE,
  organisationId,
  seedTrackedVehicle,
  sleep,
  testGatewayConfig,
  type TrackedVehicle,
} from '../testing/fleet.ts';
import { gt06Ack, gt06Location, gt06Login, toHex } from '../testing/packets.ts';
import { TcpDevice } from '../testing/tcp-device.ts';
import type { Batch, BatchTable } from './batch.ts';
import type { IngestStage } from './pipeline.ts';
import { geofenceKey, staticDeriveContext } from './derive-context.ts';
import { deriveWiring } from './derive-stage.ts';
import { newDeviceState } from './device-state.ts';
import { createStages, runPipeline } from './pipeline.ts';
import { runStatements, sqlClientOf, type SqlClient, type SqlExecutor } from './sql-client.ts';
import { arrayLiteral, inlineStatements, json, sqlLiteral } from './sql-values.ts';
import { createIngestWriter } from './writer.ts';

describe('inlined parameters', () => {
  it('writes every parameter as a NULL or an escape-string literal', () => {
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(undefined)).toBe('NULL');
    expect(sqlLiteral(Number.NaN)).toBe('NULL');
    expect(sqlLiteral(-12.5)).toBe("E'-12.5'");
    expect(sqlLiteral(false)).toBe("E'f'");
    expect(sqlLiteral(new Date('2026-01-02T03:04:05.678Z'))).toBe("E'2026-01-02T03:04:05.678Z'");
    expect(sqlLiteral(new Date(Number.NaN))).toBe('NULL');
    expect(sqlLiteral("it's a \\ \u0000test")).toBe("E'it''s a \\\\ test'");
    expect(sqlLiteral(Uint8Array.from([0x0a, 0xff]))).toBe("E'\\\\x0aff'");
  });

  it('replaces $n by its parameter and refuses a missing one', () => {
    expect(
      inlineStatements([
        { text: 'SELECT $1::int, $10::text, $2::int', params: [1, 2, 3, 4, 5, 6, 7, 8, 9, 'x'] },
        { text: 'SELECT 1' },
      ]),
    ).toBe("SELECT E'1'::int, E'x'::text, E'2'::int;\nSELECT 1");
    expect(() => inlineStatements([{ text: 'SELECT $2::int', params: [1] }])).toThrow(/no parameter \$2/);
  });
});

/** Records the calls a transaction makes (copy, copyAll, query, queryAll, queryAllThenCommit). */
function spying(client: SqlClient, calls: string[]): SqlClient {
  const wrap = (tx: SqlExecutor): SqlExecutor => {
    const { copyBinary, copyBinaryAll, queryAll, queryAllThenCommit } = tx;
    return {
      query: (text, params) => {
        calls.push('query');
        return tx.query(text, params);
      },
      ...(copyBinary && { copyBinary: (copy, data) => (calls.push('copy'), copyBinary(copy, data)) }),
      ...(copyBinaryAll && { copyBinaryAll: (copies) => (calls.push('copyAll'), copyBinaryAll(copies)) }),
      ...(queryAll && { queryAll: (statements) => (calls.push('queryAll'), queryAll(statements)) }),
      ...(queryAllThenCommit && {
        queryAllThenCommit: (statements) => (
          calls.push('queryAllThenCommit'),
          queryAllThenCommit(statements)
        ),
      }),
    };
  };
  return { ...client, transaction: (fn) => client.transaction((tx) => fn(wrap(tx))) };
}

describe('the flush state phase', () => {
  let test: TestDatabase;
  let sqlClient: SqlClient;
  let tracked: TrackedVehicle;
  /** A second device for the failure case (nothing of it may be stored). */
  let other: TrackedVehicle;
  let indore: bigint;
  let fenceId: bigint;
  const start = Date.parse('2026-03-05T04:30:00Z');

  const count = async (table: string, of: TrackedVehicle) =>
    (
      await sqlClient.query<{ n: number }>(`select count(*)::int as n from ${table} where device_id = $1`, [
        String(of.deviceId),
      ])
    )[0]?.n;

  /** 10 min driving east at 30 km/h through a fence, 10 min parked, away again, one SOS: rows for every table. */
  function fill(batch: Batch, stages: ReturnType<typeof createStages>, of: TrackedVehicle): void {
    const state = newDeviceState(
      { id: of.deviceId, imei: of.imei, organisationId: indore, strictChecksum: false, protocol: 'gt06' },
      [{ vehicleId: of.vehicleId, organisationId: indore, fromMs: 0, toMs: null }],
      null,
    );
    for (let i = 0; i < 45; i++) {
      const driving = i < 21 || i > 40;
      const metres = Math.min(i, 20) * 250 + Math.max(0, i - 40) * 250;
      const message: NormalisedMessage = {
        ...emptyMessage('gt06', 'position', of.imei),
        fixTime: new Date(start + i * 30_000).toISOString(),
        lat: 22.7,
        lon: 75.8 + metres / 102_700,
        speedKph: driving && i > 0 ? 30 : 0,
        ignition: driving,
        gpsValid: true,
        alarms: i === 30 ? ['sos'] : [],
      };
      runPipeline(stages, state, message, new Date(start + i * 30_000 + 500), batch);
    }
  }

  beforeAll(async () => {
    test = await openTestDatabase();
    sqlClient = sqlClientOf(test.database);
    indore = await organisationId(test.db, INDORE);
    tracked = await seedTrackedVehicle(test.db, {
      imei: '359710049095401',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09WS0001',
    });
    other = await seedTrackedVehicle(test.db, {
      imei: '359710049095402',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09WS0002',
    });
    const [fence] = await sqlClient.query<{ id: string }>(
      `insert into geofences (organisation_id, name, geometry, radius_m, dwell_s)
       values ($1, 'state phase', $2::jsonb, 200, 0) returning id::text as id`,
      [String(indore), JSON.stringify({ type: 'Point', coordinates: [75.81, 22.7] })],
    );
    fenceId = BigInt(fence?.id ?? '0');
  });
  afterAll(async () => test?.close());

  it('round-trips text with quotes, backslashes and SQL through inlined literals', async () => {
    const nasty = `'); DROP TABLE devices; -- \\ "q" ä $1`;
    const attrs = { note: `it's "quoted" \\ {a,b} ä`, n: [1, 2.5] };
    expect(sqlClient.queryAll).toBeDefined();
    const [first, second] = await sqlClient.transaction((tx) =>
      runStatements(tx, [
        {
          text: 'SELECT $1::text AS a, $2::int AS b, $3::timestamptz AS c',
          params: [nasty, -7, new Date(start)],
        },
        {
          text: 'SELECT $1::bytea AS d, $2::text[] AS e, $3::jsonb[] AS f',
          params: [
            Uint8Array.from([0, 39, 92]),
            '{"a\'b","c\\\\d"}',
            arrayLiteral('text', [json(attrs), null]),
          ],
        },
      ]),
    );
    expect(first).toEqual([{ a: nasty, b: -7, c: new Date(start) }]);
    const row = second?.[0] as { d: Uint8Array; e: string[]; f: unknown[] } | undefined;
    expect(Buffer.from(row?.d ?? []).toString('hex')).toBe('00275c');
    expect(row?.e).toEqual(["a'b", 'c\\d']);
    // jsonb in an array literal in an escape string (events.attrs): three levels of quoting.
    expect(row?.f).toEqual([attrs, null]);
  });

  it('writes latest, events and every derive table in one round trip of the batch transaction', async () => {
    const calls: string[] = [];
    const bus = createInProcessBus();
    const published: LiveDelta[] = [];
    bus.subscribe<LiveDelta>(TOPICS.live, (delta) => published.push(delta));
    const fence: Fence = {
      id: geofenceKey(fenceId),
      type: 'circle',
      center: [75.81, 22.7],
      radiusM: 200,
      dwellS: 0,
    };
    const wiring = deriveWiring(staticDeriveContext({ fences: [fence] }));
    const writer = createIngestWriter({
      sql: spying(sqlClient, calls),
      bus,
      flushMs: 10_000,
      batchRows: 100_000,
      tables: wiring.tables,
    });
    const batch = writer.write((b) => fill(b, createStages({ derive: wiring.deriveStages }), tracked));
    await writer.close();
    await batch.committed;

    // PGlite: copy, copy, queryAll (then COMMIT); PostgreSQL: copyAll (with BEGIN), queryAllThenCommit.
    expect(calls.filter((c) => c.startsWith('queryAll'))).toHaveLength(1);
    expect(calls).not.toContain('query');
    if (test.database.kind === 'postgres') expect(calls).toEqual(['copyAll', 'queryAllThenCommit']);
    expect(await count('positions', tracked)).toBe(45);
    expect(await count('device_latest', tracked)).toBe(1);
    expect(await count('state_intervals', tracked)).toBeGreaterThanOrEqual(2);
    expect(await count('trips', tracked)).toBe(1);
    expect(await count('geofence_visits', tracked)).toBe(1);
    expect(await count('daily_vehicle_stats', tracked)).toBe(1);
    expect(await count('device_derive_state', tracked)).toBe(1);
    const events = await rows<{ id: string }>(
      test.db,
      sql`select id::text as id from events where device_id = ${tracked.deviceId} and type = 'sos'`,
    );
    expect(events).toHaveLength(1);
    expect(published.flatMap((d) => d.alerts).map((a) => a.id)).toEqual([events[0]?.id]);
    const [stored] = await rows<{ last_ms: string | number }>(
      test.db,
      sql`select state #>> '{device,motion,lastMs}' as last_ms from device_derive_state
          where device_id = ${tracked.deviceId}`,
    );
    expect(Number(stored?.last_ms)).toBe(start + 44 * 30_000);
  });

  it('rolls the whole batch back when one statement fails: no rows, no ack, nothing published', async () => {
    const failing: BatchTable<number> = { name: 'failing', statements: () => [{ text: 'SELECT 1 / 0' }] };
    const bus = createInProcessBus();
    const published: LiveDelta[] = [];
    bus.subscribe<LiveDelta>(TOPICS.live, (delta) => published.push(delta));
    const failed: Batch[] = [];
    const wiring = deriveWiring();
    const writer = createIngestWriter({
      sql: sqlClient,
      bus,
      flushMs: 10_000,
      batchRows: 100_000,
      tables: [...wiring.tables, failing as BatchTable<unknown>],
      onFlushError: (_error, batch) => failed.push(batch),
      livePositions: 'committed',
    });
    const batch = writer.write((b) => {
      fill(b, createStages({ derive: wiring.deriveStages }), other);
      b.add(failing, 1);
    });
    let acked = false;
    batch.onSettled(() => (acked = batch.status === 'committed'));
    await writer.close();

    await expect(batch.committed).rejects.toThrow(/division by zero/);
    expect(acked).toBe(false);
    expect(failed).toEqual([batch]);
    expect(published).toEqual([]);
    for (const table of [
      'positions',
      'device_latest',
      'events',
      'state_intervals',
      'trips',
      'daily_vehicle_stats',
      'device_derive_state',
    ]) {
      expect(await count(table, other), table).toBe(0);
    }
  });

  it('over TCP: a location whose batch fails is never acked, its connection is closed, nothing is stored', async () => {
    const device = await seedTrackedVehicle(test.db, {
      imei: '359710049095403',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09WS0003',
    });
    const failing: BatchTable<number> = { name: 'failing', statements: () => [{ text: 'SELECT 1 / 0' }] };
    /** After the derive stage: every fix of the batch also asks for the failing statement (written last). */
    const failStage: IngestStage = {
      name: 'fail',
      process(ctx) {
        if (ctx.position) ctx.batch.add(failing, 1);
      },
    };
    const wiring = deriveWiring();
    const gateway = await startGateway({
      database: test.database,
      bus: createInProcessBus(),
      config: testGatewayConfig(),
      protocols: ['gt06'],
      deriveStages: [...wiring.deriveStages, failStage],
      tables: [...wiring.tables, failing as BatchTable<unknown>],
    });
    try {
      const socket = await TcpDevice.connect(gateway.ports.gt06 ?? 0);
      await socket.write(gt06Login(device.imei, 1));
      expect(toHex(await socket.read(10))).toBe(toHex(gt06Ack(0x01, 1)));
      await socket.write(gt06Location({ at: new Date(start), lat: 22.7, lon: 75.8, speedKph: 20 }, 2));
      await socket.closed;
      expect(socket.received.length).toBe(0);
      await sleep(50);
      for (const table of ['positions', 'daily_vehicle_stats', 'device_derive_state']) {
        expect(await count(table, device), table).toBe(0);
      }
      // The login's own batch may have committed device_latest (last_packet_at), but never a fix.
      const latest = await sqlClient.query<{ fixed_at: Date | null }>(
        'select fixed_at from device_latest where device_id = $1',
        [String(device.deviceId)],
      );
      expect(latest.filter((row) => row.fixed_at !== null)).toEqual([]);
    } finally {
      await gateway.stop();
    }
  });
});
