import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@civicfleet/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { devices, roles, users, vehicles } from '../../db/schema/index.ts';
import {
  BHOPAL as BHOPAL_ORG,
  INDORE,
  organisationId,
  seedTrackedVehicle,
} from '../../gateway/testing/fleet.ts';
import { SEARCH_LIMIT } from './search.service.ts';

const BHOPAL = 'admin.bhopal@demo.civicfleet.in';

describe('GET /v1/search', () => {
  let t: TestApp;

  async function search(who: string, query: string): Promise<SearchResult> {
    const res = await t.app.inject({ method: 'GET', url: `/v1/search${query}`, headers: await t.auth(who) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: SearchResult }>().data;
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('finds users by name, e-mail or phone, with the result shape of the spec', async () => {
    const result = await search('ADMIN', '?q=VERMA');
    expect(result).toEqual({
      Vehicles: [],
      Devices: [],
      Users: [
        {
          id: expect.any(String),
          firstName: 'Rakesh',
          lastName: 'Verma',
          phone: '+919000000002',
          email: 'admin@demo.civicfleet.in',
          isEnabled: true,
          role: { name: 'ADMIN' },
          organisation: { brandName: 'IMC Swachh Indore' },
        },
      ],
    });
    expect((await search('ADMIN', '?q=9000000003')).Users).toHaveLength(0); // MANUFACTURER: outside Indore
    expect((await search('SUPER_ADMIN', '?q=9000000003')).Users.map((u) => u.role.name)).toEqual([
      'MANUFACTURER',
    ]);
  });

  it('stays inside the caller scope', async () => {
    const indore = await search('ADMIN', '?q=demo.civicfleet');
    expect(indore.Users.map((u) => u.role.name).sort()).toEqual(['ADMIN', 'CUSTOM', 'LIMITED_USER']);
    expect((await search(BHOPAL, '?q=demo.civicfleet')).Users.map((u) => u.email)).toEqual([BHOPAL]);
    expect((await search(BHOPAL, '?q=rakesh')).Users).toEqual([]);
  });

  it('returns users only to holders of the user module, and only for the chosen type', async () => {
    expect((await search('LIMITED_USER', '?q=kavita')).Users).toEqual([]);
    expect((await search('ADMIN', '?q=kavita&type=Devices')).Users).toEqual([]);
    expect((await search('ADMIN', '?q=kavita&type=Users')).Users).toHaveLength(1);
    expect(await search('ADMIN', '?q=')).toEqual({ Vehicles: [], Devices: [], Users: [] });
  });

  it('treats LIKE wildcards literally and caps each kind', async () => {
    expect((await search('SUPER_ADMIN', '?q=%25')).Users).toEqual([]);
    const [role] = await t.db.select().from(roles).where(eq(roles.name, 'CUSTOM'));
    const [someone] = await t.db.select().from(users).limit(1);
    if (!role || !someone) throw new Error('seed missing');
    await t.db.insert(users).values(
      Array.from({ length: SEARCH_LIMIT + 5 }, (_, i) => ({
        firstName: 'Safai',
        lastName: `Mitra ${i}`,
        passwordHash: someone.passwordHash,
        roleId: role.id,
        organisationId: someone.organisationId,
      })),
    );
    expect((await search('SUPER_ADMIN', '?q=safai%20mitra')).Users).toHaveLength(SEARCH_LIMIT);
  });

  describe('devices and vehicles', () => {
    beforeAll(async () => {
      const indore = await organisationId(t.db, INDORE);
      const bhopal = await organisationId(t.db, BHOPAL_ORG);
      const owner = await t.db.select().from(users).where(eq(users.lastName, 'Rathore'));
      const indoreVehicle = await seedTrackedVehicle(t.db, {
        imei: '869123400099991',
        protocol: 'gt06',
        organisationId: indore,
        registrationNumber: 'MP09GA7001',
      });
      await t.db
        .update(devices)
        .set({ iccid: '8991012345678901234' })
        .where(eq(devices.id, indoreVehicle.deviceId));
      if (owner[0]) {
        await t.db
          .update(vehicles)
          .set({ ownerUserId: owner[0].id })
          .where(eq(vehicles.id, indoreVehicle.vehicleId));
      }
      await seedTrackedVehicle(t.db, {
        imei: '869123400099992',
        protocol: 'ais140',
        organisationId: bhopal,
        registrationNumber: 'MP04BH7002',
      });
    });

    it('finds vehicles by registration number or IMEI and devices by IMEI or ICCID, case-insensitively', async () => {
      const byReg = await search('ADMIN', '?q=mp09ga70');
      expect(byReg.Vehicles).toEqual([
        {
          id: expect.any(String),
          name: null,
          registrationNumber: 'MP09GA7001',
          imei: '869123400099991',
          isTrackingActivated: true,
          owner: { firstName: 'Kavita', lastName: 'Rathore' },
          organisation: { brandName: 'IMC Swachh Indore' },
        },
      ]);
      expect(byReg.Devices).toEqual([]);
      const byImei = await search('ADMIN', '?q=00099991');
      expect(byImei.Vehicles.map((v) => v.registrationNumber)).toEqual(['MP09GA7001']);
      expect(byImei.Devices).toEqual([
        {
          id: expect.any(String),
          name: null,
          imei: '869123400099991',
          iccid: '8991012345678901234',
          eSimProvider: null,
          active: true,
          organisation: { brandName: 'IMC Swachh Indore' },
        },
      ]);
      expect((await search('ADMIN', '?q=12345678901')).Devices.map((d) => d.imei)).toEqual([
        '869123400099991',
      ]);
      expect((await search('ADMIN', '?q=0009999&type=Devices')).Vehicles).toEqual([]);
    });

    it('stays inside the caller scope', async () => {
      const bhopal = await search(BHOPAL, '?q=0009999');
      expect(bhopal.Vehicles.map((v) => v.registrationNumber)).toEqual(['MP04BH7002']);
      expect(bhopal.Devices.map((d) => d.imei)).toEqual(['869123400099992']);
      expect(await search(BHOPAL, '?q=MP09GA7001')).toEqual({ Vehicles: [], Devices: [], Users: [] });
      expect((await search('ADMIN', '?q=MP04BH')).Vehicles).toEqual([]);
      const all = await search('SUPER_ADMIN', '?q=0009999');
      expect(all.Vehicles.map((v) => v.registrationNumber).sort()).toEqual(['MP04BH7002', 'MP09GA7001']);
    });

    it('needs the vehicle / device module', async () => {
      expect(await search('LIMITED_USER', '?q=0009999')).toEqual({ Vehicles: [], Devices: [], Users: [] });
      expect(await search('CUSTOM', '?q=0009999')).toEqual({ Vehicles: [], Devices: [], Users: [] });
    });
  });

  it('needs a session and a known type', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/search?q=a' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/search?q=a&type=Cars',
      headers: await t.auth('ADMIN'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors.type).toBeDefined();
  });
});
