/** /v1/item: RFID/QR tags, unique codes, attachment to a vehicle or POI, "see attached vehicle", scope. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Item, Poi, Vehicle } from '@civicfleet/shared';
import { BHOPAL, INDORE, organisationId } from '../../gateway/testing/fleet.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { setCustomRoleScopes } from '../geofence/scoped-role.testing.ts';
import { createVehicle } from '../vehicle/vehicle.repository.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';

describe('/v1/item', () => {
  const t = useTestApp();
  let truck: bigint;
  let bhopalTruck: bigint;
  let poi: Poi;

  beforeAll(async () => {
    truck = await createVehicle(t.db, {
      organisationId: await organisationId(t.db, INDORE),
      registrationNumber: 'MP09IT0001',
    });
    bhopalTruck = await createVehicle(t.db, {
      organisationId: await organisationId(t.db, BHOPAL),
      registrationNumber: 'MP04IT0001',
    });
    poi = (
      await t.call('ADMIN', 'POST', '/v1/poi', {
        name: 'Palasia bin point',
        kind: 'collection-point',
        lat: 22.72,
        lon: 75.88,
      })
    ).json<{ data: Poi }>().data;
    await setCustomRoleScopes(t.db, { item: { 'add-item': true } });
  });

  it('creates tags on a vehicle and a POI, shows the attached vehicle, edits and deletes', async () => {
    const res = await t.call('ADMIN', 'POST', '/v1/item', {
      code: 'E2003412B802011A',
      kind: 'RFID',
      vehicleId: String(truck),
    });
    expect(res.statusCode, res.body).toBe(200);
    const tag = res.json<{ data: Item }>().data;
    expect(tag).toMatchObject({
      kind: 'RFID',
      vehicle: { id: String(truck), registrationNumber: 'MP09IT0001' },
      poi: null,
    });
    const qr = (
      await t.call('ADMIN', 'POST', '/v1/item', { code: 'CP-PAL-001', kind: 'QR', poiId: poi.id })
    ).json<{ data: Item }>().data;
    expect(qr.poi).toEqual({ id: poi.id, name: 'Palasia bin point' });

    const attached = await t.call('ADMIN', 'GET', `/v1/item/${tag.id}/vehicle`);
    expect(attached.json<{ data: Vehicle }>().data.registrationNumber).toBe('MP09IT0001');
    const none = await t.call('ADMIN', 'GET', `/v1/item/${qr.id}/vehicle`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ success: false, message: 'This tag is not attached to a vehicle.' });

    const list = await t.call('ADMIN', 'GET', '/v1/item?search=MP09IT');
    expect(list.json<{ data: { items: Item[] } }>().data.items.map((i) => i.id)).toEqual([tag.id]);
    const byPoi = await t.call('ADMIN', 'GET', `/v1/item?poiId=${poi.id}&kind=QR`);
    expect(byPoi.json<{ data: { total: number } }>().data.total).toBe(1);

    const edit = await t.call('ADMIN', 'PUT', `/v1/item/${tag.id}`, {
      code: 'E2003412B802011A',
      kind: 'RFID',
    });
    expect(edit.json<{ data: Item }>().data.vehicle).toBeNull();
    expect((await t.call('ADMIN', 'DELETE', `/v1/item/${tag.id}`)).statusCode).toBe(200);
    expect((await t.call('ADMIN', 'GET', `/v1/item/${tag.id}`)).statusCode).toBe(404);
    // A deleted tag's code is free again.
    expect(
      (await t.call('ADMIN', 'POST', '/v1/item', { code: 'e2003412b802011a', kind: 'RFID' })).statusCode,
    ).toBe(200);
  });

  it('explains bad input', async () => {
    await t.call('ADMIN', 'POST', '/v1/item', { code: 'QR-1', kind: 'QR' });
    const dup = await t.call('ADMIN', 'POST', '/v1/item', { code: 'qr-1', kind: 'QR' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ message: 'A tag with this code already exists' });
    const both = await t.call('ADMIN', 'POST', '/v1/item', {
      code: 'X1',
      kind: 'QR',
      vehicleId: String(truck),
      poiId: poi.id,
    });
    expect(both.json<{ errors: Record<string, string> }>().errors.poiId).toBe(
      'A tag is attached to a vehicle or a POI, not both',
    );
    const kind = await t.call('ADMIN', 'POST', '/v1/item', { code: 'X2', kind: 'NFC' });
    expect(kind.json<{ errors: Record<string, string> }>().errors.kind).toBe('The kind must be QR or RFID');
    const code = await t.call('ADMIN', 'POST', '/v1/item', { code: 'a b', kind: 'QR' });
    expect(code.json<{ errors: Record<string, string> }>().errors.code).toBe(
      'The code must be 1 to 64 letters, digits, "-", "_" or ":"',
    );
    const foreign = await t.call('ADMIN', 'POST', '/v1/item', {
      code: 'X3',
      kind: 'RFID',
      vehicleId: String(bhopalTruck),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      message: "The vehicle must be a vehicle of the tag's organisation",
    });
  });

  it('needs the module and each action', async () => {
    expect((await t.call('LIMITED_USER', 'GET', '/v1/item')).statusCode).toBe(403);
    expect((await t.call('CUSTOM', 'POST', '/v1/item', { code: 'CUSTOM-1', kind: 'QR' })).statusCode).toBe(
      200,
    );
    const id = (await t.call('CUSTOM', 'GET', '/v1/item?search=CUSTOM-1')).json<{ data: { items: Item[] } }>()
      .data.items[0]?.id;
    expect((await t.call('CUSTOM', 'GET', `/v1/item/${id}/vehicle`)).statusCode).toBe(403);
    expect((await t.call('CUSTOM', 'DELETE', `/v1/item/${id}`)).statusCode).toBe(403);
  });

  it('hides another organisation’s tags; codes are per organisation', async () => {
    const tag = (await t.call('ADMIN', 'POST', '/v1/item', { code: 'SHARED-1', kind: 'QR' })).json<{
      data: Item;
    }>().data;
    expect((await t.call(BHOPAL_ADMIN, 'GET', `/v1/item/${tag.id}`)).statusCode).toBe(404);
    expect((await t.call(BHOPAL_ADMIN, 'GET', `/v1/item/${tag.id}/vehicle`)).statusCode).toBe(404);
    expect(
      (await t.call(BHOPAL_ADMIN, 'GET', '/v1/item?search=SHARED')).json<{ data: { total: number } }>().data
        .total,
    ).toBe(0);
    expect(
      (await t.call(BHOPAL_ADMIN, 'POST', '/v1/item', { code: 'SHARED-1', kind: 'QR' })).statusCode,
    ).toBe(200);
  });
});
