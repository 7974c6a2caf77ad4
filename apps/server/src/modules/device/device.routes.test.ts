/** GET /v1/device, /v1/device/:id, /v1/device/unknown: paging, search, scoping, permissions. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Device, UnknownDevice } from '@civicfleet/shared';
import { unknownDevices } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/helpers.ts';
import {
  BHOPAL,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  type TrackedVehicle,
} from '../../gateway/testing/fleet.ts';
import { createDevice } from './device.repository.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';

describe('/v1/device', () => {
  const t = useTestApp();
  let indore: TrackedVehicle;
  let bhopal: TrackedVehicle;

  const get = async <T>(url: string, who: string) => {
    const res = await t.call(who, 'GET', url);
    return { status: res.statusCode, body: res.json() as { data: T; message: string } };
  };

  beforeAll(async () => {
    const indoreOrg = await organisationId(t.db, INDORE);
    indore = await seedTrackedVehicle(t.db, {
      imei: '862000000000001',
      protocol: 'gt06',
      organisationId: indoreOrg,
      registrationNumber: 'MP09DV0001',
    });
    await createDevice(t.db, {
      imei: '862000000000009',
      organisationId: indoreOrg,
      iccid: '8991000000000000009',
    });
    bhopal = await seedTrackedVehicle(t.db, {
      imei: '862000000000002',
      protocol: 'teltonika',
      organisationId: await organisationId(t.db, BHOPAL),
      registrationNumber: 'MP04DV0001',
    });
    await t.db.insert(unknownDevices).values({
      imei: '999000000000001',
      protocol: 'gt06',
      firstSeenAt: new Date('2026-11-01Z'),
      lastSeenAt: new Date('2026-11-02Z'),
      packets: 12,
      remoteAddr: '10.0.0.1:4000',
    });
  });

  it('lists the devices of the caller’s organisations with their vehicle, paged and searchable', async () => {
    const { status, body } = await get<{ rows: Device[]; total: number }>('/v1/device?pageSize=50', 'ADMIN');
    expect(status).toBe(200);
    const imeis = body.data.rows.map((d) => d.imei);
    expect(imeis).toEqual(expect.arrayContaining([indore.imei, '862000000000009']));
    expect(imeis).not.toContain(bhopal.imei);
    const linked = body.data.rows.find((d) => d.imei === indore.imei);
    expect(linked).toMatchObject({
      status: 'INSTALLED',
      protocol: 'gt06',
      vehicle: { registrationNumber: 'MP09DV0001' },
    });
    const searched = await get<{ rows: Device[]; total: number }>('/v1/device?search=89910000', 'ADMIN');
    expect(searched.body.data.rows.map((d) => d.imei)).toEqual(['862000000000009']);
    const paged = await get<{ rows: Device[]; total: number }>('/v1/device?pageSize=1&page=0', 'SUPER_ADMIN');
    expect(paged.body.data.rows).toHaveLength(1);
    expect(paged.body.data.total).toBeGreaterThanOrEqual(3);
  });

  it('reads one device; another organisation’s device is a 404', async () => {
    const own = await get<Device>(`/v1/device/${indore.deviceId}`, 'ADMIN');
    expect(own.status).toBe(200);
    expect(own.body.data.imei).toBe(indore.imei);
    expect((await get(`/v1/device/${indore.deviceId}`, BHOPAL_ADMIN)).status).toBe(404);
    expect((await get(`/v1/device/${bhopal.deviceId}`, BHOPAL_ADMIN)).status).toBe(200);
  });

  it('validates the query and enforces the permission', async () => {
    expect((await get('/v1/device?pageSize=0', 'ADMIN')).status).toBe(400);
    expect((await get('/v1/device?status=LOST', 'ADMIN')).status).toBe(400);
    expect((await get('/v1/device', 'FITTER')).status).toBe(403);
  });

  it('lists unknown IMEIs to SUPER_ADMIN only', async () => {
    const { status, body } = await get<{ rows: UnknownDevice[] }>('/v1/device/unknown', 'SUPER_ADMIN');
    expect(status).toBe(200);
    expect(body.data.rows).toEqual([expect.objectContaining({ imei: '999000000000001', packets: 12 })]);
    expect((await get('/v1/device/unknown', 'ADMIN')).status).toBe(403);
  });
});
