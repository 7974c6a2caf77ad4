/** Demo SIM activation orders: Malwa Auto's devices get one order per demo status; DONE wrote the SIMs. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import { organisationId } from '../../gateway/testing/fleet.ts';
import { createDevice } from '../../modules/device/device.repository.ts';
import { devices, simActivationOrders } from '../schema/index.ts';
import { seedDemoSimOrders } from './demo-sim-orders.ts';

describe('demo SIM activation orders', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
    // Start from no orders, whatever the template's business seed left.
    await t.db.execute(sql`delete from sim_activation_orders`);
    const vendor = await organisationId(t.db, 'Malwa Auto Electricals');
    for (let i = 0; i < 5; i++)
      await createDevice(t.db, { imei: `35693803564390${i}`, organisationId: vendor });
  });
  afterAll(async () => t?.close());

  it("seeds the vendor's orders in each status, addressed to the manufacturer", async () => {
    expect(await seedDemoSimOrders(t.db, new Date('2026-03-10T06:30:00Z'))).toBe(5);
    const rows = await t.db.select().from(simActivationOrders);
    expect(rows.map((r) => r.status).sort()).toEqual([
      'APPROVED',
      'DONE',
      'INITIATED',
      'INITIATED',
      'REJECTED',
    ]);
    const vendor = await organisationId(t.db, 'Malwa Auto Electricals');
    const manufacturer = await organisationId(t.db, 'Narmada Telematics Pvt Ltd');
    expect(
      rows.every((r) => r.organisationId === vendor && r.manufacturerOrganisationId === manufacturer),
    ).toBe(true);
    expect(new Set(rows.map((r) => r.deviceId)).size).toBe(5);
    expect(rows.every((r) => r.numbers.every((n) => /^\+91\d{10}$/.test(n)))).toBe(true);
    const done = rows.find((r) => r.status === 'DONE');
    expect(done).toMatchObject({ isSimActivated: true, simDetails: { eSimProvider: 'TAISYS' } });
    expect(done?.simActivationApprovedByUserId).not.toBeNull();
    const [device] = await t.db
      .select({ sim1: devices.sim1, sim2: devices.sim2, esimProvider: devices.esimProvider })
      .from(devices)
      .where(eq(devices.id, done?.deviceId ?? 0n));
    expect(device).toEqual({ sim1: '5754210000101', sim2: '5754210000102', esimProvider: 'TAISYS' });
  });
});
