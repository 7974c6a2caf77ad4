/** /v1/group: CRUD, members, summary (linked / online), validation, permissions, organisation scope. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Group, GroupSummary } from '@civicfleet/shared';
import { deviceLatest } from '../../db/schema/index.ts';
import { BHOPAL, INDORE, organisationId, seedTrackedVehicle } from '../../gateway/testing/fleet.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { setCustomRoleScopes } from '../geofence/scoped-role.testing.ts';
import { createVehicle } from '../vehicle/vehicle.repository.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';
const NOW = new Date('2026-11-20T10:00:00Z');

describe('/v1/group', () => {
  const t = useTestApp({ clock: () => NOW });
  let online: bigint;
  let silent: bigint;
  let bare: bigint;
  let bhopalVehicle: bigint;

  beforeAll(async () => {
    const indore = await organisationId(t.db, INDORE);
    const a = await seedTrackedVehicle(t.db, {
      imei: '863000000000701',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09GR0001',
    });
    const b = await seedTrackedVehicle(t.db, {
      imei: '863000000000702',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09GR0002',
    });
    online = a.vehicleId;
    silent = b.vehicleId;
    bare = await createVehicle(t.db, { organisationId: indore, registrationNumber: 'MP09GR0003' });
    bhopalVehicle = await createVehicle(t.db, {
      organisationId: await organisationId(t.db, BHOPAL),
      registrationNumber: 'MP04GR0001',
    });
    const latest = (deviceId: bigint, vehicleId: bigint, at: Date) => ({
      deviceId,
      vehicleId,
      organisationId: indore,
      fixedAt: at,
      serverAt: at,
      lat: 22.72,
      lon: 75.86,
      status: 'stopped' as const,
      statusSince: at,
      lastPacketAt: at,
    });
    await t.db
      .insert(deviceLatest)
      .values([
        latest(a.deviceId, a.vehicleId, new Date(NOW.getTime() - 60_000)),
        latest(b.deviceId, b.vehicleId, new Date(NOW.getTime() - 3 * 3600_000)),
      ]);
    await setCustomRoleScopes(t.db, { groups: {} });
  });

  it('creates a group with vehicles, summarises it, edits, moves members and deletes it', async () => {
    const res = await t.call('ADMIN', 'POST', '/v1/group', {
      name: 'Zone 3 compactors',
      description: 'Night shift',
      vehicleIds: [String(online), String(silent), String(bare)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const group = res.json<{ data: Group }>().data;
    expect(group).toMatchObject({ name: 'Zone 3 compactors', vehicleCount: 3 });

    const summary = (await t.call('ADMIN', 'GET', `/v1/group/${group.id}/summary`)).json<{
      data: GroupSummary;
    }>().data;
    expect(summary).toMatchObject({ vehicleCount: 3, linked: 2, unlinked: 1, onlineNow: 1 });
    expect(summary.vehicles.find((v) => v.isOnline)?.registrationNumber).toBe('MP09GR0001');

    const other = (
      await t.call('ADMIN', 'POST', '/v1/group', { name: 'Spare', vehicleIds: [String(bare)] })
    ).json<{ data: Group }>().data;
    expect(other.vehicleCount).toBe(1);
    expect(
      (await t.call('ADMIN', 'GET', `/v1/group/${group.id}`)).json<{ data: Group }>().data.vehicleCount,
    ).toBe(2);

    const set = await t.call('ADMIN', 'PUT', `/v1/group/${group.id}/vehicles`, {
      vehicleIds: [String(online)],
    });
    expect(set.json<{ data: Group }>().data.vehicleCount).toBe(1);
    const edit = await t.call('ADMIN', 'PUT', `/v1/group/${group.id}`, {
      name: 'Zone 3 night',
      description: null,
    });
    expect(edit.json<{ data: Group }>().data).toMatchObject({
      name: 'Zone 3 night',
      description: null,
      vehicleCount: 1,
    });
    const list = await t.call('ADMIN', 'GET', '/v1/group?search=zone%203&sortBy=name');
    expect(list.json<{ data: { items: Group[] } }>().data.items.map((g) => g.id)).toEqual([group.id]);

    expect((await t.call('ADMIN', 'DELETE', `/v1/group/${group.id}`)).statusCode).toBe(200);
    expect((await t.call('ADMIN', 'GET', `/v1/group/${group.id}`)).statusCode).toBe(404);
    const vehicle = await t.call('ADMIN', 'GET', `/v1/vehicle/${online}`);
    expect(vehicle.json<{ data: { groupId: string | null } }>().data.groupId).toBeNull();
  });

  it('explains bad input', async () => {
    await t.call('ADMIN', 'POST', '/v1/group', { name: 'Tippers' });
    const dup = await t.call('ADMIN', 'POST', '/v1/group', { name: 'TIPPERS' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ message: 'A group with this name already exists' });
    const blank = await t.call('ADMIN', 'POST', '/v1/group', { name: '' });
    expect(blank.json<{ errors: Record<string, string> }>().errors.name).toBe('The name is required');
    const foreign = await t.call('ADMIN', 'POST', '/v1/group', {
      name: 'x',
      vehicleIds: [String(bhopalVehicle)],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      message: `Unknown vehicles for this group's organisation: ${bhopalVehicle}`,
    });
  });

  it('needs the module and its actions', async () => {
    expect((await t.call('LIMITED_USER', 'GET', '/v1/group')).statusCode).toBe(403);
    expect((await t.call('CUSTOM', 'GET', '/v1/group')).statusCode).toBe(200);
    expect((await t.call('CUSTOM', 'POST', '/v1/group', { name: 'x' })).statusCode).toBe(403);
  });

  it('hides another organisation’s groups', async () => {
    const group = (await t.call('ADMIN', 'POST', '/v1/group', { name: 'Indore only' })).json<{
      data: Group;
    }>().data;
    expect((await t.call(BHOPAL_ADMIN, 'GET', `/v1/group/${group.id}`)).statusCode).toBe(404);
    expect((await t.call(BHOPAL_ADMIN, 'GET', `/v1/group/${group.id}/summary`)).statusCode).toBe(404);
    expect(
      (await t.call(BHOPAL_ADMIN, 'PUT', `/v1/group/${group.id}/vehicles`, { vehicleIds: [] })).statusCode,
    ).toBe(404);
    const list = await t.call(BHOPAL_ADMIN, 'GET', '/v1/group?search=Indore');
    expect(list.json<{ data: { total: number } }>().data.total).toBe(0);
  });
});
