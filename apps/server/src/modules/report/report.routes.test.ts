/**
 * /v1/report/<id>/run: the filter rules every report shares (at least one filter, from ≤ to, wards inside the chosen
 * zones, invisible organisation / vehicle → 404), the streamed answer, and 403 without the report's module.
 */
import { describe, expect, it } from 'vitest';
import type { ReportRun } from '@civicfleet/shared';
import { adminDivisions, dailyVehicleStats, vehicles } from '../../db/schema/index.ts';
import { BHOPAL, INDORE, organisationId, seedTrackedVehicle } from '../../gateway/testing/fleet.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { eq } from 'drizzle-orm';

const URL = '/v1/report/cumulative-distance-report/run';
const RANGE = { from: '2026-11-01T00:00:00+05:30', to: '2026-11-02T23:59:59.999+05:30' };

describe('report run', () => {
  const t = useTestApp();

  it('refuses an empty filter with the spec message', async () => {
    const res = await t.call('SUPER_ADMIN', 'POST', URL, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'Atlest one filter is required' });
  });

  it('refuses from after to', async () => {
    const res = await t.call('SUPER_ADMIN', 'POST', URL, { from: RANGE.to, to: RANGE.from });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('From Time must be before To Time');
  });

  it('sums the daily rollups per vehicle, streamed, and hides other organisations', async () => {
    const indore = await organisationId(t.db, INDORE);
    const bhopal = await organisationId(t.db, BHOPAL);
    const mine = await seedTrackedVehicle(t.db, {
      imei: '861000000000901',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09RT0001',
    });
    const theirs = await seedTrackedVehicle(t.db, {
      imei: '861000000000902',
      protocol: 'gt06',
      organisationId: bhopal,
      registrationNumber: 'MP04RT0002',
    });
    await t.db.update(vehicles).set({ model: 'Tata Ace' }).where(eq(vehicles.id, mine.vehicleId));
    const stat = (v: typeof mine, org: bigint, day: string, distanceM: number, runS: number) => ({
      deviceId: v.deviceId,
      vehicleId: v.vehicleId,
      organisationId: org,
      day,
      distanceM,
      runS,
    });
    await t.db
      .insert(dailyVehicleStats)
      .values([
        stat(mine, indore, '2026-11-01', 12_345, 1800),
        stat(mine, indore, '2026-11-02', 10_000, 1800),
        stat(mine, indore, '2026-11-03', 99_000, 1800),
        stat(theirs, bhopal, '2026-11-01', 5000, 600),
      ]);
    const res = await t.call('ADMIN', 'POST', URL, { ...RANGE, organisationId: String(indore) });
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json().data as ReportRun;
    const row = run.rows.find((r) => r.regNo === 'MP09RT0001');
    expect(row).toMatchObject({ sr: 1, model: 'Tata Ace', distance: 22_345, fuelConsumed: null });
    expect(row?.averageSpeed).toBeCloseTo(22.345, 3);
    expect(run.rows.some((r) => r.regNo === 'MP04RT0002')).toBe(false);
    expect(run.columns).not.toContain('day');

    const daily = await t.call('SUPER_ADMIN', 'POST', URL, {
      ...RANGE,
      vehicleId: String(mine.vehicleId),
      dayBreakdown: true,
    });
    expect((daily.json().data as ReportRun).rows.map((r) => [r.day, r.distance])).toEqual([
      ['2026-11-01', 12_345],
      ['2026-11-02', 10_000],
    ]);
    const hidden = await t.call('ADMIN', 'POST', URL, { ...RANGE, vehicleId: String(theirs.vehicleId) });
    expect(hidden.statusCode).toBe(404);
    const otherOrg = await t.call('ADMIN', 'POST', URL, { ...RANGE, organisationId: String(bhopal) });
    expect(otherOrg.statusCode).toBe(404);
  });

  it('filters by zone and ward, and refuses a ward outside the chosen zones', async () => {
    const indore = await organisationId(t.db, INDORE);
    const divisions = await t.db
      .select()
      .from(adminDivisions)
      .where(eq(adminDivisions.organisationId, indore));
    const ward = divisions.find((d) => d.type === 'WARD' && d.parentId !== null);
    const circle = divisions.find((d) => d.id === ward?.parentId);
    const zone = divisions.find((d) => d.id === circle?.parentId);
    const otherZone = divisions.find((d) => d.type === 'ZONE' && d.id !== zone?.id);
    if (!ward || !zone || !otherZone) throw new Error('the demo divisions have zones and wards');
    const v = await seedTrackedVehicle(t.db, {
      imei: '861000000000903',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09RT0003',
    });
    await t.db
      .update(vehicles)
      .set({ zoneId: zone.id, circleId: ward.parentId, wardId: ward.id })
      .where(eq(vehicles.id, v.vehicleId));
    await t.db.insert(dailyVehicleStats).values({
      deviceId: v.deviceId,
      vehicleId: v.vehicleId,
      organisationId: indore,
      day: '2026-11-01',
      distanceM: 4200,
      runS: 600,
    });
    const res = await t.call('ADMIN', 'POST', URL, {
      ...RANGE,
      zoneIds: [String(zone.id)],
      wardIds: [String(ward.id)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json().data as ReportRun;
    expect(run.rows.map((r) => r.regNo)).toEqual(['MP09RT0003']);
    expect(run.rows[0]).toMatchObject({ zone: zone.name, ward: ward.name, distance: 4200 });

    const outside = await t.call('ADMIN', 'POST', URL, {
      ...RANGE,
      zoneIds: [String(otherZone.id)],
      wardIds: [String(ward.id)],
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe('Choose wards inside the chosen zones');
  });

  it('streams the whole answer over a real socket', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const res = await fetch(`${address}${URL}`, {
        method: 'POST',
        headers: { ...(await t.auth('SUPER_ADMIN')), 'content-type': 'application/json' },
        body: JSON.stringify(RANGE),
      });
      expect(res.status).toBe(200);
      const run = ((await res.json()) as { data: ReportRun }).data;
      expect(run.rows.length).toBeGreaterThan(0);
      expect(run.total).toBe(run.rows.length);
    } finally {
      await t.app.server.close();
    }
  });
});
