/**
 * GT06 frames of issue 21 through the real gateway and database: a length-0 Wi-Fi frame (no fix, no serial/CRC) is
 * framed, answered with its time, kept in the raw log and refreshes the device's last packet without a position row;
 * a 4G 0xA0 location is stored with its LTE cell and acked with its serial.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { startGateway, type Gateway } from './gateway.ts';
import {
  INDORE,
  organisationId,
  seedTrackedVehicle,
  testGatewayConfig,
  type TrackedVehicle,
} from './testing/fleet.ts';
import { gt06Ack, gt06Login, hex, toHex } from './testing/packets.ts';
import { TcpDevice } from './testing/tcp-device.ts';

/** Real captures (Traccar's GT06 decoder test; packages/protocols/src/gt06/fixtures/variants.json). */
const WIFI_LENGTH_0 =
  '7878001719011910543607028f0100bc2e695a00bcb3635a00bc27c56400bc447b6400bc46c96400bc33ce6400bc64ca640d0a';
const LOCATION_4G =
  '787829a01707150f2d0ecd01635100041e96d000087c02d4020000912e000000000718798d000e0006ed3ce50d0a';

describe('GT06 gateway: no-fix and 4G frames', () => {
  let t: TestApp;
  let gateway: Gateway;
  let tracked: TrackedVehicle;

  beforeAll(async () => {
    t = await createTestApp();
    tracked = await seedTrackedVehicle(t.db, {
      imei: '359710049095103',
      protocol: 'gt06',
      organisationId: await organisationId(t.db, INDORE),
      registrationNumber: 'MP09GT0103',
    });
    gateway = await startGateway({
      database: t.database,
      bus: t.bus,
      config: testGatewayConfig(),
      protocols: ['gt06'],
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    await t?.close();
  });

  it('answers a Wi-Fi frame with its time, counts it as a packet, stores no position; stores a 0xA0 location', async () => {
    const device = await TcpDevice.connect(gateway.ports.gt06 ?? 0);
    await device.write(gt06Login(tracked.imei, 1));
    expect(toHex(await device.read(10))).toBe(toHex(gt06Ack(0x01, 1)));

    const before = new Date();
    await device.write(hex(WIFI_LENGTH_0));
    expect(toHex(await device.read(12))).toBe('787800171901191054360d0a');
    const latest = await rows<{ last_packet_at: Date; fixed_at: Date | null }>(
      t.db,
      sql`select last_packet_at, fixed_at from device_latest where device_id = ${tracked.deviceId}`,
    );
    expect(new Date(latest[0]?.last_packet_at ?? 0).getTime()).toBeGreaterThanOrEqual(
      before.getTime() - 1000,
    );
    expect(latest[0]?.fixed_at).toBeNull();
    const noPositions = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from positions where device_id = ${tracked.deviceId}`,
    );
    expect(noPositions[0]?.n).toBe(0);
    const logged = await rows<{ hex: string; decode_error: string | null }>(
      t.db,
      sql`select encode(bytes, 'hex') as hex, decode_error from raw_logs where imei = ${tracked.imei} order by id`,
    );
    expect(logged.map((r) => r.hex)).toContain(WIFI_LENGTH_0);

    await device.write(hex(LOCATION_4G));
    expect(toHex(await device.read(10))).toBe(toHex(gt06Ack(0xa0, 0x06ed)));
    const [position] = await rows<{
      lat: number;
      lon: number;
      gps_valid: boolean;
      attrs: { io?: { cellId?: number } };
    }>(t.db, sql`select lat, lon, gps_valid, attrs from positions where device_id = ${tracked.deviceId}`);
    expect(position?.lat).toBeCloseTo(-12.93668, 4);
    expect(position?.gps_valid).toBe(false);
    expect(position?.attrs.io?.cellId).toBe(119044493);
    device.close();
  });
});
