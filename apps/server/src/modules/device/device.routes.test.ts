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
    const { status, body } = await get<{ items: Device[]; total: number }>('/v1/device?pageSize=50', 'ADMIN');
    expect(status).toBe(200);
    const imeis = body.data.items.map((d) => d.imei);
    expect(imeis).toEqual(expect.arrayContaining([indore.imei, '862000000000009']));
    expect(imeis).not.toContain(bhopal.imei);
    const linked = body.data.items.find((d) => d.imei === indore.imei);
    expect(linked).toMatchObject({
      status: 'INSTALLED',
      protocol: 'gt06',
      vehicle: { registrationNumber: 'MP09DV0001' },
    });
    const searched = await get<{ items: Device[]; total: number }>('/v1/device?search=89910000', 'ADMIN');
    expect(searched.body.data.items.map((d) => d.imei)).toEqual(['862000000000009']);
    const paged = await get<{ items: Device[]; total: number }>(
      '/v1/device?pageSize=5&page=1',
      'SUPER_ADMIN',
    );
    expect(paged.body.data.items.length).toBeLessThanOrEqual(5);
    expect(paged.body.data.total).toBeGreaterThanOrEqual(3);
  });

  describe('the list shape (list.contract.ts)', () => {
    type Page = { items: Device[]; total: number; page: number; pageSize: number };
    const imeisOf = async (query: string, who = 'SUPER_ADMIN') => {
      const { status, body } = await get<Page>(`/v1/device${query}`, who);
      expect(status, JSON.stringify(body)).toBe(200);
      return body.data;
    };

    beforeAll(async () => {
      const indoreOrg = await organisationId(t.db, INDORE);
      for (let i = 0; i < 12; i++) {
        await createDevice(t.db, {
          imei: `8641000000000${String(i).padStart(2, '0')}`,
          organisationId: indoreOrg,
          model: `M${String(11 - i).padStart(2, '0')}`,
        });
      }
    });

    it('pages 1-based with the total over every match', async () => {
      const first = await imeisOf('?search=8641000&pageSize=5');
      expect(first).toMatchObject({ total: 12, page: 1, pageSize: 5 });
      expect(first.items.map((d) => d.imei)).toEqual(
        [0, 1, 2, 3, 4].map((i) => `8641000000000${i.toString().padStart(2, '0')}`),
      );
      const third = await imeisOf('?search=8641000&pageSize=5&page=3');
      expect(third.items.map((d) => d.imei)).toEqual(['864100000000010', '864100000000011']);
      expect((await imeisOf('?search=8641000&pageSize=5&page=4')).items).toEqual([]);
      expect((await imeisOf('?search=8641000')).pageSize).toBe(10);
    });

    it('sorts by a whitelisted field, ascending or descending', async () => {
      const desc = await imeisOf('?search=8641000&sortBy=imei&sortOrder=desc&pageSize=5');
      expect(desc.items[0]?.imei).toBe('864100000000011');
      const byModel = await imeisOf('?search=8641000&sortBy=model&pageSize=5');
      expect(byModel.items.map((d) => d.model)).toEqual(['M00', 'M01', 'M02', 'M03', 'M04']);
      const byModelDesc = await imeisOf('?search=8641000&sortBy=model&sortOrder=desc&pageSize=5');
      expect(byModelDesc.items.map((d) => d.model)).toEqual(['M11', 'M10', 'M09', 'M08', 'M07']);
    });

    it('answers 400 for a page size or sort field it does not offer', async () => {
      const size = await get('/v1/device?pageSize=7', 'ADMIN');
      expect(size.status).toBe(400);
      const sort = await t.call('ADMIN', 'GET', '/v1/device?sortBy=passwordHash');
      expect(sort.statusCode).toBe(400);
      expect(sort.json()).toMatchObject({
        success: false,
        message: 'Invalid sort field: passwordHash',
        errors: { sortBy: 'Invalid sort field: passwordHash' },
      });
      expect((await get('/v1/device?page=0', 'ADMIN')).status).toBe(400);
      expect((await get('/v1/device?sortOrder=up', 'ADMIN')).status).toBe(400);
    });

    it('stays in the caller’s scope, search and total included', async () => {
      expect((await imeisOf('?search=8641000', BHOPAL_ADMIN)).total).toBe(0);
      expect((await imeisOf('?search=8641000', 'ADMIN')).total).toBe(12);
      const bhopalOnly = await imeisOf('?pageSize=100', BHOPAL_ADMIN);
      expect(bhopalOnly.items.map((d) => d.imei)).toEqual([bhopal.imei]);
      expect(bhopalOnly.total).toBe(1);
    });

    it('treats LIKE wildcards in the search literally', async () => {
      expect((await imeisOf('?search=%25')).total).toBe(0);
      expect((await imeisOf('?search=_')).total).toBe(0);
    });
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
    const { status, body } = await get<{ items: UnknownDevice[] }>('/v1/device/unknown', 'SUPER_ADMIN');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect((await get('/v1/device/unknown?sortBy=packets&sortOrder=desc', 'SUPER_ADMIN')).status).toBe(200);
    expect((await get('/v1/device/unknown?sortBy=attrs', 'SUPER_ADMIN')).status).toBe(400);
    expect(body.data.items).toEqual([expect.objectContaining({ imei: '999000000000001', packets: 12 })]);
    expect((await get('/v1/device/unknown', 'ADMIN')).status).toBe(403);
  });
});
