/**
 * /v1/vehicle-allocation (with driver changes), /v1/attendance (board, summary, mark), /v1/driver-performance and the
 * attendance worker job on a real database: permissions, validation and another organisation's data.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AttendanceBoard,
  AttendanceRow,
  AttendanceSummaryRow,
  DriverChange,
  DriverPerformanceRow,
  ListPage,
  Staff,
  VehicleAllocation,
} from '@civicfleet/shared';
import { inArray } from 'drizzle-orm';
import { dailyVehicleStats, driverTagReads, events, staff, stateIntervals } from '../../db/schema/index.ts';
import {
  BHOPAL,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  type TrackedVehicle,
} from '../../gateway/testing/fleet.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { setCustomRoleScopes } from '../geofence/scoped-role.testing.ts';
import { attendanceJob } from './attendance-job.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';
/** 2026-11-20 12:00 IST (afternoon shift starts at 13:00). */
let now = new Date('2026-11-20T06:30:00Z');
const ist = (local: string) => new Date(`${local}+05:30`);
type Body<T> = { success: boolean; message: string; data: T; errors?: Record<string, string> };

describe('/v1/vehicle-allocation and /v1/attendance', () => {
  const t = useTestApp({ clock: () => now });
  let truck: TrackedVehicle;
  let spare: TrackedVehicle;
  let bhopalTruck: TrackedVehicle;
  let driverA: Staff;
  let driverB: Staff;
  let helper: Staff;
  let bhopalDriver: Staff;

  // The test moves the clock past the access-token lifetime: sign in again at each new clock reading.
  const tokens = new Map<string, string>();
  const call = async <T>(
    who: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
  ) => {
    const key = `${who}@${now.getTime()}`;
    let token = tokens.get(key);
    if (!token) {
      token = (await t.signIn(who)).token.access.token;
      tokens.set(key, token);
    }
    const res = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: res.statusCode, body: res.json() as Body<T> };
  };
  const addStaff = async (who: string, name: string, role: string, tagId: string | null) => {
    const res = await call<Staff>(who, 'POST', '/v1/staff', { name, role, tagId, licenceNo: 'DL1' });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data;
  };
  const allocate = (who: string, vehicleId: bigint, staffId: string, shift = 'morning', day = '2026-11-20') =>
    call<VehicleAllocation>(who, 'POST', '/v1/vehicle-allocation', {
      vehicleId: String(vehicleId),
      staffId,
      day,
      shift,
    });

  beforeAll(async () => {
    const indore = await organisationId(t.db, INDORE);
    const bhopal = await organisationId(t.db, BHOPAL);
    truck = await seedTrackedVehicle(t.db, {
      imei: '864000000007001',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09PA0001',
    });
    spare = await seedTrackedVehicle(t.db, {
      imei: '864000000007002',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09PA0002',
    });
    bhopalTruck = await seedTrackedVehicle(t.db, {
      imei: '864000000007003',
      protocol: 'gt06',
      organisationId: bhopal,
      registrationNumber: 'MP04PA0001',
    });
    driverA = await addStaff('ADMIN', 'Anil Driver', 'driver', 'A1A1A1A1');
    driverB = await addStaff('ADMIN', 'Bharat Driver', 'driver', 'B2B2B2B2');
    helper = await addStaff('ADMIN', 'Chetan Helper', 'helper', null);
    bhopalDriver = await addStaff(BHOPAL_ADMIN, 'Bhopal Driver', 'driver', 'A1A1A1A1');
    await setCustomRoleScopes(t.db, { 'vehicle-allocation': {}, attendance: {} });
  });

  it('allocates staff, ends the previous driver on a driver change, and lists the change', async () => {
    const first = await allocate('ADMIN', truck.vehicleId, driverA.id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({
      vehicle: { registrationNumber: 'MP09PA0001' },
      staff: { id: driverA.id, role: 'driver' },
      shift: 'morning',
      source: 'supervisor',
      // Allocated at 12:00 inside the morning shift: starts now.
      startedAt: '2026-11-20T06:30:00.000Z',
      endedAt: null,
      createdBy: { name: 'Rakesh Verma' },
    });
    const withHelper = await allocate('ADMIN', truck.vehicleId, helper.id);
    expect(withHelper.status).toBe(200);
    const duplicate = await allocate('ADMIN', truck.vehicleId, helper.id);
    expect(duplicate.status).toBe(409);

    now = new Date('2026-11-20T07:00:00Z');
    const change = await allocate('ADMIN', truck.vehicleId, driverB.id);
    expect(change.status).toBe(200);
    const previous = await call<VehicleAllocation>(
      'ADMIN',
      'GET',
      `/v1/vehicle-allocation/${first.body.data.id}`,
    );
    expect(previous.body.data).toMatchObject({ endedAt: '2026-11-20T07:00:00.000Z', endReason: 'replaced' });
    // The helper stays on the vehicle.
    const open = await call<ListPage<VehicleAllocation>>(
      'ADMIN',
      'GET',
      `/v1/vehicle-allocation?day=2026-11-20&vehicleId=${truck.vehicleId}&open=true`,
    );
    expect(open.body.data.items.map((a) => a.staff.name).sort()).toEqual(['Bharat Driver', 'Chetan Helper']);

    const changes = await call<DriverChange[]>(
      'ADMIN',
      'GET',
      '/v1/vehicle-allocation/driver-changes?from=2026-11-20&to=2026-11-20',
    );
    expect(changes.body.data).toEqual([
      {
        vehicle: { id: String(truck.vehicleId), registrationNumber: 'MP09PA0001' },
        fromDriver: { id: driverA.id, name: 'Anil Driver' },
        toDriver: { id: driverB.id, name: 'Bharat Driver' },
        at: '2026-11-20T07:00:00.000Z',
        source: 'supervisor',
      },
    ]);
    const ended = await call<VehicleAllocation>(
      'ADMIN',
      'PUT',
      `/v1/vehicle-allocation/${withHelper.body.data.id}/end`,
      { reason: 'shift-end' },
    );
    expect(ended.body.data).toMatchObject({ endReason: 'shift-end', endedAt: '2026-11-20T07:00:00.000Z' });
    const again = await call('ADMIN', 'PUT', `/v1/vehicle-allocation/${withHelper.body.data.id}/end`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This allocation has already ended');
  });

  it('explains bad allocations and hides them from other organisations', async () => {
    const bad = await call('ADMIN', 'POST', '/v1/vehicle-allocation', {
      vehicleId: String(truck.vehicleId),
      staffId: driverA.id,
      day: '2026-11-31',
      shift: 'evening',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      day: 'Days are yyyy-MM-dd',
      shift: 'The shift must be morning, afternoon or night',
    });
    const foreignVehicle = await allocate('ADMIN', bhopalTruck.vehicleId, driverA.id);
    expect(foreignVehicle.body.errors?.vehicleId).toBe('Choose a vehicle of your organisation');
    const foreignStaff = await allocate('ADMIN', truck.vehicleId, bhopalDriver.id);
    expect(foreignStaff.body.errors?.staffId).toBe('Staff member not found.');
    const range = await call(
      'ADMIN',
      'GET',
      '/v1/vehicle-allocation/driver-changes?from=2026-11-20&to=2026-11-01',
    );
    expect(range.body.errors?.to).toBe('The end day cannot be before the start day');

    const list = await call<ListPage<VehicleAllocation>>(
      BHOPAL_ADMIN,
      'GET',
      '/v1/vehicle-allocation?day=2026-11-20',
    );
    expect(list.body.data.total).toBe(0);
    const indore = await call<ListPage<VehicleAllocation>>(
      'ADMIN',
      'GET',
      '/v1/vehicle-allocation?day=2026-11-20',
    );
    const someId = indore.body.data.items[0]?.id;
    expect((await call(BHOPAL_ADMIN, 'GET', `/v1/vehicle-allocation/${someId}`)).status).toBe(404);
    expect((await call(BHOPAL_ADMIN, 'PUT', `/v1/vehicle-allocation/${someId}/end`, {})).status).toBe(404);
    const changes = await call<DriverChange[]>(
      BHOPAL_ADMIN,
      'GET',
      '/v1/vehicle-allocation/driver-changes?from=2026-11-20&to=2026-11-20',
    );
    expect(changes.body.data).toEqual([]);
  });

  it('shows the day board and lets a supervisor mark with a reason', async () => {
    const absent = await call<AttendanceRow>('ADMIN', 'PUT', '/v1/attendance', {
      staffId: helper.id,
      day: '2026-11-20',
      status: 'ABSENT',
      reason: 'Sick leave',
    });
    expect(absent.status, JSON.stringify(absent.body)).toBe(200);
    expect(absent.body.data).toMatchObject({
      status: 'ABSENT',
      source: 'supervisor',
      reason: 'Sick leave',
      markedBy: { name: 'Rakesh Verma' },
    });
    const noReason = await call('ADMIN', 'PUT', '/v1/attendance', {
      staffId: helper.id,
      day: '2026-11-20',
      status: 'ABSENT',
    });
    expect(noReason.body.errors?.reason).toBe('A reason is required to mark someone absent');
    const future = await call('ADMIN', 'PUT', '/v1/attendance', {
      staffId: helper.id,
      day: '2026-11-21',
      status: 'PRESENT',
    });
    expect(future.body.errors?.day).toBe('Attendance cannot be marked for a day that has not started');
    const foreign = await call('ADMIN', 'PUT', '/v1/attendance', {
      staffId: bhopalDriver.id,
      day: '2026-11-20',
      status: 'PRESENT',
    });
    expect(foreign.status).toBe(400);

    const board = await call<AttendanceBoard>('ADMIN', 'GET', '/v1/attendance?day=2026-11-20&pageSize=100');
    expect(board.status).toBe(200);
    const mine = board.body.data.items.filter((r) =>
      [driverA.id, driverB.id, helper.id].includes(r.staff.id),
    );
    expect(mine.map((r) => [r.staff.name, r.status, r.source])).toEqual([
      ['Anil Driver', null, null],
      ['Bharat Driver', null, null],
      ['Chetan Helper', 'ABSENT', 'supervisor'],
    ]);
    expect(board.body.data.counts.absent).toBeGreaterThanOrEqual(1);
    const absentOnly = await call<AttendanceBoard>(
      'ADMIN',
      'GET',
      '/v1/attendance?day=2026-11-20&status=ABSENT',
    );
    expect(absentOnly.body.data.items.every((r) => r.status === 'ABSENT')).toBe(true);
    const bhopal = await call<AttendanceBoard>(
      BHOPAL_ADMIN,
      'GET',
      '/v1/attendance?day=2026-11-20&pageSize=100',
    );
    expect(bhopal.body.data.items.map((r) => r.staff.name)).toEqual(['Bhopal Driver']);
    expect((await call('LIMITED_USER', 'GET', '/v1/attendance')).status).toBe(403);
    expect((await call('CUSTOM', 'GET', '/v1/attendance')).status).toBe(200);
    expect(
      (
        await call('CUSTOM', 'PUT', '/v1/attendance', {
          staffId: helper.id,
          day: '2026-11-20',
          status: 'PRESENT',
        })
      ).status,
    ).toBe(403);
    expect((await call('CUSTOM', 'POST', '/v1/vehicle-allocation', {})).status).toBe(403);
    expect((await call('CUSTOM', 'PUT', '/v1/vehicle-allocation/1/end', {})).status).toBe(403);
    expect((await call('CUSTOM', 'GET', '/v1/vehicle-allocation?day=2026-11-20')).status).toBe(200);
    expect((await call('LIMITED_USER', 'GET', '/v1/vehicle-allocation')).status).toBe(403);
    expect(
      (
        await call(
          'LIMITED_USER',
          'GET',
          '/v1/vehicle-allocation/driver-changes?from=2026-11-20&to=2026-11-20',
        )
      ).status,
    ).toBe(403);
    const status = await call('ADMIN', 'GET', '/v1/attendance?status=LATE');
    expect(status.body.errors?.status).toBe('The status must be PRESENT, ABSENT or NOT_MARKED');
  });

  it('derives driver-id allocations, PRESENT marks from reads and ignition, and closes the day', async () => {
    // 12:40 IST: driver A's card is read on the spare truck; an unknown card on the main truck; a Bhopal-only tag
    // is not matched on an Indore vehicle (driver A holds the same tag in Indore, and wins).
    await t.db.insert(driverTagReads).values([
      {
        deviceId: spare.deviceId,
        vehicleId: spare.vehicleId,
        organisationId: await organisationId(t.db, INDORE),
        tag: 'a1a1a1a1',
        readAt: ist('2026-11-20T12:40:00'),
      },
      {
        deviceId: truck.deviceId,
        vehicleId: truck.vehicleId,
        organisationId: await organisationId(t.db, INDORE),
        tag: 'FFFF0000',
        readAt: ist('2026-11-20T12:41:00'),
      },
    ]);
    // The main truck ran 05:30–12:45 IST; driver B has been on it since 12:30 (driver A before, helper until 12:30).
    await t.db.insert(dailyVehicleStats).values({
      deviceId: truck.deviceId,
      day: '2026-11-20',
      vehicleId: truck.vehicleId,
      organisationId: await organisationId(t.db, INDORE),
      firstIgnitionAt: ist('2026-11-20T05:30:00'),
      lastIgnitionAt: ist('2026-11-20T12:45:00'),
    });
    now = new Date('2026-11-20T07:20:00Z');
    const summary = await attendanceJob(t.db, () => now).run();
    expect(summary).toMatch(/^2 driver-id reads \(1 matched\)/);

    const board = await call<AttendanceBoard>('ADMIN', 'GET', '/v1/attendance?day=2026-11-20&pageSize=100');
    const row = (id: string) => board.body.data.items.find((r) => r.staff.id === id);
    expect(row(driverA.id)).toMatchObject({
      status: 'PRESENT',
      source: 'driver-id',
      vehicle: { registrationNumber: 'MP09PA0002' },
      dutyStartAt: '2026-11-20T07:10:00.000Z',
    });
    expect(row(driverB.id)).toMatchObject({
      status: 'PRESENT',
      source: 'duty',
      vehicle: { registrationNumber: 'MP09PA0001' },
      dutyStartAt: '2026-11-20T00:00:00.000Z',
      dutyEndAt: '2026-11-20T07:15:00.000Z',
    });
    // The supervisor's ABSENT stays.
    expect(row(helper.id)).toMatchObject({ status: 'ABSENT', source: 'supervisor' });
    const allocations = await call<ListPage<VehicleAllocation>>(
      'ADMIN',
      'GET',
      `/v1/vehicle-allocation?vehicleId=${spare.vehicleId}`,
    );
    expect(allocations.body.data.items).toMatchObject([
      { staff: { id: driverA.id }, source: 'driver-id', shift: 'morning', createdBy: null, endedAt: null },
    ]);
    // Running again changes nothing.
    expect(await attendanceJob(t.db, () => now).run()).toMatch(/^0 driver-id reads/);

    // The next day, 00:30 IST: the 20th is closed; someone unmarked there is ABSENT (day-close).
    now = new Date('2026-11-20T19:00:00Z');
    const ours = [driverA.id, driverB.id, helper.id, bhopalDriver.id].map(BigInt);
    // The people above existed on the 20th (the database's clock is the real one).
    await t.db
      .update(staff)
      .set({ createdAt: ist('2026-11-01T10:00:00') })
      .where(inArray(staff.id, ours));
    const lateStaff = await addStaff('ADMIN', 'Created later', 'sweeper', null);
    await attendanceJob(t.db, () => now).run();
    const closed = await call<AttendanceBoard>('ADMIN', 'GET', '/v1/attendance?day=2026-11-20&pageSize=100');
    const closedRow = (id: string) => closed.body.data.items.find((r) => r.staff.id === id);
    expect(closedRow(driverA.id)).toMatchObject({ status: 'PRESENT', source: 'driver-id' });
    expect(closedRow(helper.id)).toMatchObject({ status: 'ABSENT', source: 'supervisor' });
    expect(closedRow(lateStaff.id)).toMatchObject({ status: null });
    const bhopalClosed = await call<AttendanceBoard>(BHOPAL_ADMIN, 'GET', '/v1/attendance?day=2026-11-20');
    expect(bhopalClosed.body.data.items.find((r) => r.staff.id === bhopalDriver.id)).toMatchObject({
      status: 'ABSENT',
      source: 'day-close',
    });
    // Yesterday's 23:40 read of the Bhopal driver's card arrives at 00:35 (a tracker out of coverage uploads its
    // history): the presence replaces the automatic ABSENT of the day close. A supervisor's ABSENT stays.
    await t.db.insert(driverTagReads).values({
      deviceId: spare.deviceId,
      vehicleId: null,
      organisationId: await organisationId(t.db, BHOPAL),
      tag: 'a1a1a1a1',
      readAt: ist('2026-11-20T23:40:00'),
    });
    now = new Date('2026-11-20T19:05:00Z');
    expect(await attendanceJob(t.db, () => now).run()).toMatch(/^1 driver-id reads \(1 matched\)/);
    const late = await call<AttendanceBoard>(BHOPAL_ADMIN, 'GET', '/v1/attendance?day=2026-11-20');
    expect(late.body.data.items.find((r) => r.staff.id === bhopalDriver.id)).toMatchObject({
      status: 'PRESENT',
      source: 'driver-id',
      dutyStartAt: ist('2026-11-20T23:40:00').toISOString(),
      reason: null,
    });
    const bhopalSummary = await call<AttendanceSummaryRow[]>(
      BHOPAL_ADMIN,
      'GET',
      '/v1/attendance/summary?from=2026-11-20&to=2026-11-20',
    );
    expect(bhopalSummary.body.data).toEqual([
      { day: '2026-11-20', key: null, label: 'No ward', present: 1, absent: 0 },
    ]);

    const summaryRows = await call<AttendanceSummaryRow[]>(
      'ADMIN',
      'GET',
      '/v1/attendance/summary?from=2026-11-20&to=2026-11-20&groupBy=circle',
    );
    expect(summaryRows.status).toBe(200);
    expect(summaryRows.body.data.reduce((n, r) => n + r.present, 0)).toBe(2);
    expect(summaryRows.body.data.every((r) => r.day === '2026-11-20')).toBe(true);
    const long = await call('ADMIN', 'GET', '/v1/attendance/summary?from=2026-01-01&to=2026-11-20');
    expect(long.body.errors?.to).toBe('A range spans at most 62 days');
  });

  it('reports driver performance from the allocated vehicle’s intervals and events', async () => {
    const indore = await organisationId(t.db, INDORE);
    await t.db.insert(stateIntervals).values([
      {
        deviceId: truck.deviceId,
        vehicleId: truck.vehicleId,
        organisationId: indore,
        kind: 'moving',
        startedAt: ist('2026-11-20T12:30:00'),
        endedAt: ist('2026-11-20T12:45:00'),
        distanceM: 5_000,
      },
    ]);
    await t.db.insert(events).values({
      deviceId: truck.deviceId,
      vehicleId: truck.vehicleId,
      organisationId: indore,
      type: 'harshBraking',
      startedAt: ist('2026-11-20T12:35:00'),
      endedAt: ist('2026-11-20T12:35:00'),
      lastAt: ist('2026-11-20T12:35:00'),
    });
    const res = await call<DriverPerformanceRow[]>(
      'ADMIN',
      'GET',
      '/v1/driver-performance?from=2026-11-20&to=2026-11-20',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.find((r) => r.staffId === driverB.id)).toMatchObject({
      distanceKm: 5,
      harshEvents: 1,
      harshPer100Km: 20,
      vehicles: ['MP09PA0001'],
    });
    const bhopal = await call<DriverPerformanceRow[]>(
      BHOPAL_ADMIN,
      'GET',
      '/v1/driver-performance?from=2026-11-20&to=2026-11-20',
    );
    expect(bhopal.body.data).toEqual([]);
    expect(
      (await call('LIMITED_USER', 'GET', '/v1/driver-performance?from=2026-11-20&to=2026-11-20')).status,
    ).toBe(403);
    const bad = await call('ADMIN', 'GET', '/v1/driver-performance?from=2026-11-20');
    expect(bad.status).toBe(400);
  });
});
