/** /v1/geofence: CRUD, GeoJSON validation, vehicle assignment, permissions, organisation scope, gateway reload. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Geofence, VehicleGeofences } from '@civicfleet/shared';
import { and, eq } from 'drizzle-orm';
import { TOPICS } from '../../bus/bus.ts';
import { auditLog } from '../../db/schema/index.ts';
import { BHOPAL, INDORE, organisationId } from '../../gateway/testing/fleet.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { createVehicle } from '../vehicle/vehicle.repository.ts';
import { setCustomRoleScopes } from './scoped-role.testing.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';
const square = (lon: number, lat: number, d = 0.01) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon, lat],
      [lon + d, lat],
      [lon + d, lat + d],
      [lon, lat + d],
      [lon, lat],
    ],
  ],
});

describe('/v1/geofence', () => {
  const t = useTestApp();
  const published: string[] = [];
  let indoreOrg: bigint;
  let truck: bigint;
  let tipper: bigint;
  let bhopalTruck: bigint;

  beforeAll(async () => {
    indoreOrg = await organisationId(t.db, INDORE);
    truck = await createVehicle(t.db, { organisationId: indoreOrg, registrationNumber: 'MP09GF0001' });
    tipper = await createVehicle(t.db, { organisationId: indoreOrg, registrationNumber: 'MP09GF0002' });
    bhopalTruck = await createVehicle(t.db, {
      organisationId: await organisationId(t.db, BHOPAL),
      registrationNumber: 'MP04GF0001',
    });
    t.bus.subscribe<{ organisationId: string }>(TOPICS.deriveContext, (m) =>
      published.push(m.organisationId),
    );
    await setCustomRoleScopes(t.db, { geofence: {}, 'vehicle-status': {} });
  });

  const create = async (body: object, who = 'ADMIN') => t.call(who, 'POST', '/v1/geofence', body);

  it('creates, reads, lists, edits and deletes a fence; each write reloads the gateways and is audited', async () => {
    const res = await create({
      name: 'Devguradia dump yard',
      kind: 'dump-yard',
      geometry: square(75.9, 22.65),
      dwellS: 120,
    });
    expect(res.statusCode, res.body).toBe(200);
    const fence = res.json<{ data: Geofence }>().data;
    expect(fence).toMatchObject({
      organisationId: String(indoreOrg),
      kind: 'dump-yard',
      radiusM: null,
      dwellS: 120,
      poiId: null,
      vehicleIds: [],
    });
    expect(published).toContain(String(indoreOrg));

    const circle = await create({
      name: 'Test circle depot',
      kind: 'garage',
      geometry: { type: 'Point', coordinates: [75.86, 22.72] },
      radiusM: 150,
    });
    expect(circle.json<{ data: Geofence }>().data.radiusM).toBe(150);

    const list = await t.call('ADMIN', 'GET', '/v1/geofence?search=dump&pageSize=5');
    expect(list.json<{ data: { items: Geofence[]; total: number } }>().data.items.map((g) => g.name)).toEqual(
      ['Devguradia dump yard'],
    );
    const byKind = await t.call('ADMIN', 'GET', '/v1/geofence?kind=garage&search=Test%20circle');
    expect(byKind.json<{ data: { total: number } }>().data.total).toBe(1);

    published.length = 0;
    const edit = await t.call('ADMIN', 'PUT', `/v1/geofence/${fence.id}`, {
      name: 'Devguradia trenching ground',
      kind: 'dump-yard',
      geometry: { type: 'MultiPolygon', coordinates: [square(75.9, 22.65).coordinates] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json<{ data: Geofence }>().data).toMatchObject({
      name: 'Devguradia trenching ground',
      dwellS: null,
    });
    expect(published).toEqual([String(indoreOrg)]);

    const del = await t.call('ADMIN', 'DELETE', `/v1/geofence/${fence.id}`);
    expect(del.statusCode).toBe(200);
    expect((await t.call('ADMIN', 'GET', `/v1/geofence/${fence.id}`)).statusCode).toBe(404);
    const audited = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'geofence'), eq(auditLog.entityId, fence.id)));
    expect(audited.map((a) => a.action).sort()).toEqual([
      'geofence.created',
      'geofence.deleted',
      'geofence.updated',
    ]);
  });

  it('explains bad geometry', async () => {
    const open = square(75.9, 22.65);
    open.coordinates[0]?.pop();
    const cases: Array<[object, string, string]> = [
      [
        { name: 'x', geometry: open },
        'geometry.coordinates.0',
        'Each polygon ring must be closed (first position = last) with at least 4 positions',
      ],
      [
        { name: 'x', geometry: square(-0.1, 51.5) },
        'geometry.coordinates.0.0',
        'Each position must be [longitude, latitude] inside India',
      ],
      [
        { name: 'x', geometry: { type: 'Point', coordinates: [75.8, 22.7] } },
        'radiusM',
        'A point geofence needs a radius of 10 to 50,000 metres',
      ],
      [
        { name: 'x', geometry: { type: 'Point', coordinates: [75.8, 22.7] }, radiusM: 5 },
        'radiusM',
        'A point geofence needs a radius of 10 to 50,000 metres',
      ],
      [
        { name: 'x', geometry: square(75.9, 22.65), radiusM: 100 },
        'radiusM',
        'Only a point geofence takes a radius',
      ],
      [
        {
          name: 'x',
          geometry: {
            type: 'LineString',
            coordinates: [
              [75.8, 22.7],
              [75.9, 22.7],
            ],
          },
        },
        'geometry',
        'The geometry must be a GeoJSON Polygon, MultiPolygon or Point',
      ],
      [{ name: '', geometry: square(75.9, 22.65) }, 'name', 'The name is required'],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const answer = res.json<{ success: boolean; errors?: Record<string, string> }>();
      expect(answer.success).toBe(false);
      expect(Object.entries(answer.errors ?? {})).toContainEqual([
        expect.stringContaining(field.split('.')[0] ?? field),
        message,
      ]);
    }
  });

  it('assigns vehicles to a fence and fences to a vehicle (vehicle status "assign geofence")', async () => {
    const fence = (
      await create({
        name: 'Ward 15 transfer station',
        kind: 'transfer-station',
        geometry: square(75.85, 22.71),
      })
    ).json<{ data: Geofence }>().data;
    const put = await t.call('ADMIN', 'PUT', `/v1/geofence/${fence.id}/vehicles`, {
      vehicleIds: [String(truck), String(truck)],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<{ data: Geofence }>().data.vehicleIds).toEqual([String(truck)]);
    const foreign = await t.call('ADMIN', 'PUT', `/v1/geofence/${fence.id}/vehicles`, {
      vehicleIds: [String(bhopalTruck)],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ message: string }>().message).toBe(
      `Unknown vehicles for this geofence's organisation: ${bhopalTruck}`,
    );

    const forTipper = await t.call('ADMIN', 'GET', `/v1/geofence/vehicle/${tipper}`);
    const tipperFences = forTipper.json<{ data: VehicleGeofences }>().data.geofences;
    expect(tipperFences.find((g) => g.id === fence.id)).toMatchObject({
      isAssigned: false,
      isOrganisationWide: false,
    });
    const assign = await t.call('ADMIN', 'PUT', `/v1/geofence/vehicle/${tipper}`, {
      geofenceIds: [fence.id],
    });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(
      assign.json<{ data: VehicleGeofences }>().data.geofences.find((g) => g.id === fence.id)?.isAssigned,
    ).toBe(true);
    const both = await t.call('ADMIN', 'GET', `/v1/geofence/${fence.id}`);
    expect(both.json<{ data: Geofence }>().data.vehicleIds.sort()).toEqual(
      [String(truck), String(tipper)].sort(),
    );
    expect((await t.call(BHOPAL_ADMIN, 'GET', `/v1/geofence/vehicle/${tipper}`)).statusCode).toBe(404);
  });

  it('needs the module for reading and each action for writing', async () => {
    expect((await t.call('LIMITED_USER', 'GET', '/v1/geofence')).statusCode).toBe(403);
    expect((await t.call('CUSTOM', 'GET', '/v1/geofence')).statusCode).toBe(200);
    const denied = await create({ name: 'x', geometry: square(75.9, 22.65) }, 'CUSTOM');
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ success: false });
    expect(
      (await t.call('CUSTOM', 'PUT', `/v1/geofence/vehicle/${truck}`, { geofenceIds: [] })).statusCode,
    ).toBe(403);
  });

  it('hides another organisation’s fences', async () => {
    const fence = (await create({ name: 'Indore only', geometry: square(75.9, 22.6) })).json<{
      data: Geofence;
    }>().data;
    expect((await t.call(BHOPAL_ADMIN, 'GET', `/v1/geofence/${fence.id}`)).statusCode).toBe(404);
    expect((await t.call(BHOPAL_ADMIN, 'DELETE', `/v1/geofence/${fence.id}`)).statusCode).toBe(404);
    const list = await t.call(BHOPAL_ADMIN, 'GET', '/v1/geofence?search=Indore');
    expect(list.json<{ data: { total: number } }>().data.total).toBe(0);
    const into = await create(
      { name: 'x', geometry: square(77.4, 23.2), organisationId: String(indoreOrg) },
      BHOPAL_ADMIN,
    );
    expect(into.statusCode).toBe(404);
    expect(into.json()).toEqual({ success: false, message: 'Organisation not found.' });
  });
});
