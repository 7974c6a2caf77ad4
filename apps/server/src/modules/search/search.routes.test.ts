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
    const result = await search('ADMIN', '?query=VERMA');
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
    expect((await search('ADMIN', '?query=9000000003')).Users).toHaveLength(0); // MANUFACTURER: outside Indore
    expect((await search('SUPER_ADMIN', '?query=9000000003')).Users.map((u) => u.role.name)).toEqual([
      'MANUFACTURER',
    ]);
  });

  it('stays inside the caller scope', async () => {
    const indore = await search('ADMIN', '?query=demo.civicfleet');
    expect(indore.Users.map((u) => u.role.name).sort()).toEqual(['ADMIN', 'CUSTOM', 'LIMITED_USER']);
    expect((await search(BHOPAL, '?query=demo.civicfleet')).Users.map((u) => u.email)).toEqual([BHOPAL]);
    expect((await search(BHOPAL, '?query=rakesh')).Users).toEqual([]);
  });

  it('returns users only to holders of the user module, and only for the chosen type', async () => {
    expect((await search('LIMITED_USER', '?query=kavita')).Users).toEqual([]);
    expect((await search('ADMIN', '?query=kavita&type=Devices')).Users).toEqual([]);
    expect((await search('ADMIN', '?query=kavita&type=Users')).Users).toHaveLength(1);
    expect(await search('ADMIN', '?query=')).toEqual({ Vehicles: [], Devices: [], Users: [] });
  });

  it('takes the term as `query`; blanks find nothing', async () => {
    expect((await search('ADMIN', '?query=VERMA')).Users.map((u) => u.lastName)).toEqual(['Verma']);
    expect((await search('ADMIN', '?query=%20%20')).Users).toEqual([]);
  });

  it('finds users by the start of the e-mail domain and either end of the phone', async () => {
    expect((await search('ADMIN', '?query=9000000002')).Users.map((u) => u.lastName)).toEqual(['Verma']);
    expect((await search('ADMIN', '?query=%2B919000000002')).Users.map((u) => u.lastName)).toEqual(['Verma']);
    expect((await search('ADMIN', '?query=90000000')).Users.map((u) => u.role.name).sort()).toContain(
      'ADMIN',
    );
  });

  it('treats LIKE wildcards literally and caps each kind', async () => {
    expect((await search('SUPER_ADMIN', '?query=%25')).Users).toEqual([]);
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
    expect((await search('SUPER_ADMIN', '?query=safai%20mitra')).Users).toHaveLength(SEARCH_LIMIT);
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
      const byReg = await search('ADMIN', '?query=mp09ga70');
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
      const byImei = await search('ADMIN', '?query=00099991');
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
      // ICCID by its start or its end; spaces and dashes typed in an identifier are ignored.
      for (const q of ['89910123', '5678901234', '8991-0123 45']) {
        expect((await search('ADMIN', `?query=${encodeURIComponent(q)}`)).Devices.map((d) => d.imei)).toEqual(
          ['869123400099991'],
        );
      }
      // Registration number by its end, typed with spaces and in lower case.
      expect((await search('ADMIN', '?query=ga%207001')).Vehicles.map((v) => v.registrationNumber)).toEqual([
        'MP09GA7001',
      ]);
      // Only the start or the end of an identifier matches (index-backed search, see search.repository.ts).
      expect((await search('ADMIN', '?query=23400099')).Devices).toEqual([]);
      expect((await search('ADMIN', '?query=8691234000999&type=Devices')).Vehicles).toEqual([]);
    });

    it('stays inside the caller scope', async () => {
      const bhopal = await search(BHOPAL, '?query=8691234000999');
      expect(bhopal.Vehicles.map((v) => v.registrationNumber)).toEqual(['MP04BH7002']);
      expect(bhopal.Devices.map((d) => d.imei)).toEqual(['869123400099992']);
      expect(await search(BHOPAL, '?query=MP09GA7001')).toEqual({ Vehicles: [], Devices: [], Users: [] });
      expect((await search('ADMIN', '?query=MP04BH')).Vehicles).toEqual([]);
      const all = await search('SUPER_ADMIN', '?query=8691234000999');
      expect(all.Vehicles.map((v) => v.registrationNumber).sort()).toEqual(['MP04BH7002', 'MP09GA7001']);
    });

    it('needs the vehicle / device module', async () => {
      expect(await search('LIMITED_USER', '?query=8691234000999')).toEqual({
        Vehicles: [],
        Devices: [],
        Users: [],
      });
      expect(await search('CUSTOM', '?query=8691234000999')).toEqual({
        Vehicles: [],
        Devices: [],
        Users: [],
      });
    });
  });

  it('needs a session and a known type', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/search?query=a' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/search?query=a&type=Cars',
      headers: await t.auth('ADMIN'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors.type).toBeDefined();
  });
});
