/**
 * The device API's identity fields (docs/security.md "Device identity") as the console reads and writes them: the
 * conflict / clone-suspected marks in the list, GET /:id and the details page; allowedNetworks written through
 * create and edit (null = the organisation's, [] = any address) and a bad network answered 400 with its field.
 */
import { CIDR_MESSAGE, isLuhnValid, type Device, type DeviceDetails } from '@civicfleet/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.ts';
import { devices } from '../../db/schema/index.ts';
import {
  INDORE,
  organisationId,
  seedTrackedVehicle,
  type TrackedVehicle,
} from '../../gateway/testing/fleet.ts';

function imei(body: string): string {
  for (let d = 0; d <= 9; d++) if (isLuhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error('unreachable');
}

describe('/v1/device identity fields', () => {
  const t = useTestApp();
  let tracked: TrackedVehicle;

  beforeAll(async () => {
    tracked = await seedTrackedVehicle(t.db, {
      imei: imei('86400000000001'),
      protocol: 'gt06',
      organisationId: await organisationId(t.db, INDORE),
      registrationNumber: 'MP09DI0001',
    });
  });

  it('returns the identity conflict and clone-suspected marks in the list, the device and its details', async () => {
    const conflictAt = new Date('2026-12-01T10:00:00Z');
    const cloneAt = new Date('2026-12-01T10:05:00Z');
    await t.db
      .update(devices)
      .set({ identityConflictAt: conflictAt, identityConflicts: 3, cloneSuspectedAt: cloneAt })
      .where(eq(devices.id, tracked.deviceId));
    const expected = {
      identityConflictAt: conflictAt.toISOString(),
      identityConflicts: 3,
      cloneSuspectedAt: cloneAt.toISOString(),
      allowedNetworks: null,
    };
    const one = await t.call('ADMIN', 'GET', `/v1/device/${tracked.deviceId}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<{ data: Device }>().data).toMatchObject(expected);
    const list = await t.call('ADMIN', 'GET', `/v1/device?search=${tracked.imei}`);
    expect(list.json<{ data: { items: Device[] } }>().data.items).toEqual([
      expect.objectContaining(expected),
    ]);
    const details = await t.call('ADMIN', 'GET', `/v1/device/details/${tracked.imei}`);
    expect(details.json<{ data: DeviceDetails }>().data.device).toMatchObject(expected);
  });

  it('stores allowedNetworks on create and edit (absent = the organisation’s, [] = any) and refuses a bad one on its field', async () => {
    const created = await t.call('ADMIN', 'POST', '/v1/device', {
      imei: imei('86400000000002'),
      allowedNetworks: [' 10.64.0.0/16 ', '2001:db8::/32'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const device = created.json<{ data: Device }>().data;
    expect(device).toMatchObject({
      allowedNetworks: ['10.64.0.0/16', '2001:db8::/32'],
      identityConflictAt: null,
      identityConflicts: 0,
      cloneSuspectedAt: null,
    });

    const any = await t.call('ADMIN', 'PUT', `/v1/device/${device.id}`, {
      imei: device.imei,
      allowedNetworks: [],
    });
    expect(any.json<{ data: Device }>().data.allowedNetworks).toEqual([]);
    const inherit = await t.call('ADMIN', 'PUT', `/v1/device/${device.id}`, { imei: device.imei });
    expect(inherit.json<{ data: Device }>().data.allowedNetworks).toBeNull();

    const bad = await t.call('ADMIN', 'PUT', `/v1/device/${device.id}`, {
      imei: device.imei,
      allowedNetworks: ['10.0.0.0/8', '10.0.0.0/33'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, errors: { 'allowedNetworks.1': CIDR_MESSAGE } });
  });
});
