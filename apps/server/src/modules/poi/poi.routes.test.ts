/** /v1/poi: CRUD with its own circle geofence, validation, permissions, organisation scope. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminDivision, Geofence, Poi } from '@civicfleet/shared';
import { BHOPAL, INDORE, organisationId } from '../../gateway/testing/fleet.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { setCustomRoleScopes } from '../geofence/scoped-role.testing.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';
const yard = {
  name: 'Devguradia trenching ground',
  kind: 'dump-yard',
  lat: 22.655,
  lon: 75.905,
  radiusM: 300,
};

describe('/v1/poi', () => {
  const t = useTestApp();
  let wardId: string;

  beforeAll(async () => {
    await setCustomRoleScopes(t.db, { poi: {} });
    const wards = await t.call('ADMIN', 'GET', '/v1/admin-divisions?type=WARD&search=Sarafa');
    wardId = wards.json<{ data: AdminDivision[] }>().data[0]?.id ?? '';
  });

  it('creates a POI with its circle geofence, edits both, deletes both', async () => {
    const res = await t.call('ADMIN', 'POST', '/v1/poi', { ...yard, wardId, address: 'Devguradia, Indore' });
    expect(res.statusCode, res.body).toBe(200);
    const poi = res.json<{ data: Poi }>().data;
    expect(poi).toMatchObject({
      kind: 'dump-yard',
      wardId,
      organisationId: String(await organisationId(t.db, INDORE)),
    });
    const fence = (await t.call('ADMIN', 'GET', `/v1/geofence/${poi.geofenceId}`)).json<{ data: Geofence }>()
      .data;
    expect(fence).toMatchObject({
      name: yard.name,
      kind: 'dump-yard',
      geometry: { type: 'Point', coordinates: [75.905, 22.655] },
      radiusM: 300,
      poiId: poi.id,
    });
    // The fence is edited through its POI only.
    const direct = await t.call('ADMIN', 'DELETE', `/v1/geofence/${poi.geofenceId}`);
    expect(direct.statusCode).toBe(409);

    const edit = await t.call('ADMIN', 'PUT', `/v1/poi/${poi.id}`, { ...yard, kind: 'depot', radiusM: 80 });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json<{ data: Poi }>().data).toMatchObject({
      kind: 'depot',
      wardId: null,
      geofenceId: poi.geofenceId,
    });
    const moved = (await t.call('ADMIN', 'GET', `/v1/geofence/${poi.geofenceId}`)).json<{ data: Geofence }>()
      .data;
    expect(moved).toMatchObject({ kind: 'garage', radiusM: 80 });

    const list = await t.call('ADMIN', 'GET', '/v1/poi?kind=depot&search=trenching');
    expect(list.json<{ data: { items: Poi[] } }>().data.items.map((p) => p.id)).toEqual([poi.id]);

    expect((await t.call('ADMIN', 'DELETE', `/v1/poi/${poi.id}`)).statusCode).toBe(200);
    expect((await t.call('ADMIN', 'GET', `/v1/poi/${poi.id}`)).statusCode).toBe(404);
    expect((await t.call('ADMIN', 'GET', `/v1/geofence/${poi.geofenceId}`)).statusCode).toBe(404);
  });

  it('explains bad input', async () => {
    const cases: Array<[object, string, string]> = [
      [{ ...yard, lat: 51.5 }, 'lat', 'The latitude must be inside India'],
      [
        { ...yard, kind: 'temple' },
        'kind',
        'The kind must be one of collection-point, dump-yard, transfer-station, depot, fuel-station, other',
      ],
      [{ ...yard, radiusM: 5 }, 'radiusM', 'The radius must be 10 to 50,000 metres'],
      [{ ...yard, name: ' ' }, 'name', 'The name is required'],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.call('ADMIN', 'POST', '/v1/poi', body);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ errors: Record<string, string> }>().errors[field]).toBe(message);
    }
    const circle = await t.call('ADMIN', 'GET', '/v1/admin-divisions?type=CIRCLE');
    const notWard = await t.call('ADMIN', 'POST', '/v1/poi', {
      ...yard,
      wardId: circle.json<{ data: AdminDivision[] }>().data[0]?.id,
    });
    expect(notWard.statusCode).toBe(400);
    expect(notWard.json()).toMatchObject({ message: "The ward must be a ward of the POI's organisation" });
  });

  it('needs the module and its actions', async () => {
    expect((await t.call('LIMITED_USER', 'GET', '/v1/poi')).statusCode).toBe(403);
    expect((await t.call('CUSTOM', 'GET', '/v1/poi')).statusCode).toBe(200);
    expect((await t.call('CUSTOM', 'POST', '/v1/poi', yard)).statusCode).toBe(403);
  });

  it('hides another organisation’s POIs', async () => {
    const poi = (await t.call('ADMIN', 'POST', '/v1/poi', yard)).json<{ data: Poi }>().data;
    expect((await t.call(BHOPAL_ADMIN, 'GET', `/v1/poi/${poi.id}`)).statusCode).toBe(404);
    expect((await t.call(BHOPAL_ADMIN, 'PUT', `/v1/poi/${poi.id}`, yard)).statusCode).toBe(404);
    const list = await t.call(BHOPAL_ADMIN, 'GET', '/v1/poi?search=Devguradia');
    expect(list.json<{ data: { total: number } }>().data.total).toBe(0);
    const bhopal = await t.call(BHOPAL_ADMIN, 'POST', '/v1/poi', { ...yard, lat: 23.25, lon: 77.41, wardId });
    expect(bhopal.statusCode).toBe(400);
    expect(String(await organisationId(t.db, BHOPAL))).toBeTruthy();
  });
});
