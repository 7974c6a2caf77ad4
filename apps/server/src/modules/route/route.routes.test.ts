/** /v1/route: CRUD, checkpoints with POIs, KML import, vehicles, validation, permissions, organisation scope. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Poi, Route } from '@civicfleet/shared';
import { BHOPAL, INDORE, organisationId } from '../../gateway/testing/fleet.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { setCustomRoleScopes } from '../geofence/scoped-role.testing.ts';
import { createVehicle } from '../vehicle/vehicle.repository.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';
const path = {
  type: 'LineString',
  coordinates: [
    [75.85, 22.71],
    [75.86, 22.72],
    [75.87, 22.72],
  ],
};

describe('/v1/route', () => {
  const t = useTestApp();
  let truck: bigint;
  let bhopalTruck: bigint;
  let poi: Poi;

  beforeAll(async () => {
    truck = await createVehicle(t.db, {
      organisationId: await organisationId(t.db, INDORE),
      registrationNumber: 'MP09RT0001',
    });
    bhopalTruck = await createVehicle(t.db, {
      organisationId: await organisationId(t.db, BHOPAL),
      registrationNumber: 'MP04RT0001',
    });
    poi = (
      await t.call('ADMIN', 'POST', '/v1/poi', {
        name: 'Rajwada bin point',
        kind: 'collection-point',
        lat: 22.718,
        lon: 75.855,
      })
    ).json<{ data: Poi }>().data;
    await setCustomRoleScopes(t.db, { route: { 'add-route': true } });
  });

  it('creates a route with checkpoints, assigns vehicles, edits and deletes it', async () => {
    const res = await t.call('ADMIN', 'POST', '/v1/route', {
      name: 'Ward 15 morning',
      path,
      corridorM: 40,
      checkpoints: [
        { name: 'Rajwada', lat: 22.718, lon: 75.855, poiId: poi.id },
        { name: 'Sarafa', lat: 22.72, lon: 75.86 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const route = res.json<{ data: Route }>().data;
    expect(route).toMatchObject({ corridorM: 40, vehicleIds: [], path });
    expect(route.checkpoints.map((c) => c.poiId)).toEqual([poi.id, null]);

    const set = await t.call('ADMIN', 'PUT', `/v1/route/${route.id}/vehicles`, {
      vehicleIds: [String(truck)],
    });
    expect(set.json<{ data: Route }>().data.vehicleIds).toEqual([String(truck)]);
    const byVehicle = await t.call('ADMIN', 'GET', `/v1/route?vehicleId=${truck}`);
    expect(byVehicle.json<{ data: { items: Route[] } }>().data.items.map((r) => r.id)).toEqual([route.id]);
    const foreign = await t.call('ADMIN', 'PUT', `/v1/route/${route.id}/vehicles`, {
      vehicleIds: [String(bhopalTruck)],
    });
    expect(foreign.statusCode).toBe(400);

    const edit = await t.call('ADMIN', 'PUT', `/v1/route/${route.id}`, { name: 'Ward 15 evening', path });
    expect(edit.json<{ data: Route }>().data).toMatchObject({
      name: 'Ward 15 evening',
      corridorM: 50,
      checkpoints: [],
    });
    expect((await t.call('ADMIN', 'DELETE', `/v1/route/${route.id}`)).statusCode).toBe(200);
    expect((await t.call('ADMIN', 'GET', `/v1/route/${route.id}`)).statusCode).toBe(404);
  });

  it('imports a route from KML (add-kml)', async () => {
    const kml = `<kml><Document>
      <Placemark><name>Vijay Nagar loop</name><LineString><coordinates>75.89,22.75,0 75.9,22.76,0 75.91,22.75,0</coordinates></LineString></Placemark>
      <Placemark><name>C21 Mall bins</name><Point><coordinates>75.9,22.76,0</coordinates></Point></Placemark>
    </Document></kml>`;
    const res = await t.call('ADMIN', 'POST', '/v1/route/kml', { content: kml, corridorM: 30 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Route }>().data).toMatchObject({
      name: 'Vijay Nagar loop',
      corridorM: 30,
      path: {
        type: 'LineString',
        coordinates: [
          [75.89, 22.75],
          [75.9, 22.76],
          [75.91, 22.75],
        ],
      },
      checkpoints: [{ name: 'C21 Mall bins', lat: 22.76, lon: 75.9, poiId: null }],
    });
    const none = await t.call('ADMIN', 'POST', '/v1/route/kml', {
      content: '<kml><Placemark><name>x</name></Placemark></kml>',
    });
    expect(none.json()).toMatchObject({ message: 'The KML has no LineString to use as the route' });
    const outside = await t.call('ADMIN', 'POST', '/v1/route/kml', {
      content:
        '<kml><Placemark><LineString><coordinates>-0.1,51.5 -0.2,51.6</coordinates></LineString></Placemark></kml>',
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({
      message: 'Each position must be [longitude, latitude] inside India',
    });
  });

  it('explains bad input', async () => {
    const cases: Array<[object, string, string]> = [
      [
        { name: 'x', path: { type: 'LineString', coordinates: [[75.8, 22.7]] } },
        'path.coordinates',
        'A line needs at least 2 positions',
      ],
      [{ name: 'x', path, corridorM: 1 }, 'corridorM', 'The corridor width must be 5 to 2,000 metres'],
      [
        { name: 'x', path, checkpoints: [{ name: '', lat: 22.7, lon: 75.8 }] },
        'checkpoints.0.name',
        'Each checkpoint needs a name',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.call('ADMIN', 'POST', '/v1/route', body);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ errors: Record<string, string> }>().errors[field]).toBe(message);
    }
  });

  it('needs the module and each action', async () => {
    expect((await t.call('LIMITED_USER', 'GET', '/v1/route')).statusCode).toBe(403);
    expect((await t.call('CUSTOM', 'POST', '/v1/route', { name: 'Custom', path })).statusCode).toBe(200);
    expect((await t.call('CUSTOM', 'POST', '/v1/route/kml', { content: '<kml/>' })).statusCode).toBe(403);
  });

  it('hides another organisation’s routes and POIs', async () => {
    const route = (await t.call('ADMIN', 'POST', '/v1/route', { name: 'Indore only', path })).json<{
      data: Route;
    }>().data;
    expect((await t.call(BHOPAL_ADMIN, 'GET', `/v1/route/${route.id}`)).statusCode).toBe(404);
    expect((await t.call(BHOPAL_ADMIN, 'DELETE', `/v1/route/${route.id}`)).statusCode).toBe(404);
    expect(
      (await t.call(BHOPAL_ADMIN, 'GET', '/v1/route?search=Indore')).json<{ data: { total: number } }>().data
        .total,
    ).toBe(0);
    const withPoi = await t.call(BHOPAL_ADMIN, 'POST', '/v1/route', {
      name: 'x',
      path,
      checkpoints: [{ name: 'x', lat: 22.7, lon: 75.8, poiId: poi.id }],
    });
    expect(withPoi.statusCode).toBe(400);
    expect(withPoi.json()).toMatchObject({
      message: `Unknown POIs for this route's organisation: ${poi.id}`,
    });
  });
});
