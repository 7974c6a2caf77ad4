/**
 * Device records changed in the console. A device moved to another vehicle in the console: the link change is published on TOPICS.devices and the gateway
 * attributes the device's next fix to the new vehicle at once (without the signal it would keep the old link for up to
 * REFRESH_MS, 60 s).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { createVehicle } from '../modules/vehicle/vehicle.repository.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { startGateway, type Gateway } from './gateway.ts';
import { INDORE, organisationId, seedTrackedVehicle, testGatewayConfig } from './testing/fleet.ts';
import { gt06Ack, gt06Location, gt06Login, toHex } from './testing/packets.ts';
import { TcpDevice } from './testing/tcp-device.ts';

const LOCATION = 0x12;

describe('relinking a device in the console', () => {
  let t: TestApp;
  let gateway: Gateway;

  beforeAll(async () => {
    t = await createTestApp();
    gateway = await startGateway({
      database: t.database,
      bus: t.bus,
      config: testGatewayConfig(),
      protocols: ['gt06'],
    });
  });
  afterAll(async () => {
    await gateway.stop();
    await t.close();
  });

  it("attributes the device's next fix to its new vehicle at once", async () => {
    const indore = await organisationId(t.db, INDORE);
    const tracked = await seedTrackedVehicle(t.db, {
      imei: '359710049095901',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09RL0001',
    });
    const next = await createVehicle(t.db, {
      organisationId: indore,
      registrationNumber: 'MP09RL0002',
      kind: 'TRUCK',
      type: 'compactor',
      category: 'Goods',
    });
    const device = await TcpDevice.connect(gateway.ports.gt06 ?? 0);
    await device.write(gt06Login(tracked.imei, 1));
    await device.read(10);
    const send = async (at: Date, serial: number) => {
      await device.write(
        gt06Location({ at, lat: 22.7186, lon: 75.8553, speedKph: 20, ignition: true }, serial),
      );
      expect(toHex(await device.read(10))).toBe(toHex(gt06Ack(LOCATION, serial)));
    };
    const now = Math.floor(Date.now() / 1000) * 1000;
    await send(new Date(now - 60_000), 2);

    const res = await t.call('ADMIN', 'PUT', `/v1/vehicle/device/${next}/${tracked.deviceId}`);
    expect(res.statusCode).toBe(200);
    await send(new Date(now + 5_000), 3);

    const stored = await rows<{ vehicle_id: string }>(
      t.db,
      sql`select vehicle_id::text from positions where device_id = ${tracked.deviceId} order by fixed_at`,
    );
    expect(stored.map((r) => r.vehicle_id)).toEqual([String(tracked.vehicleId), String(next)]);
    device.socket.end();
    await device.closed;
  });

  it('treats a temporary device past its expiry as unknown', async () => {
    const indore = await organisationId(t.db, INDORE);
    const live = await seedTrackedVehicle(t.db, {
      imei: '359710049095902',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09RL0003',
    });
    const expired = await seedTrackedVehicle(t.db, {
      imei: '359710049095903',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09RL0004',
    });
    await t.db.execute(
      sql`update devices set expires_at = now() + interval '1 hour' where id = ${live.deviceId}`,
    );
    await t.db.execute(
      sql`update devices set expires_at = now() - interval '1 minute' where id = ${expired.deviceId}`,
    );
    const answered = async (imei: string) => {
      const device = await TcpDevice.connect(gateway.ports.gt06 ?? 0);
      await device.write(gt06Login(imei, 1));
      const reply = await device.read(10, 1500).catch(() => null);
      device.socket.destroy();
      return reply !== null;
    };
    expect(await answered(live.imei)).toBe(true);
    expect(await answered(expired.imei)).toBe(false);
  });
});
