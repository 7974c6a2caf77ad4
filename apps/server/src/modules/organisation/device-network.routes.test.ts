import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, OrganisationDeviceNetworkSettings } from '@civicfleet/shared';
import { useTestApp } from '../../../test/helpers.ts';
import { auditLog } from '../../db/schema/index.ts';
import { DEVICE_NETWORK_SETTINGS_AUDIT } from './device-network.routes.ts';

const BHOPAL = 'admin.bhopal@demo.civicfleet.in';

describe('/v1/organisation/device-network-settings', () => {
  const t = useTestApp();
  let indore: LoginResult;
  let bhopal: LoginResult;
  let vendorId: string;
  const url = (id: string) => `/v1/organisation/device-network-settings/${id}`;

  async function read(who: string, id: string): Promise<OrganisationDeviceNetworkSettings> {
    const res = await t.call(who, 'GET', url(id));
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: OrganisationDeviceNetworkSettings }>().data;
  }

  beforeAll(async () => {
    [indore, bhopal] = await Promise.all([t.signIn('ADMIN'), t.signIn(BHOPAL)]);
    const vendors = await t.call('SUPER_ADMIN', 'GET', '/v1/organisation?search=Malwa');
    vendorId = vendors.json<{ data: { items: Array<{ id: string }> } }>().data.items[0]?.id ?? '';
    expect(vendorId).toMatch(/^\d+$/);
  });

  it('allows any address by default', async () => {
    expect(await read('ADMIN', indore.user.organisation.id)).toEqual({
      organisationId: indore.user.organisation.id,
      stored: {},
      effective: { allowedNetworks: [] },
      defaults: { allowedNetworks: [] },
    });
  });

  it("inherits an ancestor's networks, overrides them with its own, and audits the write", async () => {
    const id = indore.user.organisation.id;
    const vendor = await t.call('SUPER_ADMIN', 'PUT', url(vendorId), { allowedNetworks: ['10.64.0.0/16'] });
    expect(vendor.statusCode, vendor.body).toBe(200);
    expect((await read('ADMIN', id)).effective).toEqual({ allowedNetworks: ['10.64.0.0/16'] });

    const res = await t.call('ADMIN', 'PUT', url(id), {
      allowedNetworks: [' 100.64.0.0/10 ', '2001:db8::/32'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: OrganisationDeviceNetworkSettings }>().data;
    expect(data.stored).toEqual({ allowedNetworks: ['100.64.0.0/10', '2001:db8::/32'] });
    expect(data.effective).toEqual({ allowedNetworks: ['100.64.0.0/10', '2001:db8::/32'] });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, DEVICE_NETWORK_SETTINGS_AUDIT))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ actorUserId: BigInt(indore.user.id), entityId: id });

    // {} resets to what it inherits.
    await t.call('ADMIN', 'PUT', url(id), {});
    expect((await read('ADMIN', id)).effective).toEqual({ allowedNetworks: ['10.64.0.0/16'] });
  });

  it('refuses what is not a network with 400', async () => {
    for (const body of [
      { allowedNetworks: ['10.0.0.0/33'] },
      { allowedNetworks: ['not a network'] },
      { allowedNetworks: '10.0.0.0/8' },
      { other: 1 },
    ]) {
      const res = await t.call('ADMIN', 'PUT', url(indore.user.organisation.id), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  it("hides another organisation's settings (404)", async () => {
    expect((await t.call(BHOPAL, 'GET', url(indore.user.organisation.id))).statusCode).toBe(404);
    const res = await t.call(BHOPAL, 'PUT', url(indore.user.organisation.id), { allowedNetworks: [] });
    expect(res.statusCode).toBe(404);
    expect(bhopal.user.organisation.id).not.toBe(indore.user.organisation.id);
  });
});
