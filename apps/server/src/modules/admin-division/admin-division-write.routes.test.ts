/** POST/PUT/DELETE /v1/admin-divisions, parentZone/parentCircle filters, GeoJSON and KML import. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminDivision, AdminDivisionImportResult } from '@civicfleet/shared';
import { TOPICS } from '../../bus/bus.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { setCustomRoleScopes } from '../geofence/scoped-role.testing.ts';
import { parseKml } from './kml.ts';

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

describe('/v1/admin-divisions writes', () => {
  const t = useTestApp();
  const published: string[] = [];
  beforeAll(async () => {
    t.bus.subscribe<{ organisationId: string }>(TOPICS.deriveContext, (m) =>
      published.push(m.organisationId),
    );
    await setCustomRoleScopes(t.db, { 'admin-division': {} });
  });

  const post = (body: object, who = 'ADMIN') => t.call(who, 'POST', '/v1/admin-divisions', body);
  const data = <T>(res: { json: <U>() => U }) => res.json<{ data: T }>().data;

  it('creates zone → circle → ward with parent checks, edits a ward (fences reload) and deletes bottom-up', async () => {
    const zone = data<AdminDivision>(await post({ type: 'ZONE', name: 'Zone 19', code: 'Z19' }));
    const circle = data<AdminDivision>(await post({ type: 'CIRCLE', name: 'Circle 40', parentId: zone.id }));
    published.length = 0;
    const wardRes = await post({
      type: 'WARD',
      name: 'Ward 85 Nipania',
      code: 'W85',
      parentId: circle.id,
      geometry: square(75.9, 22.76),
    });
    expect(wardRes.statusCode, wardRes.body).toBe(200);
    const ward = data<AdminDivision>(wardRes);
    expect(ward).toMatchObject({ type: 'WARD', parentId: circle.id, geometry: { type: 'Polygon' } });
    expect(published).toHaveLength(1);

    const wrongParent = await post({ type: 'WARD', name: 'x', parentId: zone.id });
    expect(wrongParent.statusCode).toBe(400);
    expect(wrongParent.json()).toMatchObject({
      message: 'The parent of a ward must be a circle of the same organisation',
    });
    const zoneWithParent = await post({ type: 'ZONE', name: 'x', parentId: zone.id });
    expect(zoneWithParent.json()).toMatchObject({ message: 'A zone has no parent' });
    const badRing = await post({
      type: 'WARD',
      name: 'x',
      parentId: circle.id,
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [75.9, 22.7],
            [75.91, 22.7],
            [75.9, 22.7],
          ],
        ],
      },
    });
    expect(badRing.statusCode).toBe(400);

    const wards = await t.call('ADMIN', 'GET', `/v1/admin-divisions?type=WARD&parentZone=${zone.id}`);
    expect(data<AdminDivision[]>(wards).map((w) => w.id)).toEqual([ward.id]);
    const byCircle = await t.call('ADMIN', 'GET', `/v1/admin-divisions?parentCircle=${circle.id}`);
    expect(data<AdminDivision[]>(byCircle).map((w) => w.id)).toEqual([ward.id]);
    const circles = await t.call('ADMIN', 'GET', `/v1/admin-divisions?type=CIRCLE&parentZone=${zone.id}`);
    expect(data<AdminDivision[]>(circles).map((c) => c.id)).toEqual([circle.id]);

    published.length = 0;
    const edit = await t.call('ADMIN', 'PUT', `/v1/admin-divisions/${ward.id}`, {
      name: 'Ward 85',
      parentId: circle.id,
      geometry: square(75.91, 22.76),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(data<AdminDivision>(edit).name).toBe('Ward 85');
    expect(published).toHaveLength(1);

    const busy = await t.call('ADMIN', 'DELETE', `/v1/admin-divisions/${zone.id}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({
      message: 'This division is still used by sub-divisions, vehicles, POIs or recorded visits',
    });
    for (const id of [ward.id, circle.id, zone.id])
      expect((await t.call('ADMIN', 'DELETE', `/v1/admin-divisions/${id}`)).statusCode).toBe(200);
    expect((await t.call('ADMIN', 'GET', `/v1/admin-divisions/${zone.id}`)).statusCode).toBe(404);
  });

  it('imports a GeoJSON FeatureCollection with a result per feature (parents may come later)', async () => {
    const fc = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'Ward 90', type: 'ward', code: 'W90', parent: 'C50' },
          geometry: square(75.8, 22.6),
        },
        {
          type: 'Feature',
          properties: { name: 'Circle 50', type: 'CIRCLE', code: 'C50', parent: 'Zone 20' },
          geometry: square(75.8, 22.6, 0.05),
        },
        { type: 'Feature', properties: { name: 'Zone 20', type: 'ZONE' }, geometry: square(75.8, 22.6, 0.1) },
        {
          type: 'Feature',
          properties: { name: 'Ward 91', type: 'WARD', parent: 'Nowhere' },
          geometry: square(75.81, 22.6),
        },
        {
          type: 'Feature',
          properties: { name: 'Ward 92', type: 'WARD', parent: 'C50' },
          geometry: { type: 'Point', coordinates: [75.8, 22.6] },
        },
      ],
    };
    published.length = 0;
    const res = await t.call('ADMIN', 'POST', '/v1/admin-divisions/import', {
      format: 'geojson',
      content: JSON.stringify(fc),
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = data<AdminDivisionImportResult>(res);
    expect(result).toMatchObject({ created: 3, failed: 2 });
    expect(result.features.map((f) => [f.index, f.id === null ? f.error : 'ok'])).toEqual([
      [0, 'ok'],
      [1, 'ok'],
      [2, 'ok'],
      [3, 'The parent of a ward must be a circle of the same organisation'],
      [4, 'The geometry must be a GeoJSON Polygon or MultiPolygon'],
    ]);
    expect(published).toHaveLength(1);
    const bad = await t.call('ADMIN', 'POST', '/v1/admin-divisions/import', {
      format: 'geojson',
      content: '{"type":"Feature"}',
    });
    expect(bad.json()).toMatchObject({ message: 'The GeoJSON must be a FeatureCollection' });
  });

  it('imports KML Placemarks and refuses DOCTYPEs', async () => {
    const kml = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>
      <Placemark><name>Zone 21 &amp; Co</name><ExtendedData><Data name="type"><value>ZONE</value></Data></ExtendedData>
        <Polygon><outerBoundaryIs><LinearRing><coordinates>75.7,22.5,0 75.8,22.5,0 75.8,22.6,0 75.7,22.5,0</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
      <Placemark><name>Circle 51</name><ExtendedData><SchemaData><SimpleData name="type">CIRCLE</SimpleData><SimpleData name="parent">Zone 21 &amp; Co</SimpleData></SchemaData></ExtendedData>
        <MultiGeometry><Polygon><outerBoundaryIs><LinearRing><coordinates>75.7,22.5 75.75,22.5 75.75,22.55 75.7,22.5</coordinates></LinearRing></outerBoundaryIs></Polygon>
        <Polygon><outerBoundaryIs><LinearRing><coordinates>75.76,22.5 75.78,22.5 75.78,22.52 75.76,22.5</coordinates></LinearRing></outerBoundaryIs></Polygon></MultiGeometry></Placemark>
    </Document></kml>`;
    const res = await t.call('ADMIN', 'POST', '/v1/admin-divisions/import', { format: 'kml', content: kml });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<AdminDivisionImportResult>(res)).toMatchObject({ created: 2, failed: 0 });
    const circle = data<AdminDivision[]>(
      await t.call('ADMIN', 'GET', '/v1/admin-divisions?type=CIRCLE&search=Circle%2051'),
    )[0];
    const full = data<AdminDivision>(await t.call('ADMIN', 'GET', `/v1/admin-divisions/${circle?.id}`));
    expect(full.geometry).toMatchObject({ type: 'MultiPolygon' });
    const evil = await t.call('ADMIN', 'POST', '/v1/admin-divisions/import', {
      format: 'kml',
      content:
        '<!DOCTYPE kml [<!ENTITY x SYSTEM "file:///etc/passwd">]><kml><Placemark><name>&x;</name></Placemark></kml>',
    });
    expect(evil.statusCode).toBe(400);
    expect(evil.json()).toMatchObject({
      message: 'KML files with a DOCTYPE or entity declarations are not accepted',
    });
    expect(
      parseKml(
        '<kml><Placemark><name><![CDATA[A <b>]]></name><LineString><coordinates>75.1,22.1 75.2,22.2</coordinates></LineString></Placemark></kml>',
      ),
    ).toEqual([
      {
        index: 0,
        name: 'A <b>',
        data: {},
        polygons: [],
        lines: [
          [
            [75.1, 22.1],
            [75.2, 22.2],
          ],
        ],
        points: [],
      },
    ]);
  });

  it('needs the actions, and hides and protects another organisation’s divisions', async () => {
    expect((await t.call('CUSTOM', 'GET', '/v1/admin-divisions?type=ZONE')).statusCode).toBe(200);
    expect((await post({ type: 'ZONE', name: 'x' }, 'CUSTOM')).statusCode).toBe(403);
    expect(
      (await t.call('CUSTOM', 'POST', '/v1/admin-divisions/import', { format: 'kml', content: 'x' }))
        .statusCode,
    ).toBe(403);
    const zone = data<AdminDivision[]>(await t.call('ADMIN', 'GET', '/v1/admin-divisions?type=ZONE'))[0];
    expect(
      (await t.call(BHOPAL_ADMIN, 'PUT', `/v1/admin-divisions/${zone?.id}`, { name: 'x' })).statusCode,
    ).toBe(404);
    expect((await t.call(BHOPAL_ADMIN, 'DELETE', `/v1/admin-divisions/${zone?.id}`)).statusCode).toBe(404);
    const foreignParent = await post({ type: 'CIRCLE', name: 'x', parentId: zone?.id }, BHOPAL_ADMIN);
    expect(foreignParent.statusCode).toBe(400);
    expect(
      data<AdminDivision[]>(await t.call(BHOPAL_ADMIN, 'GET', `/v1/admin-divisions?parentZone=${zone?.id}`)),
    ).toEqual([]);
  });
});
