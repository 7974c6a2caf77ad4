/** GET /v1/vehicle, /v1/vehicle/:id, /v1/vehicle/statuses, /v1/vehicle/position/track. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle, VehicleStatuses, VehicleTrack } from '@civicfleet/shared';
import { deviceLatest, positions } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/helpers.ts';
import {
  BHOPAL,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  type TrackedVehicle,
} from '../../gateway/testing/fleet.ts';
import { createDevice } from '../device/device.repository.ts';
import { createVehicle, linkDevice } from './vehicle.repository.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';
const NOW = new Date('2026-11-20T10:00:00Z');

describe('/v1/vehicle', () => {
  const t = useTestApp({ clock: () => NOW });
  let moving: TrackedVehicle;
  let silent: TrackedVehicle;
  let bhopal: TrackedVehicle;
  let bare: bigint;

  const get = async <T>(url: string, who: string) => {
    const res = await t.call(who, 'GET', url);
    return { status: res.statusCode, body: res.json() as { data: T } };
  };

  beforeAll(async () => {
    const indoreOrg = await organisationId(t.db, INDORE);
    moving = await seedTrackedVehicle(t.db, {
      imei: '863000000000001',
      protocol: 'gt06',
      organisationId: indoreOrg,
      registrationNumber: 'MP09VH0001',
    });
    silent = await seedTrackedVehicle(t.db, {
      imei: '863000000000002',
      protocol: 'gt06',
      organisationId: indoreOrg,
      registrationNumber: 'MP09VH0002',
    });
    bare = await createVehicle(t.db, { organisationId: indoreOrg, registrationNumber: 'MP09VH0003' });
    bhopal = await seedTrackedVehicle(t.db, {
      imei: '863000000000003',
      protocol: 'gt06',
      organisationId: await organisationId(t.db, BHOPAL),
      registrationNumber: 'MP04VH0001',
    });
    const latest = (tracked: TrackedVehicle, at: Date, status: 'moving' | 'stopped') => ({
      deviceId: tracked.deviceId,
      vehicleId: tracked.vehicleId,
      organisationId: indoreOrg,
      fixedAt: at,
      serverAt: at,
      lat: 22.72,
      lon: 75.86,
      speedKph: status === 'moving' ? 30 : 0,
      ignition: status === 'moving',
      status,
      statusSince: at,
      lastPacketAt: at,
    });
    await t.db
      .insert(deviceLatest)
      .values([
        latest(moving, new Date(NOW.getTime() - 60_000), 'moving'),
        latest(silent, new Date(NOW.getTime() - 2 * 3600_000), 'stopped'),
      ]);
    await t.db.insert(positions).values(
      [10, 5, 1].map((minutesAgo, i) => ({
        deviceId: moving.deviceId,
        vehicleId: moving.vehicleId,
        fixedAt: new Date(NOW.getTime() - minutesAgo * 60_000),
        serverAt: NOW,
        lat: 22.7 + i * 0.01,
        lon: 75.86,
        speedKph: 30,
        gpsValid: true,
      })),
    );
  });

  it('lists vehicles of the caller’s organisations with their device; 404 across organisations', async () => {
    const { body } = await get<{ items: Vehicle[]; total: number }>('/v1/vehicle?pageSize=50', 'ADMIN');
    const regs = body.data.items.map((v) => v.registrationNumber);
    expect(regs).toEqual(expect.arrayContaining(['MP09VH0001', 'MP09VH0002', 'MP09VH0003']));
    expect(regs).not.toContain('MP04VH0001');
    expect(body.data.items.find((v) => v.registrationNumber === 'MP09VH0001')?.device?.imei).toBe(
      moving.imei,
    );
    const searched = await get<{ items: Vehicle[] }>('/v1/vehicle?search=863000000000002', 'ADMIN');
    expect(searched.body.data.items.map((v) => v.registrationNumber)).toEqual(['MP09VH0002']);
    expect((await get(`/v1/vehicle/${moving.vehicleId}`, 'ADMIN')).status).toBe(200);
    expect((await get(`/v1/vehicle/${moving.vehicleId}`, BHOPAL_ADMIN)).status).toBe(404);
    expect((await get(`/v1/vehicle/${bhopal.vehicleId}`, BHOPAL_ADMIN)).status).toBe(200);
  });

  it('pages, sorts by a whitelisted field both ways and refuses others', async () => {
    type Page = { items: Vehicle[]; total: number; page: number; pageSize: number };
    const regs = async (query: string) => {
      const { body } = await get<Page>(`/v1/vehicle?search=MP09VH${query}`, 'ADMIN');
      return body.data;
    };
    const asc = await regs('&sortBy=registrationNumber&pageSize=5');
    expect(asc.items.map((v) => v.registrationNumber)).toEqual(['MP09VH0001', 'MP09VH0002', 'MP09VH0003']);
    const desc = await regs('&sortBy=registrationNumber&sortOrder=desc&pageSize=5');
    expect(desc.items.map((v) => v.registrationNumber)).toEqual(['MP09VH0003', 'MP09VH0002', 'MP09VH0001']);
    const second = await regs('&sortBy=registrationNumber&sortOrder=desc&pageSize=5&page=2');
    expect(second).toMatchObject({ items: [], total: 3, page: 2, pageSize: 5 });
    // Sorting by the current device's IMEI (a joined column) works too.
    expect((await regs('&sortBy=imei')).total).toBe(3);
    expect((await get<Page>('/v1/vehicle?search=MP09VH', BHOPAL_ADMIN)).body.data.total).toBe(0);
    const bad = await t.call('ADMIN', 'GET', '/v1/vehicle?sortBy=deleted');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('Invalid sort field: deleted');
    expect((await get('/v1/vehicle?pageSize=500', 'ADMIN')).status).toBe(400);
  });

  it('moves the link history: a re-linked device shows on its new vehicle only', async () => {
    const indoreOrg = await organisationId(t.db, INDORE);
    const spare = await createDevice(t.db, { imei: '863000000000099', organisationId: indoreOrg });
    await linkDevice(t.db, { vehicleId: bare, deviceId: spare, at: new Date('2026-11-01Z') });
    await linkDevice(t.db, { vehicleId: bare, deviceId: spare, at: new Date('2026-11-02Z') });
    const { body } = await get<Vehicle>(`/v1/vehicle/${bare}`, 'ADMIN');
    expect(body.data.device?.imei).toBe('863000000000099');
  });

  it('counts live statuses over the scope: moving, offline (silent 2 h) and never connected', async () => {
    const { status, body } = await get<VehicleStatuses>('/v1/vehicle/statuses', 'ADMIN');
    expect(status).toBe(200);
    const byReg = new Map(body.data.rows.map((r) => [r.registrationNumber, r]));
    expect(byReg.get('MP09VH0001')?.status).toBe('moving');
    expect(byReg.get('MP09VH0002')).toMatchObject({
      status: 'offline',
      statusSince: '2026-11-20T08:00:00.000Z',
    });
    expect(byReg.get('MP09VH0003')).toMatchObject({
      status: 'never-connected',
      mainPower: null,
      batteryVoltageV: null,
      gsmSignal: null,
      groupId: null,
      groupName: null,
      wardName: null,
    });
    expect(byReg.has('MP04VH0001')).toBe(false);
    expect(body.data.counts).toMatchObject({ moving: 1, offline: 1, 'never-connected': 1, total: 3 });
    const filtered = await get<VehicleStatuses>('/v1/vehicle/statuses?status=offline', 'ADMIN');
    expect(filtered.body.data.rows.map((r) => r.registrationNumber)).toEqual(['MP09VH0002']);
    // Counted and paged in the database: the counts stay over the scope, total follows the filter.
    const page = await get<VehicleStatuses>('/v1/vehicle/statuses?page=1&pageSize=1', 'ADMIN');
    expect(page.body.data.rows.map((r) => r.registrationNumber)).toEqual(['MP09VH0002']);
    expect(page.body.data).toMatchObject({ total: 3, counts: { total: 3 } });
    const searched = await get<VehicleStatuses>('/v1/vehicle/statuses?search=%20vh0003%20', 'ADMIN');
    expect(searched.body.data.rows.map((r) => r.registrationNumber)).toEqual(['MP09VH0003']);
    expect(searched.body.data).toMatchObject({ total: 1, counts: { total: 3 } });
    const beyond = await get<VehicleStatuses>(
      '/v1/vehicle/statuses?status=moving&page=5&pageSize=10',
      'ADMIN',
    );
    expect(beyond.body.data).toMatchObject({ rows: [], total: 1 });
    expect((await get('/v1/vehicle/statuses', 'INVENTORY_MANAGER')).status).toBe(403);
  });

  it('returns the live position and the recent trail', async () => {
    const { status, body } = await get<VehicleTrack>(
      `/v1/vehicle/position/track?vehicleId=${moving.vehicleId}&minutes=7`,
      'LIMITED_USER',
    );
    expect(status).toBe(200);
    expect(body.data.position).toMatchObject({ deviceId: String(moving.deviceId), status: 'moving' });
    expect(body.data.trail.map((p) => p.fixTime)).toEqual([
      '2026-11-20T09:55:00.000Z',
      '2026-11-20T09:59:00.000Z',
    ]);
    expect((await get(`/v1/vehicle/position/track?vehicleId=${moving.vehicleId}`, BHOPAL_ADMIN)).status).toBe(
      404,
    );
    expect((await get('/v1/vehicle/position/track', 'ADMIN')).status).toBe(400);
    expect((await get(`/v1/vehicle/position/track?vehicleId=${moving.vehicleId}`, 'CUSTOM')).status).toBe(
      403,
    );
  });
});
