/**
 * Driver-id reads over real TCP into a real database (stages/driver-tag.ts): a GT06 RFID info frame (Traccar's
 * capture layout) and Teltonika iButton records become driver_tag_reads rows attributed to the vehicle; a key left in
 * the reader is kept once per half hour, a new key at once; a resent packet is stored once; the last kept read is
 * restored when the gateway restarts.
 */
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
  type TrackedVehicle,
} from './testing/fleet.ts';
import {
  gt06Ack,
  gt06Location,
  gt06Login,
  hex,
  teltonikaAck,
  teltonikaCodec8,
  teltonikaHandshake,
  toHex,
} from './testing/packets.ts';
import { TcpDevice } from './testing/tcp-device.ts';

interface ReadRow {
  tag: string;
  read_at: Date;
  vehicle_id: string | null;
  organisation_id: string;
  lat: number | null;
  lon: number | null;
}

describe('driver-id reads through the gateway', () => {
  let t: TestApp;
  let gateway: Gateway;
  let indore: bigint;
  let gt06: TrackedVehicle;
  let fmb: TrackedVehicle;

  const readsOf = (deviceId: bigint) =>
    rows<ReadRow>(
      t.db,
      sql`select tag, read_at, vehicle_id::text, organisation_id::text, lat, lon from driver_tag_reads
          where device_id = ${deviceId} order by read_at, tag`,
    );
  const start = () =>
    startGateway({
      database: t.database,
      bus: t.bus,
      config: testGatewayConfig(),
      protocols: ['gt06', 'teltonika'],
    });

  beforeAll(async () => {
    t = await createTestApp();
    indore = await organisationId(t.db, INDORE);
    gt06 = await seedTrackedVehicle(t.db, {
      imei: '359710049090011',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09DT0001',
    });
    fmb = await seedTrackedVehicle(t.db, {
      imei: '352093081430022',
      protocol: 'teltonika',
      organisationId: indore,
      registrationNumber: 'MP09DT0002',
    });
    gateway = await start();
  });
  afterAll(async () => {
    await gateway?.stop();
    await t?.close();
  });

  it('GT06 0x94/0x1B: the card is stored at the receive time and the last fix, on the linked vehicle', async () => {
    const device = await TcpDevice.connect(gateway.ports.gt06 ?? 0);
    await device.write(gt06Login(gt06.imei, 1));
    await device.read(10);
    const fixAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_000);
    await device.write(gt06Location({ at: fixAt, lat: 22.7251, lon: 75.8655, speedKph: 0 }, 2));
    expect(toHex(await device.read(10))).toBe(toHex(gt06Ack(0x12, 2)));
    const before = Date.now();
    // Traccar's Gt06ProtocolDecoderTest capture: RFID card 4277efef.
    await device.write(hex('7979000e941b02084277efef350303eadaed0d0a'));
    const [read] = await eventually(async () => {
      const found = await readsOf(gt06.deviceId);
      return found.length > 0 ? found : null;
    });
    expect(read).toMatchObject({
      tag: '4277EFEF',
      vehicle_id: String(gt06.vehicleId),
      organisation_id: String(indore),
    });
    expect(read?.lat).toBeCloseTo(22.7251, 4);
    expect(read?.lon).toBeCloseTo(75.8655, 4);
    expect(new Date(read?.read_at ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
    device.close();
  });

  it('Teltonika iButton: kept on change and every 30 min, a resent packet once, state restored on restart', async () => {
    const base = Date.UTC(2026, 0, 5, 0, 30, 0); // 06:00 IST
    const at = (min: number) => new Date(base + min * 60_000);
    const key = '010000188A1F30B5';
    const helperKey = '0000000012AB34CD'; // a 4-byte card in the 8-byte field
    const packet = teltonikaCodec8([
      { at: at(0), lat: 22.7, lon: 75.85, iButton: key },
      { at: at(5), lat: 22.701, lon: 75.851, iButton: key },
      { at: at(29), lat: 22.702, lon: 75.852, iButton: key },
      { at: at(31), lat: 22.703, lon: 75.853, iButton: key },
      { at: at(32), lat: 22.704, lon: 75.854, iButton: helperKey },
      { at: at(33), lat: 22.705, lon: 75.855 },
    ]);
    const device = await TcpDevice.connect(gateway.ports.teltonika ?? 0);
    await device.write(teltonikaHandshake(fmb.imei));
    await device.read(1);
    await device.write(packet);
    expect(toHex(await device.read(4))).toBe(toHex(teltonikaAck(6)));
    // The device did not get the ack in time and sends the same packet again.
    await device.write(packet);
    await device.read(4);
    device.close();

    const expected = [
      [key, at(0)],
      [key, at(31)],
      ['12AB34CD', at(32)],
    ].map(([tag, when]) => ({ tag, readAt: (when as Date).toISOString() }));
    const stored = (await readsOf(fmb.deviceId)).map((r) => ({
      tag: r.tag,
      readAt: new Date(r.read_at).toISOString(),
    }));
    expect(stored).toEqual(expected);
    expect((await readsOf(fmb.deviceId))[0]).toMatchObject({ vehicle_id: String(fmb.vehicleId), lat: 22.7 });

    // A restarted gateway knows the last kept read: the same card 10 min later is not stored again.
    await gateway.stop();
    gateway = await start();
    const again = await TcpDevice.connect(gateway.ports.teltonika ?? 0);
    await again.write(teltonikaHandshake(fmb.imei));
    await again.read(1);
    await again.write(teltonikaCodec8([{ at: at(42), lat: 22.706, lon: 75.856, iButton: helperKey }]));
    await again.read(4);
    again.close();
    expect(await readsOf(fmb.deviceId)).toHaveLength(3);
  });
});
