/**
 * AIS-140 history (`H`) packets over real TCP: a device loses its network for 20 minutes, reconnects, sends live `L`
 * packets and then what it buffered as `H` packets, one of them an SOS. The late SOS raises an alert marked late; the
 * buffered fixes are re-derived after their batch commits (no offline interval left across the loss, every fix gets
 * its distance). The worker closes an SOS nobody pressed again.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { offlineJob } from '../worker/offline-job.ts';
import { startGateway, type Gateway } from './gateway.ts';
import { deriveWiring, type DeriveStage } from './ingest/derive-stage.ts';
import {
  eventually,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  testGatewayConfig,
} from './testing/fleet.ts';
import { TcpDevice } from './testing/tcp-device.ts';

const RAJWADA = { lat: 22.7186, lon: 75.8553 };
const LON_PER_M = 1 / (111_320 * Math.cos((RAJWADA.lat * Math.PI) / 180));

interface Ais140Fix {
  at: Date;
  lon: number;
  speedKph: number;
  ignition: boolean;
}

const two = (n: number) => String(n).padStart(2, '0');

/** A MARK-family tracking packet (as in teltonika-ais140.gateway.test.ts) with our fix, status and packet type. */
function ais140Packet(
  imei: string,
  fix: Ais140Fix,
  status: 'L' | 'H',
  packetType = 'NR',
  alertId = '01',
): Buffer {
  const d = fix.at;
  const date = `${two(d.getUTCDate())}${two(d.getUTCMonth() + 1)}${d.getUTCFullYear()}`;
  const time = `${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}`;
  return Buffer.from(
    `$,NRM,MARK,V0.0.1,${packetType},${alertId},${status},${imei},000000000,1,${date},${time},` +
      `${RAJWADA.lat.toFixed(6)},N,${fix.lon.toFixed(6)},E,${fix.speedKph.toFixed(1)},90.00,13,500.0,1.4,0.7,IDEA,` +
      `${fix.ignition ? 1 : 0},1,12.5,3.7,0,N,20,404,60,A5F,FD3F,A5F,6F88,29,A5F,5855,18,A5F,6F87,18,A5F,FD41,14,` +
      '0000,00,0.1,0,000027,0,0,0,4E9C,*\r\n',
  );
}

describe('AIS-140 history packets', () => {
  let t: TestApp;
  let gateway: Gateway;
  let stage: DeriveStage;

  beforeAll(async () => {
    t = await createTestApp();
    const wiring = deriveWiring();
    const [derive] = wiring.deriveStages;
    if (!derive) throw new Error('no derive stage');
    stage = derive;
    gateway = await startGateway({
      database: t.database,
      bus: t.bus,
      config: testGatewayConfig(),
      protocols: ['ais140'],
      ...wiring,
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    await t?.close();
  });

  it('re-derives the buffered fixes and raises the buffered SOS as a late alert', async () => {
    const imei = '358980100040777';
    const tracked = await seedTrackedVehicle(t.db, {
      imei,
      protocol: 'ais140',
      organisationId: await organisationId(t.db, INDORE),
      registrationNumber: 'MP09AH0001',
    });
    // 08:00 IST: every 30 s, 250 m east at 30 km/h for 50 minutes (100 fixes); 08:10–08:30 lost.
    const start = Date.parse('2026-01-20T02:30:00Z');
    const fixes: Ais140Fix[] = Array.from({ length: 100 }, (_, i) => ({
      at: new Date(start + i * 30_000),
      lon: RAJWADA.lon + i * 250 * LON_PER_M,
      speedKph: i === 0 ? 0 : 30,
      ignition: true,
    }));
    const lost = (f: Ais140Fix) =>
      f.at.getTime() >= start + 10 * 60_000 && f.at.getTime() < start + 30 * 60_000;
    const before = fixes.filter((f) => f.at.getTime() < start + 10 * 60_000);
    const buffered = fixes.filter(lost);
    const after = fixes.filter((f) => f.at.getTime() >= start + 30 * 60_000);

    const send = async (packets: readonly Buffer[]) => {
      const device = await TcpDevice.connect(gateway.ports.ais140 ?? 0);
      for (const packet of packets) await device.write(packet);
      return device;
    };
    const stored = async () =>
      (
        await rows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from positions where device_id = ${tracked.deviceId}`,
        )
      )[0]?.n ?? 0;

    const first = await send(before.map((f) => ais140Packet(imei, f, 'L')));
    await eventually(async () => (await stored()) === before.length);
    first.close();

    // Reconnected: two live fixes, then the buffer (an SOS press among it), then live again.
    const sosAt = buffered[10]?.at.getTime() ?? 0;
    const second = await send([
      ...after.slice(0, 2).map((f) => ais140Packet(imei, f, 'L')),
      ...buffered.map((f) =>
        f.at.getTime() === sosAt ? ais140Packet(imei, f, 'H', 'EA', '10') : ais140Packet(imei, f, 'H'),
      ),
    ]);
    await eventually(async () => (await stored()) === before.length + 2 + buffered.length, 15_000);
    const rest = after.slice(2).map((f) => ais140Packet(imei, f, 'L'));
    for (const packet of rest) await second.write(packet);
    await eventually(async () => (await stored()) === fixes.length, 15_000);
    await eventually(async () => {
      await stage.idle();
      const [state] = await rows<{ late: string | null }>(
        t.db,
        sql`select state->>'lateFromMs' as late from device_derive_state where device_id = ${tracked.deviceId}`,
      );
      return state !== undefined && state.late === null;
    }, 15_000);
    second.close();

    const sos = await rows<{ started_at: Date; ended_at: Date | null; late: boolean }>(
      t.db,
      sql`select started_at, ended_at, late from events where device_id = ${tracked.deviceId} and type = 'sos'`,
    );
    expect(sos).toHaveLength(1);
    expect(sos[0]?.late).toBe(true);
    expect(new Date(sos[0]?.started_at ?? 0).getTime()).toBe(sosAt);
    expect(sos[0]?.ended_at).not.toBeNull();

    // One drive, no offline interval across the loss: the history filled it.
    const intervals = await rows<{ kind: string; started_at: Date }>(
      t.db,
      sql`select kind, started_at from state_intervals where device_id = ${tracked.deviceId} order by started_at`,
    );
    expect(intervals.map((i) => i.kind)).not.toContain('offline');
    const [history] = await rows<{ n: number; unset: number; metres: number }>(
      t.db,
      sql`select count(*)::int as n, count(*) filter (where distance_m is null)::int as unset,
            sum(distance_m)::float8 as metres
          from positions where device_id = ${tracked.deviceId} and history`,
    );
    expect(history).toMatchObject({ n: buffered.length, unset: 0 });
    expect(history?.metres).toBeCloseTo(buffered.length * 250, -2);
    const [day] = await rows<{ distance_m: number; points: number; offline_s: number }>(
      t.db,
      sql`select distance_m, points, offline_s from daily_vehicle_stats where device_id = ${tracked.deviceId}`,
    );
    expect(day?.points).toBe(fixes.length);
    expect(day?.offline_s).toBe(0);
    expect(day?.distance_m).toBeCloseTo(99 * 250, -2);
  });

  it('the worker closes an SOS nobody pressed again at its last press', async () => {
    const imei = '358980100040778';
    const tracked = await seedTrackedVehicle(t.db, {
      imei,
      protocol: 'ais140',
      organisationId: await organisationId(t.db, INDORE),
      registrationNumber: 'MP09AH0002',
    });
    const pressedAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    const device = await TcpDevice.connect(gateway.ports.ais140 ?? 0);
    await device.write(
      ais140Packet(imei, { at: pressedAt, lon: RAJWADA.lon, speedKph: 0, ignition: false }, 'L', 'EA', '10'),
    );
    const open = await eventually(async () => {
      const [row] = await rows<{ ended_at: Date | null; late: boolean }>(
        t.db,
        sql`select ended_at, late from events where device_id = ${tracked.deviceId} and type = 'sos'`,
      );
      return row;
    });
    expect(open).toEqual({ ended_at: null, late: false });
    device.close();

    const job = offlineJob(t.database, () => new Date(pressedAt.getTime() + 10 * 60_000));
    expect(await job.run()).toMatch(/1 quiet SOS alerts closed$/);
    const [closed] = await rows<{ ended_at: Date | null }>(
      t.db,
      sql`select ended_at from events where device_id = ${tracked.deviceId} and type = 'sos'`,
    );
    expect(new Date(closed?.ended_at ?? 0).getTime()).toBe(pressedAt.getTime());
  });
});
