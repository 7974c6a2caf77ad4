/**
 * The simulator against the real gateway over TCP (127.0.0.1, ephemeral ports): three demo vehicles, one per
 * protocol, registered like the demo seed does, all store positions within seconds.
 */
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  crewTags,
  demoFleet,
  startSimulator,
  vehicleCrew,
  type SimulatorHandle,
} from '@civicfleet/simulator';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { driverTagReads, positions } from './db/schema/index.ts';
import { startGateway, type Gateway } from './gateway/gateway.ts';
import {
  eventually,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  testGatewayConfig,
  type TrackedVehicle,
} from './gateway/testing/fleet.ts';

describe('demo simulator → gateway', () => {
  let t: TestApp;
  let gateway: Gateway | undefined;
  let simulator: SimulatorHandle | undefined;
  const vehicles = demoFleet(3, 1);
  let tracked: TrackedVehicle[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const indore = await organisationId(t.db, INDORE);
    tracked = [];
    for (const v of vehicles) {
      tracked.push(
        await seedTrackedVehicle(t.db, {
          imei: v.imei,
          protocol: v.protocol,
          organisationId: indore,
          registrationNumber: v.registrationNumber,
        }),
      );
    }
    gateway = await startGateway({ database: t.database, bus: t.bus, config: testGatewayConfig() });
  });
  afterAll(async () => {
    await simulator?.stop();
    await gateway?.stop();
    await t?.close();
  });

  it('stores positions of all three protocols', async () => {
    expect(new Set(vehicles.map((v) => v.protocol))).toEqual(new Set(['ais140', 'gt06', 'teltonika']));
    if (!gateway) throw new Error('gateway not started');
    simulator = startSimulator({ vehicles, host: '127.0.0.1', ports: gateway.ports, intervalS: 10, seed: 1 });
    const ids = tracked.map((v) => v.deviceId);
    const seen = await eventually(async () => {
      const rows = await t.db
        .select({ deviceId: positions.deviceId, fixedAt: positions.fixedAt, vehicleId: positions.vehicleId })
        .from(positions)
        .where(inArray(positions.deviceId, ids));
      const devices = new Set(rows.map((r) => r.deviceId));
      return devices.size === ids.length ? rows : null;
    }, 20_000);
    const now = Date.now();
    for (const row of seen) {
      expect(row.vehicleId).not.toBeNull();
      expect(Math.abs(now - row.fixedAt.getTime())).toBeLessThan(3 * 3600_000);
    }
    expect(simulator.stats().connected).toBe(3);
  }, 30_000);

  it('stores the crews’ driver-id reads of all three protocols with the first reports', async () => {
    const ids = tracked.map((v) => v.deviceId);
    const reads = await eventually(async () => {
      const rows = await t.db
        .select({
          deviceId: driverTagReads.deviceId,
          tag: driverTagReads.tag,
          vehicleId: driverTagReads.vehicleId,
        })
        .from(driverTagReads)
        .where(inArray(driverTagReads.deviceId, ids));
      return new Set(rows.map((r) => r.deviceId)).size === ids.length ? rows : null;
    }, 20_000);
    vehicles.forEach((vehicle, index) => {
      const device = tracked[index];
      const tags = reads.filter((r) => r.deviceId === device?.deviceId);
      expect(tags[0]?.vehicleId).toBe(device?.vehicleId);
      expect(
        tags.every((r) => crewTags(vehicleCrew(index, vehicle.imei, vehicle.kind)).includes(r.tag)),
      ).toBe(true);
    });
  }, 30_000);
});
