/**
 * Inject tests of each activity report's route: the spec's empty-filter message, 403 without the report's module
 * (a role holding only another report), the report's own filters, and another organisation invisible (404 for its
 * organisation or vehicle; its rows never appear). Rows come from daily_vehicle_stats written directly here; the
 * pipeline-fed values are in activity.golden.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_REPORTS, type ReportRun } from '@civicfleet/shared';
import { dailyVehicleStats } from '../../../db/schema/index.ts';
import { BHOPAL, INDORE, organisationId, seedTrackedVehicle } from '../../../gateway/testing/fleet.ts';
import { useTestApp } from '../../../../test/helpers.ts';
import { setCustomRoleScopes } from '../../geofence/scoped-role.testing.ts';

const RANGE = { from: '2026-10-01T00:00:00+05:30', to: '2026-10-02T23:59:59.999+05:30' };
const IDS = Object.keys(ACTIVITY_REPORTS);

describe('activity report routes', () => {
  const t = useTestApp();
  let indore: bigint;
  let bhopal: bigint;
  let mine: Awaited<ReturnType<typeof seedTrackedVehicle>>;
  let theirs: Awaited<ReturnType<typeof seedTrackedVehicle>>;

  beforeAll(async () => {
    indore = await organisationId(t.db, INDORE);
    bhopal = await organisationId(t.db, BHOPAL);
    mine = await seedTrackedVehicle(t.db, {
      imei: '861000000000801',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09AR0001',
    });
    theirs = await seedTrackedVehicle(t.db, {
      imei: '861000000000802',
      protocol: 'gt06',
      organisationId: bhopal,
      registrationNumber: 'MP04AR0002',
    });
    const stat = (v: typeof mine, org: bigint, day: string, distanceM: number, fuelUsedL: number | null) => ({
      deviceId: v.deviceId,
      vehicleId: v.vehicleId,
      organisationId: org,
      day,
      distanceM,
      runS: 3600,
      idleS: 600,
      stopS: 1200,
      trips: 2,
      fuelUsedL,
    });
    await t.db
      .insert(dailyVehicleStats)
      .values([
        stat(mine, indore, '2026-10-01', 30_000, 6),
        stat(mine, indore, '2026-10-02', 20_000, 4),
        stat(theirs, bhopal, '2026-10-01', 5000, null),
      ]);
  });

  const url = (id: string) => `/v1/report/${id}/run`;

  it.each(IDS)('%s: empty filter → the spec message; no module → 403', async (id) => {
    const empty = await t.call('ADMIN', 'POST', url(id), {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ success: false, message: 'Atlest one filter is required' });
    const other = IDS.find((x) => x !== id) ?? id;
    await setCustomRoleScopes(t.db, { [`report-${other}`]: true });
    const denied = await t.call('CUSTOM', 'POST', url(id), RANGE);
    expect(denied.statusCode).toBe(403);
    await setCustomRoleScopes(t.db, { [`report-${id}`]: true });
    expect((await t.call('CUSTOM', 'POST', url(id), RANGE)).statusCode).not.toBe(403);
  });

  it.each(IDS)('%s: another organisation is invisible', async (id) => {
    const res = await t.call('ADMIN', 'POST', url(id), { ...RANGE, month: '2026-10' });
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json().data as ReportRun;
    expect(run.rows.some((r) => r.regNo === 'MP09AR0001')).toBe(true);
    expect(run.rows.some((r) => r.regNo === 'MP04AR0002')).toBe(false);
    const vehicle = await t.call('ADMIN', 'POST', url(id), { ...RANGE, vehicleId: String(theirs.vehicleId) });
    expect(vehicle.statusCode).toBe(404);
    const organisation = await t.call('ADMIN', 'POST', url(id), { ...RANGE, organisationId: String(bhopal) });
    expect(organisation.statusCode).toBe(404);
  });

  it('fuel-consumption: sensor litres when every day has a figure', async () => {
    const res = await t.call('ADMIN', 'POST', url('fuel-consumption'), {
      ...RANGE,
      vehicleId: String(mine.vehicleId),
    });
    const run = res.json().data as ReportRun;
    expect(run.rows).toEqual([
      expect.objectContaining({
        regNo: 'MP09AR0001',
        distance: 50_000,
        fuelUsed: 10,
        kmpl: 5,
        source: 'Sensor',
      }),
    ]);
    // Over a range where one day has no figure the whole range is estimated (50 km ÷ 4 km/l).
    await t.db.insert(dailyVehicleStats).values({
      deviceId: mine.deviceId,
      vehicleId: mine.vehicleId,
      organisationId: indore,
      day: '2026-10-03',
      distanceM: 10_000,
    });
    const mixed = await t.call('ADMIN', 'POST', url('fuel-consumption'), {
      from: RANGE.from,
      to: '2026-10-03T23:59:59.999+05:30',
      vehicleId: String(mine.vehicleId),
    });
    expect((mixed.json().data as ReportRun).rows[0]).toMatchObject({ fuelUsed: 15, source: 'Estimated' });
  });

  it('monthly-summary: refuses a malformed month; defaults to the month of the range end', async () => {
    const bad = await t.call('ADMIN', 'POST', url('monthly-summary'), { month: '2026-13' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose a month (yyyy-MM)');
    const byRange = await t.call('ADMIN', 'POST', url('monthly-summary'), {
      vehicleId: String(mine.vehicleId),
      to: RANGE.to,
    });
    expect(byRange.statusCode, byRange.body).toBe(200);
    const run = byRange.json().data as ReportRun;
    expect(run.meta).toMatchObject({ month: '2026-10', days: 31 });
    expect(run.rows[0]).toMatchObject({ d01: 30_000, d02: 20_000, total: 60_000 });
  });

  it('vehicle-categorization: refuses an unknown band; a band keeps only its rows', async () => {
    const bad = await t.call('ADMIN', 'POST', url('vehicle-categorization'), { ...RANGE, band: 'busy' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose a band: active, under-used, idle or offline');
    const active = await t.call('ADMIN', 'POST', url('vehicle-categorization'), {
      ...RANGE,
      organisationId: String(indore),
      band: 'active',
    });
    const run = active.json().data as ReportRun;
    // 50 km over 2 days = 25 km a day ≥ 20 km.
    expect(run.rows.map((r) => r.regNo)).toContain('MP09AR0001');
    expect(run.rows.every((r) => r.bandKey === 'active')).toBe(true);
  });

  it('daily reports: from after to is refused', async () => {
    const res = await t.call('ADMIN', 'POST', url('daily-run-summary'), { from: RANGE.to, to: RANGE.from });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('From Time must be before To Time');
  });
});
