/**
 * GT06 over real TCP (127.0.0.1, ephemeral ports) into a real database: login reply, location stored and acked only
 * after commit, device_latest, raw logs, live delta over the WebSocket, duplicates, SOS dedup, chunking, unknown
 * IMEIs and the idle timeout.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { LiveMessage } from '@civicfleet/shared';
import { rows } from '../db/client.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { startGateway, type Gateway } from './gateway.ts';
import {
  eventually,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  sleep,
  testGatewayConfig,
  type TrackedVehicle,
} from './testing/fleet.ts';
import { gt06Ack, gt06Alarm, gt06Heartbeat, gt06Location, gt06Login, hex, toHex } from './testing/packets.ts';
import { TcpDevice } from './testing/tcp-device.ts';

const LOGIN = 0x01;
const LOCATION = 0x12;
const ALARM = 0x16;
const SOS = 0x01;

describe('GT06 gateway', () => {
  let t: TestApp;
  let gateway: Gateway;
  let port: number;
  let tracked: TrackedVehicle;
  let baseUrl: string;
  /** While set, a batch holding positions waits for it before COMMIT (ack ordering test). */
  let gate: Promise<void> | null = null;
  const commits: Array<{ positions: number; at: number }> = [];

  const count = async (query: ReturnType<typeof sql>) => (await rows<{ n: number }>(t.db, query))[0]?.n ?? 0;

  beforeAll(async () => {
    t = await createTestApp();
    const indore = await organisationId(t.db, INDORE);
    tracked = await seedTrackedVehicle(t.db, {
      imei: '359710049095095',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09GT0001',
    });
    gateway = await startGateway({
      database: t.database,
      bus: t.bus,
      config: testGatewayConfig(),
      protocols: ['gt06'],
      writerHooks: {
        async beforeCommit(batch) {
          if (gate && batch.positions.length > 0) await gate;
        },
        afterCommit(batch) {
          commits.push({ positions: batch.positions.length, at: performance.now() });
        },
      },
    });
    port = gateway.ports.gt06 ?? 0;
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await gateway?.stop();
    await t?.close();
  });

  it('replies to the login, stores the location after commit, updates latest and raw logs, and pushes a live delta', async () => {
    const token = await t.login('ADMIN');
    const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/v1/live`);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    const messages: LiveMessage[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(String(data)) as LiveMessage));
    await eventually(async () => messages.some((m) => m.type === 'snapshot'));

    const device = await TcpDevice.connect(port);
    await device.write(gt06Login(tracked.imei, 1));
    expect(toHex(await device.read(10))).toBe(toHex(gt06Ack(LOGIN, 1)));

    const fixAt = new Date(Date.now() - 5_000);
    fixAt.setMilliseconds(0);
    await device.write(
      gt06Location({ at: fixAt, lat: 22.7196, lon: 75.8577, speedKph: 32, headingDeg: 90 }, 2),
    );
    expect(toHex(await device.read(10))).toBe(toHex(gt06Ack(LOCATION, 2)));

    // The ack means committed: the row is there without waiting.
    const [position] = await rows<{ vehicle_id: string; lat: number; speed_kph: number; motion: boolean }>(
      t.db,
      sql`select vehicle_id::text, lat, speed_kph, motion from positions where device_id = ${tracked.deviceId}`,
    );
    expect(position).toMatchObject({ vehicle_id: String(tracked.vehicleId), speed_kph: 32, motion: true });
    expect(position?.lat).toBeCloseTo(22.7196, 4);
    const [latest] = await rows<{ fixed_at: Date; status: string; organisation_id: string }>(
      t.db,
      sql`select fixed_at, status, organisation_id::text from device_latest where device_id = ${tracked.deviceId}`,
    );
    expect(new Date(latest?.fixed_at ?? 0).toISOString()).toBe(fixAt.toISOString());
    expect(latest?.status).toBe('moving');
    const logged = await rows<{ hex: string }>(
      t.db,
      sql`select encode(bytes, 'hex') as hex from raw_logs where imei = ${tracked.imei} order by id`,
    );
    expect(logged.map((r) => r.hex)).toEqual([
      toHex(gt06Login(tracked.imei, 1)),
      toHex(gt06Location({ at: fixAt, lat: 22.7196, lon: 75.8577, speedKph: 32, headingDeg: 90 }, 2)),
    ]);

    const delta = await eventually(async () =>
      messages.find(
        (m) => m.type === 'delta' && m.positions.some((p) => p.deviceId === String(tracked.deviceId)),
      ),
    );
    expect(delta.type === 'delta' && delta.positions[0]).toMatchObject({
      vehicleId: String(tracked.vehicleId),
      fixTime: fixAt.toISOString(),
      speedKph: 32,
      status: 'moving',
    });
    ws.close();
    device.close();
  });

  it('sends the location ack only after the batch holding it has committed', async () => {
    const device = await TcpDevice.connect(port);
    await device.write(gt06Login(tracked.imei, 10));
    await device.read(10);
    let release: () => void = () => undefined;
    gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Only batches that carry positions are held: the login's raw-log batch may still commit meanwhile.
    const positionCommits = () => commits.filter((c) => c.positions > 0);
    const committedBefore = positionCommits().length;
    const fixAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 2_000);
    await device.write(gt06Location({ at: fixAt, lat: 22.72, lon: 75.86, speedKph: 20 }, 11));
    let releasedAt = 0;
    try {
      // The flush is held inside its transaction: no ack may arrive meanwhile.
      await sleep(400);
      expect(device.received.length).toBe(0);
      expect(positionCommits().length).toBe(committedBefore);
    } finally {
      // Always open the gate, or every later test of this file waits on a held writer.
      releasedAt = performance.now();
      gate = null;
      release();
    }
    const ack = await device.read(10);
    const ackAt = performance.now();
    expect(toHex(ack)).toBe(toHex(gt06Ack(LOCATION, 11)));
    const commit = positionCommits()[committedBefore];
    expect(commit).toBeDefined();
    expect(commit?.at).toBeGreaterThanOrEqual(releasedAt);
    expect(ackAt).toBeGreaterThanOrEqual(commit?.at ?? Number.POSITIVE_INFINITY);
    device.close();
  });

  it('ignores an exact duplicate (same device and fix time) but still acks it', async () => {
    const device = await TcpDevice.connect(port);
    await device.write(gt06Login(tracked.imei, 20));
    await device.read(10);
    const fixAt = new Date('2026-06-01T10:00:00Z');
    const frame = gt06Location({ at: fixAt, lat: 22.7, lon: 75.8, speedKph: 10 }, 21);
    await device.write(frame);
    await device.read(10);
    await device.write(frame);
    await device.read(10);
    expect(
      await count(
        sql`select count(*)::int as n from positions where device_id = ${tracked.deviceId} and fixed_at = ${fixAt}`,
      ),
    ).toBe(1);
    // Both copies are in the raw logs.
    expect(
      await count(sql`select count(*)::int as n from raw_logs where encode(bytes, 'hex') = ${toHex(frame)}`),
    ).toBe(2);
    device.close();
  });

  it('keeps one open SOS event for repeated SOS alarms', async () => {
    const device = await TcpDevice.connect(port);
    await device.write(gt06Login(tracked.imei, 30));
    await device.read(10);
    const base = Math.floor(Date.now() / 1000) * 1000;
    await device.write(gt06Alarm({ at: new Date(base), lat: 22.71, lon: 75.85 }, SOS, 31));
    expect(toHex(await device.read(10))).toBe(toHex(gt06Ack(ALARM, 31)));
    await device.write(gt06Alarm({ at: new Date(base + 1000), lat: 22.71, lon: 75.85 }, SOS, 32));
    await device.read(10);
    const events = await rows<{ type: string; ended_at: Date | null; repeat_count: number; late: boolean }>(
      t.db,
      sql`select type, ended_at, repeat_count, late from events where device_id = ${tracked.deviceId} and type = 'sos'`,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ ended_at: null, repeat_count: 2, late: false });
    device.close();
  });

  it('reassembles frames split across TCP writes and splits frames merged into one write', async () => {
    const device = await TcpDevice.connect(port);
    const login = gt06Login(tracked.imei, 40);
    await device.write(login.subarray(0, 5));
    await sleep(30);
    await device.write(login.subarray(5));
    expect(toHex(await device.read(10))).toBe(toHex(gt06Ack(LOGIN, 40)));
    const base = new Date('2026-06-02T08:00:00Z').getTime();
    const frames = [0, 1, 2].map((i) =>
      gt06Location(
        { at: new Date(base + i * 10_000), lat: 22.7 + i * 0.001, lon: 75.8, speedKph: 25 },
        41 + i,
      ),
    );
    const [first] = frames;
    if (!first) throw new Error('no frames');
    const merged = Buffer.concat([Buffer.from('garbage'), ...frames]);
    // One write holding garbage + 2.5 frames, then the rest.
    const cut = 7 + first.length * 2 + 10;
    await device.write(merged.subarray(0, cut));
    await sleep(30);
    await device.write(merged.subarray(cut));
    const acks = await device.read(30);
    expect(toHex(acks)).toBe([41, 42, 43].map((s) => toHex(gt06Ack(LOCATION, s))).join(''));
    const stored = await rows<{ fixed_at: Date; distance_m: number }>(
      t.db,
      sql`select fixed_at, distance_m from positions where device_id = ${tracked.deviceId}
          and fixed_at >= ${new Date(base)} and fixed_at < ${new Date(base + 60_000)} order by fixed_at`,
    );
    expect(stored).toHaveLength(3);
    const [problem] = await rows<{ decode_error: string }>(
      t.db,
      sql`select decode_error from raw_logs where encode(bytes, 'hex') = ${toHex(first)}`,
    );
    expect(problem?.decode_error).toMatch(/skipped 7 bytes/);
    device.close();
  });

  it('logs an unknown IMEI as raw frames and an unknown device, with no reply and no position', async () => {
    const device = await TcpDevice.connect(port);
    const imei = '351234567890123';
    await device.write(gt06Login(imei, 50));
    await device.write(gt06Location({ at: new Date(), lat: 23.25, lon: 77.41 }, 51));
    await eventually(() =>
      count(sql`select count(*)::int as n from raw_logs where imei = ${imei}`).then((n) => n === 2),
    );
    const [unknown] = await rows<{ protocol: string; packets: number }>(
      t.db,
      sql`select protocol, packets::int as packets from unknown_devices where imei = ${imei}`,
    );
    expect(unknown).toEqual({ protocol: 'gt06', packets: 2 });
    expect(device.received.length).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from positions p join devices d on d.id = p.device_id where d.imei = ${imei}`,
      ),
    ).toBe(0);
    device.close();
  });

  it('stores a heartbeat in device_latest and answers it', async () => {
    const device = await TcpDevice.connect(port);
    await device.write(gt06Login(tracked.imei, 60));
    await device.read(10);
    await device.write(gt06Heartbeat(61));
    expect(toHex(await device.read(10))).toBe(toHex(gt06Ack(0x13, 61)));
    device.close();
  });

  it('decodes real captured frames (protocols fixtures) without failing the batch', async () => {
    const device = await TcpDevice.connect(port);
    await device.write(gt06Login(tracked.imei, 70));
    await device.read(10);
    // Research packets.json: a 2017 GPS+LBS location (lands in the DEFAULT partition) and a status frame.
    await device.write(hex('78781f12110819110216d402f250340828924055d4c801944600d300c09501429c830d0a'));
    await device.read(10);
    expect(
      await count(
        sql`select count(*)::int as n from positions_default where device_id = ${tracked.deviceId}`,
      ),
    ).toBe(1);
    device.close();
  });

  it('closes a connection that stays silent past the idle timeout', async () => {
    const idle = await startGateway({
      database: t.database,
      config: testGatewayConfig({ idleTimeoutMs: 200 }),
      protocols: ['gt06'],
    });
    const device = await TcpDevice.connect(idle.ports.gt06 ?? 0);
    await device.write(gt06Login(tracked.imei, 80));
    await device.read(10);
    const started = Date.now();
    await device.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    await idle.stop();
  });
});
