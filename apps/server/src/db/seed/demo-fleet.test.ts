/** The demo seed on an empty database registers the demo fleet: 50 Indore vehicles with linked INSTALLED trackers. */
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmptyDatabase, type TestDatabase } from '../../../test/helpers.ts';
import { INDORE, organisationId } from '../../gateway/testing/fleet.ts';
import { adminDivisions, devices, users, vehicleDeviceLinks, vehicles } from '../schema/index.ts';
import { DEMO_FLEET_SIZE, registeredDemoFleet } from './demo-fleet.ts';
import { prepareDatabase } from './index.ts';

describe('demo fleet seed', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openEmptyDatabase();
    expect(await prepareDatabase(t.database, { demo: true })).toEqual({ seededDemo: true });
  }, 60_000);
  afterAll(async () => t?.close());

  it('registers 50 Indore vehicles, each with a linked INSTALLED tracker, placed on wards, owned by the limited user', async () => {
    expect(DEMO_FLEET_SIZE).toBe(50);
    const indore = await organisationId(t.db, INDORE);
    const fleet = await t.db
      .select({
        vehicle: vehicles,
        imei: devices.imei,
        status: devices.status,
        protocol: devices.protocol,
        deviceOrg: devices.organisationId,
        wardType: adminDivisions.type,
      })
      .from(vehicles)
      .innerJoin(
        vehicleDeviceLinks,
        and(eq(vehicleDeviceLinks.vehicleId, vehicles.id), isNull(vehicleDeviceLinks.unlinkedAt)),
      )
      .innerJoin(devices, eq(devices.id, vehicleDeviceLinks.deviceId))
      .leftJoin(adminDivisions, eq(adminDivisions.id, vehicles.wardId))
      .where(eq(vehicles.organisationId, indore));
    expect(fleet).toHaveLength(50);
    expect(new Set(fleet.map((r) => r.imei)).size).toBe(50);
    expect(fleet.every((r) => r.status === 'INSTALLED' && r.deviceOrg === indore)).toBe(true);
    expect(new Set(fleet.map((r) => r.protocol))).toEqual(new Set(['ais140', 'gt06', 'teltonika']));
    expect(fleet.every((r) => r.vehicle.isTrackingActivated)).toBe(true);
    expect(fleet.every((r) => r.wardType === 'WARD' && r.vehicle.zoneId !== null)).toBe(true);
    expect(new Set(fleet.map((r) => r.vehicle.type))).toEqual(
      new Set(['door-to-door', 'tipper', 'compactor']),
    );
    expect(new Set(fleet.map((r) => r.vehicle.wardId)).size).toBeGreaterThan(1);

    const [owner] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'limited_user@demo.civicfleet.in'));
    expect(owner).toBeDefined();
    expect(fleet.every((r) => r.vehicle.ownerUserId === owner?.id)).toBe(true);

    const [all] = await t.db.select({ n: count() }).from(vehicles);
    expect(all?.n).toBe(50); // nothing outside Indore
    const [installed] = await t.db
      .select({ n: count() })
      .from(devices)
      .where(and(eq(devices.status, 'INSTALLED'), isNotNull(devices.iccid)));
    expect(installed?.n).toBe(50);
  });

  it('lists the registered fleet for the simulator', async () => {
    expect(await registeredDemoFleet(t.db)).toHaveLength(50);
  });
});
