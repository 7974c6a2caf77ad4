/** GET /v1/fitment/lookup/person and /devices: what a fitter may look up, and nothing more. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FitmentDeviceOption, FitmentPersonLookup } from '@civicfleet/shared';
import { demoAccount, useTestApp } from '../../../test/helpers.ts';
import { createDevice } from '../device/device.repository.ts';
import { findRoleByName } from '../role/role.repository.ts';
import { insertUser } from '../user/user.repository.ts';
import { PERSON_LOOKUPS_PER_MINUTE } from './fitment-lookup.routes.ts';
import { DEMO_ORGS, NOW, nextImei, nextPhone, orgId, stockDevice } from './fitment-testing.ts';

type Body<T> = { success: boolean; message: string; data: T; errors?: Record<string, string> };
const digits = (phone: string) => phone.replace('+91', '');

describe('/v1/fitment/lookup', () => {
  const t = useTestApp({ clock: () => NOW });
  let malwa: bigint;
  let manufacturer: bigint;
  let bhopalVendor: bigint;

  const get = async <T>(who: string, url: string) => {
    const res = await t.call(who, 'GET', url);
    return { status: res.statusCode, body: res.json() as Body<T>, raw: res.body };
  };
  const person = (who: string, phone: string, role = 'LIMITED_USER') =>
    get<FitmentPersonLookup>(
      who,
      `/v1/fitment/lookup/person?phone=${encodeURIComponent(phone)}&role=${role}`,
    );
  const addUser = async (role: string, organisationId: bigint, firstName: string, deleted = false) => {
    const found = await findRoleByName(t.db, role);
    if (!found) throw new Error(`no role ${role}`);
    const phone = `+91${nextPhone()}`;
    await insertUser(t.db, {
      firstName,
      lastName: 'Secret',
      email: `${firstName.toLowerCase()}@example.in`,
      phone,
      passwordHash: 'none',
      roleId: found.id,
      organisationId,
      address: `${firstName} House, Bhopal`,
      deleted,
    });
    return phone;
  };

  beforeAll(async () => {
    malwa = await orgId(t.db, DEMO_ORGS.malwa);
    manufacturer = await orgId(t.db, DEMO_ORGS.manufacturer);
    bhopalVendor = await orgId(t.db, DEMO_ORGS.bhopalVendor);
  });

  describe('person', () => {
    it('finds a customer for a fitter: name, e-mail, phone and address only', async () => {
      const customer = demoAccount('LIMITED_USER');
      const { status, body, raw } = await person('FITTER', digits(customer.phone));
      expect(status).toBe(200);
      expect(body.data).toEqual({
        found: true,
        matchesRole: true,
        person: {
          id: expect.stringMatching(/^\d+$/) as string,
          firstName: customer.firstName,
          lastName: customer.lastName,
          email: customer.email,
          phone: customer.phone,
          address: null,
        },
      });
      expect(raw).not.toMatch(/kycDocs|organisation|role/);
    });

    it("finds a fitter of the caller's organisations, with +91 given or not, and no address", async () => {
      const fitter = demoAccount('FITTER');
      for (const phone of [fitter.phone, digits(fitter.phone), `+91 ${digits(fitter.phone)}`]) {
        const { status, body } = await person('RFC_ADMIN', phone, 'FITTER');
        expect(status).toBe(200);
        expect(body.data).toMatchObject({
          found: true,
          matchesRole: true,
          person: { firstName: fitter.firstName, phone: fitter.phone, address: null },
        });
      }
    });

    it('answers found: false for a number nobody has', async () => {
      const { status, body } = await person('FITTER', nextPhone());
      expect(status).toBe(200);
      expect(body.data).toEqual({ found: false });
    });

    it("tells another role's number without revealing who holds it", async () => {
      const admin = demoAccount('ADMIN');
      const asCustomer = await person('FITTER', digits(admin.phone));
      expect(asCustomer.body.data).toEqual({
        found: true,
        matchesRole: false,
        message: "This is not a customer's number",
      });
      expect(asCustomer.raw).not.toContain(admin.firstName);
      expect(asCustomer.raw).not.toContain(admin.email);

      const customer = demoAccount('LIMITED_USER');
      const asFitter = await person('FITTER', digits(customer.phone), 'FITTER');
      expect(asFitter.body.data).toEqual({
        found: true,
        matchesRole: false,
        message: "This is not a fitter's number",
      });
      expect(asFitter.raw).not.toContain(customer.firstName);
    });

    it("answers another tenant's numbers as unknown: neither that they exist nor their role (issue 20 #7)", async () => {
      const customerPhone = await addUser('LIMITED_USER', bhopalVendor, 'Farida');
      const fitterPhone = await addUser('FITTER', bhopalVendor, 'Gopal');

      const customer = await person('FITTER', customerPhone);
      expect(customer.body.data).toEqual({ found: false });
      expect(customer.raw).not.toContain('Farida');

      const fitter = await person('FITTER', fitterPhone, 'FITTER');
      expect(fitter.body.data).toEqual({ found: false });
      // Asked for the other role, the answer is the same: no role is revealed.
      const asCustomer = await person('RFC_ADMIN', fitterPhone);
      expect(asCustomer.body.data).toEqual({ found: false });
      expect(asCustomer.raw).not.toContain('Gopal');

      // Whoever sees the Bhopal vendor sees its fitter.
      expect((await person('SUPER_ADMIN', fitterPhone, 'FITTER')).body.data).toMatchObject({
        found: true,
        matchesRole: true,
        person: { firstName: 'Gopal' },
      });
    });

    it("keeps a deleted user's number reserved, without naming them", async () => {
      const phone = await addUser('LIMITED_USER', malwa, 'Hemant', true);
      const { body, raw } = await person('FITTER', phone);
      expect(body.data).toEqual({
        found: true,
        matchesRole: false,
        message: 'This phone number belongs to a deleted user.',
      });
      expect(raw).not.toContain('Hemant');
    });

    it('refuses anything but exactly 10 digits and the two roles (400)', async () => {
      for (const phone of ['98765', '98765432101', '+9198765', 'abcdefghij', '+1 9876543210']) {
        const { status, body } = await person('FITTER', phone);
        expect(status, phone).toBe(400);
        expect(body.success).toBe(false);
        expect(body.errors?.phone).toBe('Enter exactly 10 digits (+91 is added)');
      }
      const role = await person('FITTER', '9876543210', 'ADMIN');
      expect(role.status).toBe(400);
      expect(role.body.errors?.role).toBe('The role must be LIMITED_USER or FITTER');
      expect((await get('FITTER', '/v1/fitment/lookup/person?role=FITTER')).status).toBe(400);
    });

    it('is refused (403) without add-fitment or edit-fitment', async () => {
      const customer = digits(demoAccount('LIMITED_USER').phone);
      // No fitment module at all: refused by the route declaration.
      expect((await person('INVENTORY_MANAGER', customer)).status).toBe(403);
      // The fitment module with view-certificate only: refused by the service.
      const manufacturerCall = await person('MANUFACTURER', customer);
      expect(manufacturerCall.status).toBe(403);
      expect(manufacturerCall.body.message).toBe('You may not add or edit fitments.');
      expect((await t.app.inject({ method: 'GET', url: '/v1/fitment/lookup/person' })).statusCode).toBe(401);
    });

    it(`stops a caller after ${PERSON_LOOKUPS_PER_MINUTE} lookups a minute (429)`, async () => {
      const who = demoAccount('RFC').email;
      for (let i = 0; i < PERSON_LOOKUPS_PER_MINUTE; i++)
        expect((await person(who, nextPhone())).status).toBe(200);
      const refused = await person(who, nextPhone());
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe('Too many lookups. Try again in a minute.');
      // Per user: the others go on.
      expect((await person('FITTER', nextPhone())).status).toBe(200);
    });
  });

  describe('devices', () => {
    const devicesOf = (who: string, query = '') =>
      get<FitmentDeviceOption[]>(who, `/v1/fitment/lookup/devices${query}`);

    it("lists the NEW and ALLOCATED devices of the caller's organisations, by IMEI prefix or suffix", async () => {
      const allocated = await stockDevice(t.db, { organisationId: malwa, allocatedFrom: manufacturer });
      const fresh = await stockDevice(t.db, { organisationId: malwa, status: 'NEW' });
      const defected = await stockDevice(t.db, { organisationId: malwa, status: 'DEFECTED' });
      const installedImei = nextImei();
      await createDevice(t.db, { imei: installedImei, organisationId: malwa, status: 'INSTALLED' });
      const expiredImei = nextImei();
      await createDevice(t.db, {
        imei: expiredImei,
        organisationId: malwa,
        status: 'NEW',
        expiresAt: new Date(NOW.getTime() - 60_000),
      });
      const otherVendor = await stockDevice(t.db, {
        organisationId: bhopalVendor,
        allocatedFrom: manufacturer,
      });

      const imeisFor = async (who: string, search: string) => {
        const { status, body } = await devicesOf(who, `?limit=20&search=${search}`);
        expect(status).toBe(200);
        return body.data.map((d) => d.imei);
      };
      // Each IMEI by its own suffix (the test kit's counter) and by its whole self as a prefix.
      for (const shown of [allocated.imei, fresh.imei]) {
        expect(await imeisFor('FITTER', shown.slice(-7))).toEqual([shown]);
        expect(await imeisFor('FITTER', shown)).toEqual([shown]);
      }
      for (const hidden of [defected.imei, installedImei, expiredImei, otherVendor.imei])
        expect(await imeisFor('FITTER', hidden.slice(-7))).toEqual([]);
      expect(await imeisFor('FITTER', allocated.imei.slice(0, 9))).toContain(allocated.imei);

      const { body } = await devicesOf('FITTER', `?limit=5&search=${allocated.imei.slice(-7)}`);
      expect(body.data).toEqual([
        {
          id: String(allocated.id),
          imei: allocated.imei,
          model: 'iStartek VT140 (AIS-140)',
          status: 'ALLOCATED',
          panicButtonCount: 0,
        },
      ]);
      // The other vendor sees its own device, not Malwa's.
      expect(await imeisFor('SUPER_ADMIN', otherVendor.imei.slice(-7))).toEqual([otherVendor.imei]);
      expect(await imeisFor(demoAccount('ADMIN').email, allocated.imei.slice(-7))).toEqual([]);
    });

    it('answers at most `limit` (1–20, required) devices and validates the query (400)', async () => {
      for (let i = 0; i < 3; i++) await stockDevice(t.db, { organisationId: malwa, status: 'NEW' });
      const two = await devicesOf('FITTER', '?limit=2');
      expect(two.status).toBe(200);
      expect(two.body.data).toHaveLength(2);
      expect((await devicesOf('FITTER', '?limit=20')).body.data.length).toBeLessThanOrEqual(20);
      const bare = await devicesOf('FITTER');
      expect(bare.status).toBe(400);
      expect(bare.body.errors?.limit).toBe('Give a limit between 1 and 20');
      const tooMany = await devicesOf('FITTER', '?limit=21');
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.errors?.limit).toBe('The limit must be between 1 and 20');
      const letters = await devicesOf('FITTER', '?limit=5&search=abc');
      expect(letters.status).toBe(400);
      expect(letters.body.errors?.search).toBe('Search by the digits of the IMEI');
    });

    it('is refused (403) without add-fitment or edit-fitment', async () => {
      expect((await devicesOf('MANUFACTURER', '?limit=5')).status).toBe(403);
      expect((await devicesOf('LIMITED_USER', '?limit=5')).status).toBe(403);
    });
  });
});
