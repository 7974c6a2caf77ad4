/** /v1/device-model: CRUD, unique names, validation, permissions, edits limited to the adding organisation. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeviceModel } from '@civicfleet/shared';
import { useTestApp } from '../../../test/helpers.ts';
import { setCustomRoleScopes } from '../geofence/scoped-role.testing.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';
const model = {
  name: 'iTriangle TS101 Advance',
  manufacturer: 'iTriangle Infotech',
  protocol: 'ais140',
  firmwareVersions: ['1.0.3', '1.0.4', '1.0.4'],
};

describe('/v1/device-model', () => {
  const t = useTestApp();
  beforeAll(async () => setCustomRoleScopes(t.db, { 'device-model': {} }));

  it('creates with defaults, reads, lists, edits and deletes', async () => {
    const res = await t.call('ADMIN', 'POST', '/v1/device-model', model);
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<{ data: DeviceModel }>().data;
    expect(created).toMatchObject({
      protocol: 'ais140',
      panicButtonCount: 1,
      firmwareVersions: ['1.0.3', '1.0.4'],
      tacNumber: null,
    });
    const list = await t.call(
      'INVENTORY_MANAGER',
      'GET',
      '/v1/device-model?search=itriangle&protocol=ais140',
    );
    expect(list.json<{ data: { items: DeviceModel[] } }>().data.items.map((m) => m.id)).toEqual([created.id]);
    const edit = await t.call('ADMIN', 'PUT', `/v1/device-model/${created.id}`, {
      ...model,
      panicButtonCount: 2,
    });
    expect(edit.json<{ data: DeviceModel }>().data.panicButtonCount).toBe(2);
    const withTac = await t.call('ADMIN', 'PUT', `/v1/device-model/${created.id}`, {
      ...model,
      tacNumber: '  CC/AIS140/2024/0457  ',
    });
    expect(withTac.json<{ data: DeviceModel }>().data.tacNumber).toBe('CC/AIS140/2024/0457');
    const read = await t.call('INVENTORY_MANAGER', 'GET', `/v1/device-model/${created.id}`);
    expect(read.json<{ data: DeviceModel }>().data.tacNumber).toBe('CC/AIS140/2024/0457');
    const cleared = await t.call('ADMIN', 'PUT', `/v1/device-model/${created.id}`, {
      ...model,
      tacNumber: ' ',
    });
    expect(cleared.json<{ data: DeviceModel }>().data.tacNumber).toBeNull();
    expect((await t.call('ADMIN', 'DELETE', `/v1/device-model/${created.id}`)).statusCode).toBe(200);
    expect((await t.call('ADMIN', 'GET', `/v1/device-model/${created.id}`)).statusCode).toBe(404);
  });

  it('keeps names unique, case-insensitively', async () => {
    await t.call('ADMIN', 'POST', '/v1/device-model', { ...model, name: 'Concox GT06N', protocol: 'gt06' });
    const dup = await t.call('ADMIN', 'POST', '/v1/device-model', {
      ...model,
      name: 'concox gt06n',
      protocol: 'gt06',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      success: false,
      message: 'A device model with this name already exists',
    });
  });

  it('explains bad input', async () => {
    const bad = await t.call('ADMIN', 'POST', '/v1/device-model', {
      ...model,
      protocol: 'h02',
      panicButtonCount: 9,
      tacNumber: 'TAC#1',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Record<string, string> }>().errors).toMatchObject({
      protocol: 'The protocol must be ais140, gt06 or teltonika',
      panicButtonCount: 'The panic button count must be a whole number from 0 to 4',
      tacNumber: 'The TAC number may hold letters, digits, spaces, dot, dash, slash and underscore',
    });
  });

  it('needs the module and its actions', async () => {
    expect((await t.call('LIMITED_USER', 'GET', '/v1/device-model')).statusCode).toBe(403);
    expect((await t.call('CUSTOM', 'GET', '/v1/device-model')).statusCode).toBe(200);
    expect((await t.call('CUSTOM', 'POST', '/v1/device-model', { ...model, name: 'x' })).statusCode).toBe(
      403,
    );
  });

  it('lets other organisations read a model but not change it', async () => {
    const created = (
      await t.call('ADMIN', 'POST', '/v1/device-model', {
        ...model,
        name: 'Teltonika FMC130',
        protocol: 'teltonika',
      })
    ).json<{ data: DeviceModel }>().data;
    expect((await t.call(BHOPAL_ADMIN, 'GET', `/v1/device-model/${created.id}`)).statusCode).toBe(200);
    const edit = await t.call(BHOPAL_ADMIN, 'PUT', `/v1/device-model/${created.id}`, { ...model, name: 'x' });
    expect(edit.statusCode).toBe(404);
    expect((await t.call(BHOPAL_ADMIN, 'DELETE', `/v1/device-model/${created.id}`)).statusCode).toBe(404);
    expect((await t.call('SUPER_ADMIN', 'DELETE', `/v1/device-model/${created.id}`)).statusCode).toBe(200);
  });
});
