/** Teltonika (IMEI handshake, Codec 8, record-count ack after commit) and AIS-140 (login, normal) over real TCP. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { startGateway, type Gateway } from './gateway.ts';
import {
  eventually,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  testGatewayConfig,
} from './testing/fleet.ts';
import { teltonikaAck, teltonikaCodec8, teltonikaHandshake, toHex } from './testing/packets.ts';
import { TcpDevice } from './testing/tcp-device.ts';

describe('Teltonika and AIS-140 gateway', () => {
  let t: TestApp;
  let gateway: Gateway;
  let indore: bigint;
  const commitsWithPositions: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    indore = await organisationId(t.db, INDORE);
    gateway = await startGateway({
      database: t.database,
      bus: t.bus,
      config: testGatewayConfig(),
      writerHooks: {
        afterCommit(batch) {
          if (batch.positions.length > 0) commitsWithPositions.push(performance.now());
        },
      },
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    await t?.close();
  });

  it('Teltonika: accepts a registered IMEI, stores a Codec 8 packet and acks the record count after commit', async () => {
    const tracked = await seedTrackedVehicle(t.db, {
      imei: '356307042441013',
      protocol: 'teltonika',
      organisationId: indore,
      registrationNumber: 'MP09TL0001',
    });
    const device = await TcpDevice.connect(gateway.ports.teltonika ?? 0);
    await device.write(teltonikaHandshake(tracked.imei));
    expect(toHex(await device.read(1))).toBe('01');
    const base = Math.floor(Date.now() / 1000) * 1000 - 60_000;
    const packet = teltonikaCodec8([
      { at: new Date(base), lat: 22.7196, lon: 75.8577, speedKph: 0, ignition: true },
      { at: new Date(base + 10_000), lat: 22.7205, lon: 75.8577, speedKph: 36, ignition: true },
      { at: new Date(base + 20_000), lat: 22.7214, lon: 75.8577, speedKph: 38, ignition: true },
    ]);
    const sentAt = performance.now();
    await device.write(packet);
    expect(toHex(await device.read(4))).toBe(toHex(teltonikaAck(3)));
    const ackAt = performance.now();
    const commit = commitsWithPositions.find((at) => at >= sentAt);
    expect(commit).toBeDefined();
    expect(ackAt).toBeGreaterThanOrEqual(commit ?? Number.POSITIVE_INFINITY);

    const stored = await rows<{
      speed_kph: number;
      distance_m: number;
      odometer_m: number;
      ignition: boolean;
      motion: boolean;
    }>(
      t.db,
      sql`select speed_kph, distance_m, odometer_m, ignition, motion from positions
          where device_id = ${tracked.deviceId} order by fixed_at`,
    );
    expect(stored).toHaveLength(3);
    expect(stored.map((r) => r.ignition)).toEqual([true, true, true]);
    expect(stored.map((r) => r.motion)).toEqual([false, true, true]);
    // 0.0009° of latitude ≈ 100 m per leg; odometer accumulates them.
    expect(stored[1]?.distance_m).toBeGreaterThan(95);
    expect(stored[1]?.distance_m).toBeLessThan(105);
    expect(stored[2]?.odometer_m).toBeCloseTo((stored[1]?.distance_m ?? 0) + (stored[2]?.distance_m ?? 0), 0);
    const [latest] = await rows<{ status: string; ignition: boolean }>(
      t.db,
      sql`select status, ignition from device_latest where device_id = ${tracked.deviceId}`,
    );
    expect(latest).toEqual({ status: 'moving', ignition: true });
    device.close();
  });

  it('Teltonika: rejects an unknown IMEI with 00 and lists it as unknown', async () => {
    const device = await TcpDevice.connect(gateway.ports.teltonika ?? 0);
    await device.write(teltonikaHandshake('352093086403655'));
    expect(toHex(await device.read(1))).toBe('00');
    const unknown = await eventually(
      async () =>
        (
          await rows<{ protocol: string }>(
            t.db,
            sql`select protocol from unknown_devices where imei = '352093086403655'`,
          )
        )[0],
    );
    expect(unknown.protocol).toBe('teltonika');
    device.close();
  });

  it('AIS-140: login (with the $LGN reply) and a normal packet of the same device', async () => {
    // Research packets.json "MARK" family: the login asks for a reply; the NRM packet is verbatim.
    const imei = '358980100040246';
    const tracked = await seedTrackedVehicle(t.db, {
      imei,
      protocol: 'ais140',
      organisationId: indore,
      registrationNumber: 'MP09AI0001',
    });
    const device = await TcpDevice.connect(gateway.ports.ais140 ?? 0);
    await device.write(
      Buffer.from(`$,LGN,MARK,000000000,${imei},V0.0.1,AIS140,19.804487,N,75.225876,E,*\r\n`),
    );
    const reply = (await device.read(19)).toString('ascii');
    expect(reply).toMatch(/^\$LGN\d{14}\*$/);
    await device.write(
      Buffer.from(
        '$,NRM,MARK,V0.0.1,NR,01,L,358980100040246,000000000,1,10032021,073239,25.932051,N,71.509872,E,0.6,1.40,13,' +
          '211.2,1.4,0.7,IDEA,0,1,0.1,3.7,0,N,20,404,60,A5F,FD3F,A5F,6F88,29,A5F,5855,18,A5F,6F87,18,A5F,FD41,14,' +
          '0000,00,0.1,0,000027,0,0,0,4E9C,*\r\n',
      ),
    );
    const position = await eventually(
      async () =>
        (
          await rows<{ fixed_at: Date; lat: number; lon: number; vehicle_id: string }>(
            t.db,
            sql`select fixed_at, lat, lon, vehicle_id::text from positions where device_id = ${tracked.deviceId}`,
          )
        )[0],
    );
    expect(new Date(position.fixed_at).toISOString()).toBe('2021-03-10T07:32:39.000Z');
    expect(position.lat).toBeCloseTo(25.932051, 5);
    expect(position.lon).toBeCloseTo(71.509872, 5);
    expect(position.vehicle_id).toBe(String(tracked.vehicleId));
    const logs = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from raw_logs where imei = ${imei}`,
    );
    expect(logs[0]?.n).toBe(2);
    device.close();
  });
});
