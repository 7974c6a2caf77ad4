/** /v1/job: schedules with validation, jobs active on a date, permissions, organisation scope. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActiveJob, Job, Route } from '@civicfleet/shared';
import { BHOPAL, INDORE, organisationId } from '../../gateway/testing/fleet.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { setCustomRoleScopes } from '../geofence/scoped-role.testing.ts';
import { createVehicle } from '../vehicle/vehicle.repository.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';

describe('/v1/job', () => {
  const t = useTestApp();
  let truck: bigint;
  let bhopalTruck: bigint;
  let route: Route;
  const job = () => ({
    name: 'Ward 15 morning sweep',
    scheduleType: 'Recurring',
    recurrence: 'custom',
    daysOfWeek: [1, 3, 5],
    startDate: '2026-11-01',
    endDate: '2026-12-31',
    startTime: '06:00',
    endTime: '10:30',
    vehicleId: String(truck),
    routeId: route.id,
  });

  beforeAll(async () => {
    truck = await createVehicle(t.db, {
      organisationId: await organisationId(t.db, INDORE),
      registrationNumber: 'MP09JB0001',
    });
    bhopalTruck = await createVehicle(t.db, {
      organisationId: await organisationId(t.db, BHOPAL),
      registrationNumber: 'MP04JB0001',
    });
    route = (
      await t.call('ADMIN', 'POST', '/v1/route', {
        name: 'Ward 15 loop',
        path: {
          type: 'LineString',
          coordinates: [
            [75.85, 22.71],
            [75.86, 22.72],
          ],
        },
      })
    ).json<{ data: Route }>().data;
    await setCustomRoleScopes(t.db, { job: {} });
  });

  it('creates, reads, lists, edits and deletes a job', async () => {
    const res = await t.call('ADMIN', 'POST', '/v1/job', job());
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<{ data: Job }>().data;
    expect(created).toMatchObject({
      recurrence: 'custom',
      daysOfWeek: [1, 3, 5],
      vehicle: { id: String(truck), registrationNumber: 'MP09JB0001' },
      route: { id: route.id, name: 'Ward 15 loop' },
    });
    const list = await t.call('ADMIN', 'GET', `/v1/job?vehicleId=${truck}&search=sweep`);
    expect(list.json<{ data: { items: Job[] } }>().data.items.map((j) => j.id)).toEqual([created.id]);
    const edit = await t.call('ADMIN', 'PUT', `/v1/job/${created.id}`, {
      ...job(),
      scheduleType: 'One Time',
      recurrence: null,
      endDate: null,
      startDate: '2026-11-25',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json<{ data: Job }>().data).toMatchObject({
      recurrence: null,
      daysOfWeek: [],
      endDate: '2026-11-25',
    });
    expect((await t.call('ADMIN', 'DELETE', `/v1/job/${created.id}`)).statusCode).toBe(200);
    expect((await t.call('ADMIN', 'GET', `/v1/job/${created.id}`)).statusCode).toBe(404);
  });

  it('answers the jobs active on a date with their window (Asia/Kolkata)', async () => {
    const night = (
      await t.call('ADMIN', 'POST', '/v1/job', {
        ...job(),
        name: 'Night compactor',
        recurrence: 'daily',
        daysOfWeek: [],
        startTime: '22:00',
        endTime: '04:00',
      })
    ).json<{ data: Job }>().data;
    const custom = (await t.call('ADMIN', 'POST', '/v1/job', job())).json<{ data: Job }>().data;
    // 2026-11-23 is a Monday; 2026-11-24 a Tuesday.
    const monday = await t.call('ADMIN', 'GET', '/v1/job/active?date=2026-11-23');
    expect(monday.statusCode, monday.body).toBe(200);
    const active = monday.json<{ data: ActiveJob[] }>().data;
    expect(active.map((a) => a.job.id)).toEqual([custom.id, night.id]);
    expect(active[0]).toMatchObject({
      windowStartAt: '2026-11-23T00:30:00.000Z',
      windowEndAt: '2026-11-23T05:00:00.000Z',
    });
    expect(active[1]).toMatchObject({
      windowStartAt: '2026-11-23T16:30:00.000Z',
      windowEndAt: '2026-11-23T22:30:00.000Z',
    });
    const tuesday = (await t.call('ADMIN', 'GET', '/v1/job/active?date=2026-11-24')).json<{
      data: ActiveJob[];
    }>().data;
    expect(tuesday.map((a) => a.job.id)).toEqual([night.id]);
    const later = (await t.call('ADMIN', 'GET', '/v1/job/active?date=2027-01-04')).json<{
      data: ActiveJob[];
    }>().data;
    expect(later).toEqual([]);
    expect((await t.call('ADMIN', 'GET', '/v1/job/active?date=2026-02-30')).statusCode).toBe(400);
  });

  it('explains bad schedules', async () => {
    const cases: Array<[object, string, string]> = [
      [
        { recurrence: null },
        'recurrence',
        'A recurring job needs a recurrence: daily, weekly, monthly, yearly or custom',
      ],
      [{ scheduleType: 'One Time' }, 'recurrence', 'A one-time job has no recurrence'],
      [
        { daysOfWeek: [] },
        'daysOfWeek',
        'A custom recurrence needs at least one day of the week (0 = Sunday … 6 = Saturday)',
      ],
      [{ endDate: '2026-10-01' }, 'endDate', 'The end date cannot be before the start date'],
      [{ endTime: '06:00' }, 'endTime', 'The start and end times cannot be equal'],
      [{ startTime: '25:00' }, 'startTime', 'Times are HH:mm (24-hour)'],
      [{ scheduleType: 'Weekly' }, 'scheduleType', 'The schedule type must be One Time or Recurring'],
      [
        { scheduleType: 'One Time', recurrence: null, endDate: '2026-11-02' },
        'endDate',
        'A one-time job ends on its start date',
      ],
    ];
    for (const [patch, field, message] of cases) {
      const res = await t.call('ADMIN', 'POST', '/v1/job', { ...job(), ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json<{ errors: Record<string, string> }>().errors[field]).toBe(message);
    }
    const foreign = await t.call('ADMIN', 'POST', '/v1/job', { ...job(), vehicleId: String(bhopalTruck) });
    expect(foreign.json()).toMatchObject({
      message: "The vehicle must be a vehicle of the job's organisation",
    });
  });

  it('needs the module and each action', async () => {
    expect((await t.call('LIMITED_USER', 'GET', '/v1/job')).statusCode).toBe(403);
    expect((await t.call('CUSTOM', 'GET', '/v1/job/active?date=2026-11-23')).statusCode).toBe(200);
    expect((await t.call('CUSTOM', 'POST', '/v1/job', job())).statusCode).toBe(403);
  });

  it('hides another organisation’s jobs', async () => {
    const created = (await t.call('ADMIN', 'POST', '/v1/job', { ...job(), name: 'Indore only' })).json<{
      data: Job;
    }>().data;
    expect((await t.call(BHOPAL_ADMIN, 'GET', `/v1/job/${created.id}`)).statusCode).toBe(404);
    expect((await t.call(BHOPAL_ADMIN, 'PUT', `/v1/job/${created.id}`, job())).statusCode).toBe(404);
    const active = (await t.call(BHOPAL_ADMIN, 'GET', '/v1/job/active?date=2026-11-23')).json<{
      data: ActiveJob[];
    }>().data;
    expect(active).toEqual([]);
    const routeOfIndore = await t.call(BHOPAL_ADMIN, 'POST', '/v1/job', {
      ...job(),
      vehicleId: String(bhopalTruck),
    });
    expect(routeOfIndore.json()).toMatchObject({
      message: "The route must be a route of the job's organisation",
    });
  });
});
