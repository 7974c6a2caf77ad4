/** GET /v1/vehicle/position/playback and /playback/export: track, stops, trips, alerts, totals, scope, limits. */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PLAYBACK_MESSAGES, type Playback } from '@civicfleet/shared';
import {
  events,
  organisationSettings,
  pois,
  positions,
  stateIntervals,
  trips,
} from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/helpers.ts';
import {
  INDORE,
  organisationId,
  seedTrackedVehicle,
  type TrackedVehicle,
} from '../../gateway/testing/fleet.ts';
import { createDevice } from '../device/device.repository.ts';
import { linkDevice } from '../vehicle/vehicle.repository.ts';
import { parseXml, type XmlElement } from './xml-reader.testing.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';
/** 25/11/2026 00:00 IST = 24/11 18:30 UTC. */
const DAY_START = Date.parse('2026-11-24T18:30:00Z');
const at = (minutes: number) => new Date(DAY_START + minutes * 60_000);
/** The device swap: A leaves the vehicle for another one at 11:30 IST, B takes its place. */
const SWAP = at(11 * 60 + 30);
/** The seeded Sarafa Bazaar collection point (Ward 15 Sarafa, Zone 3). */
const SARAFA = { lat: 22.7193, lon: 75.85815 };
const DAY = 'from=2026-11-25T00:00:00%2B05:30&to=2026-11-26T00:00:00%2B05:30';
/** The track's latitude at a minute of the day (6 decimals, so that every format prints it the same). */
const latOf = (minute: number) => Math.round((22.7 + minute * 0.0001) * 1e6) / 1e6;

describe('/v1/vehicle/position/playback', () => {
  const t = useTestApp({ clock: () => new Date('2026-11-26T06:00:00Z') });
  let vehicle: TrackedVehicle;
  let other: TrackedVehicle;
  let indore: bigint;
  /** Fix times (ms) expected in the vehicle's track. */
  const expected: number[] = [];

  const url = (query: string, vehicleId: bigint = vehicle.vehicleId) =>
    `/v1/vehicle/position/playback?vehicleId=${vehicleId}&${query}`;

  beforeAll(async () => {
    indore = await organisationId(t.db, INDORE);
    vehicle = await seedTrackedVehicle(t.db, {
      imei: '863200000000001',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09PB0001',
    });
    other = await seedTrackedVehicle(t.db, {
      imei: '863200000000002',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09PB0002',
    });
    const deviceB = await createDevice(t.db, { imei: '863200000000003', organisationId: indore });
    // A leaves for the other vehicle, B comes on: the link history says whose fixes belong to the vehicle when.
    await linkDevice(t.db, { vehicleId: vehicle.vehicleId, deviceId: deviceB, at: SWAP });
    await linkDevice(t.db, { vehicleId: other.vehicleId, deviceId: vehicle.deviceId, at: SWAP });

    const fix = (
      deviceId: bigint,
      vehicleId: bigint,
      minute: number,
      extra: Partial<typeof positions.$inferInsert> = {},
    ) => ({
      deviceId,
      vehicleId,
      fixedAt: at(minute),
      serverAt: at(minute),
      lat: latOf(minute),
      lon: 75.85,
      speedKph: minute % 2 === 0 ? 30 : 0,
      headingDeg: 90,
      ignition: true,
      gpsValid: true,
      distanceM: 100,
      ...extra,
    });
    const rows: Array<typeof positions.$inferInsert> = [];
    rows.push(fix(vehicle.deviceId, vehicle.vehicleId, -30)); // the day before
    for (let m = 60; m < 690; m += 10) {
      rows.push(fix(vehicle.deviceId, vehicle.vehicleId, m));
      expected.push(at(m).getTime());
    }
    rows.push(fix(vehicle.deviceId, vehicle.vehicleId, 65, { gpsValid: false, distanceM: 0 }));
    rows.push(
      fix(vehicle.deviceId, vehicle.vehicleId, 75, {
        lat: 25,
        attrs: { jump: { metres: 250_000 } },
        distanceM: 0,
      }),
    );
    // A on the other vehicle after the swap: not this vehicle's track.
    for (let m = 690; m < 720; m += 10) rows.push(fix(vehicle.deviceId, other.vehicleId, m, { lon: 75.9 }));
    for (let m = 690; m < 800; m += 10) {
      rows.push(fix(deviceB, vehicle.vehicleId, m, { speedKph: 52.5 }));
      expected.push(at(m).getTime());
    }
    rows.push(fix(deviceB, vehicle.vehicleId, 24 * 60 + 5)); // the next day
    await t.db.insert(positions).values(rows);

    const interval = (
      kind: 'moving' | 'idle' | 'stopped' | 'offline',
      from: number,
      to: number | null,
      extra = {},
    ) => ({
      deviceId: vehicle.deviceId,
      vehicleId: vehicle.vehicleId,
      organisationId: indore,
      kind,
      startedAt: at(from),
      endedAt: to === null ? null : at(to),
      startLat: SARAFA.lat,
      startLon: SARAFA.lon,
      ...extra,
    });
    await t.db.insert(stateIntervals).values([
      interval('stopped', -90, 60), // its last hour is inside the day
      interval('moving', 60, 120, { distanceM: 12_000, maxSpeedKph: 48 }),
      interval('idle', 120, 130),
      interval('moving', 130, 190, { distanceM: 6_000 }),
      interval('offline', 190, 250),
      interval('stopped', 250, 310, { startLat: 22.5, startLon: 78.5 }), // nowhere known: no address
      interval('moving', 310, 400, { distanceM: 9_000 }),
      interval('stopped', 1400, 1500), // 40 min inside the day
    ]);
    await t.db.insert(trips).values([
      {
        deviceId: vehicle.deviceId,
        vehicleId: vehicle.vehicleId,
        organisationId: indore,
        startedAt: at(60),
        endedAt: at(190),
        distanceM: 18_000.4,
        maxSpeedKph: 48.04,
        startLat: SARAFA.lat,
        startLon: SARAFA.lon,
        endLat: 22.5,
        endLon: 78.5,
      },
    ]);
    const event = (type: string, minute: number, vehicleId: bigint) => ({
      deviceId: vehicle.deviceId,
      vehicleId,
      organisationId: indore,
      type,
      startedAt: at(minute),
      endedAt: at(minute),
      lastAt: at(minute),
      lat: 22.71,
      lon: 75.86,
    });
    await t.db
      .insert(events)
      .values([
        event('sos', 100, vehicle.vehicleId),
        event('tamper', -60, vehicle.vehicleId),
        event('powerCut', 700, other.vehicleId),
      ]);
    await t.db.insert(pois).values({
      organisationId: indore,
      name: 'Depot & Yard "A" <1>',
      kind: 'depot',
      lat: SARAFA.lat,
      lon: SARAFA.lon + 0.0005,
      radiusM: 50,
    });
  });

  it('answers the day: track of both devices in their link periods, stops, trips, alerts and totals', async () => {
    const res = await t.call('LIMITED_USER', 'GET', url(DAY));
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: Playback }>().data;
    expect(data.vehicle).toEqual({
      id: String(vehicle.vehicleId),
      registrationNumber: 'MP09PB0001',
      kind: 'TRUCK',
    });
    expect(data.from).toBe('2026-11-24T18:30:00.000Z');
    expect(data.points.t).toEqual(expected);
    expect(data.points.lat).toHaveLength(expected.length);
    expect(data.points.lon.every((lon) => lon === 75.85)).toBe(true);
    expect(data.points.speedKph.at(-1)).toBe(52.5);
    expect(data.points.headingDeg[0]).toBe(90);
    expect(data.points.ignition[0]).toBe(true);

    expect(data.stops.map((s) => [s.kind, s.from, s.durationS])).toEqual([
      ['stop', '2026-11-24T18:30:00.000Z', 3600],
      ['idle', at(120).toISOString(), 600],
      ['stop', at(250).toISOString(), 3600],
      ['stop', at(1400).toISOString(), 2400],
    ]);
    expect(data.stops[0]?.address).toBe('near Depot & Yard "A" <1>, Sarafa Bazaar, Ward 15 Sarafa, Zone 3');
    expect(data.stops[2]?.address).toBeNull();

    expect(data.trips).toEqual([
      {
        startAt: at(60).toISOString(),
        endAt: at(190).toISOString(),
        distanceM: 18_000,
        durationS: 130 * 60,
        maxSpeedKph: 48,
        startLat: SARAFA.lat,
        startLon: SARAFA.lon,
        endLat: 22.5,
        endLon: 78.5,
        startAddress: data.stops[0]?.address,
        endAddress: null,
      },
    ]);
    expect(data.alerts).toEqual([
      { id: expect.any(String), type: 'sos', at: at(100).toISOString(), lat: 22.71, lon: 75.86 },
    ]);
    expect(data.totals).toEqual({
      // 63 valid fixes of A + 11 of B, 100 m each; the invalid fix and the jump count 0.
      distanceM: 7400,
      runS: (60 + 60 + 90) * 60,
      idleS: 600,
      stopS: 3600 + 3600 + 2400,
      offlineS: 3600,
      maxSpeedKph: 52.5,
      avgMovingSpeedKph: Math.round((27_000 / (210 * 60)) * 3.6 * 10) / 10,
    });
  });

  it('tells the range picker the longest range: 7 days by default', async () => {
    const res = await t.call('ADMIN', 'GET', '/v1/vehicle/position/playback/limits');
    expect(res.json<{ data: unknown }>().data).toEqual({ maxDays: 7 });
  });

  it('validates the range with clear messages', async () => {
    const message = async (query: string) => {
      const res = await t.call('ADMIN', 'GET', url(query));
      expect(res.statusCode).toBe(400);
      return res.json<{ message: string }>().message;
    };
    expect(await message('to=2026-11-26T00:00:00%2B05:30')).toBe(PLAYBACK_MESSAGES.from);
    expect(await message('from=2026-11-25&to=2026-11-26T00:00:00Z')).toBe(PLAYBACK_MESSAGES.from);
    expect(await message('from=2026-11-25T10:00:00Z&to=2026-11-25T09:00:00Z')).toBe(PLAYBACK_MESSAGES.order);
    expect(await message('from=2026-11-01T00:00:00Z&to=2026-11-08T00:00:01Z')).toBe(
      'Choose a time range of at most 7 days.',
    );
    expect(await message('from=2026-10-01T00:00:00Z&to=2026-11-08T00:00:00Z')).toBe(
      'Choose a time range of at most 31 days.',
    );
    const noVehicle = await t.call('ADMIN', 'GET', `/v1/vehicle/position/playback?${DAY}`);
    expect(noVehicle.statusCode).toBe(400);
    // Exactly 7 days is fine.
    expect(
      (await t.call('ADMIN', 'GET', url('from=2026-11-19T00:00:00Z&to=2026-11-26T00:00:00Z'))).statusCode,
    ).toBe(200);
  });

  it('takes the longest range from the organisation settings (playbackMaxDays, inherited)', async () => {
    const [kept] = await t.db
      .select({ settings: organisationSettings.settings })
      .from(organisationSettings)
      .where(eq(organisationSettings.organisationId, indore));
    const put = (settings: Record<string, unknown>) =>
      t.db
        .insert(organisationSettings)
        .values({ organisationId: indore, settings })
        .onConflictDoUpdate({ target: organisationSettings.organisationId, set: { settings } });
    await put({ ...kept?.settings, playbackMaxDays: 10 });
    const limits = await t.call('LIMITED_USER', 'GET', '/v1/vehicle/position/playback/limits');
    expect(limits.json<{ data: unknown }>().data).toEqual({ maxDays: 10 });
    const nine = await t.call('ADMIN', 'GET', url('from=2026-11-16T00:00:00Z&to=2026-11-25T00:00:00Z'));
    expect(nine.statusCode).toBe(200);
    const eleven = await t.call('ADMIN', 'GET', url('from=2026-11-14T00:00:00Z&to=2026-11-25T00:00:00Z'));
    expect(eleven.json<{ message: string }>().message).toBe('Choose a time range of at most 10 days.');
    await put(kept?.settings ?? {});
  });

  it('refuses a role without route-playback (403) and another organisation’s or a missing vehicle (404)', async () => {
    expect((await t.call('INVENTORY_MANAGER', 'GET', url(DAY))).statusCode).toBe(403);
    expect(
      (await t.call('INVENTORY_MANAGER', 'GET', '/v1/vehicle/position/playback/limits')).statusCode,
    ).toBe(403);
    const foreign = await t.call(BHOPAL_ADMIN, 'GET', url(DAY));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<{ message: string }>().message).toBe('Vehicle not found.');
    expect((await t.call('ADMIN', 'GET', url(DAY, 987654321n))).statusCode).toBe(404);
    expect(
      (await t.call(BHOPAL_ADMIN, 'GET', `${url(DAY).replace('/playback?', '/playback/export?')}&format=gpx`))
        .statusCode,
    ).toBe(404);
  });

  it('an empty range answers empty arrays and zero totals', async () => {
    const res = await t.call('ADMIN', 'GET', url('from=2026-10-01T00:00:00Z&to=2026-10-02T00:00:00Z'));
    const data = res.json<{ data: Playback }>().data;
    expect(data.points).toEqual({ t: [], lat: [], lon: [], speedKph: [], headingDeg: [], ignition: [] });
    expect(data.stops).toEqual([]);
    expect(data.totals).toEqual({
      distanceM: 0,
      runS: 0,
      idleS: 0,
      stopS: 0,
      offlineS: 0,
      maxSpeedKph: null,
      avgMovingSpeedKph: null,
    });
  });

  describe('export', () => {
    const download = async (format: string, query = DAY) => {
      const res = await t.call(
        'ADMIN',
        'GET',
        `/v1/vehicle/position/playback/export?vehicleId=${vehicle.vehicleId}&${query}&format=${format}`,
      );
      expect(res.statusCode).toBe(200);
      return res;
    };
    const children = (element: XmlElement, name: string) => element.children.filter((c) => c.name === name);

    it('GPX 1.1: one trkpt per fix with UTC time, stops as waypoints, escaped text', async () => {
      const res = await download('gpx');
      expect(res.headers['content-type']).toBe('application/gpx+xml; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="MP09PB0001_2026-11-25.gpx"');
      const gpx = parseXml(res.body);
      expect(gpx.name).toBe('gpx');
      expect(gpx.attributes.version).toBe('1.1');
      const points = gpx.find('trk')?.find('trkseg')?.children ?? [];
      expect(points).toHaveLength(expected.length);
      expect(points[0]?.attributes).toEqual({ lat: String(latOf(60)), lon: '75.85' });
      expect(points[0]?.find('time')?.text).toBe(new Date(expected[0] ?? 0).toISOString());
      expect(points.at(-1)?.find('time')?.text).toBe(new Date(expected.at(-1) ?? 0).toISOString());
      const waypoints = children(gpx, 'wpt');
      expect(waypoints).toHaveLength(4);
      expect(waypoints[0]?.find('desc')?.text).toBe(
        'near Depot & Yard "A" <1>, Sarafa Bazaar, Ward 15 Sarafa, Zone 3',
      );
      expect(res.body).toContain('Depot &amp; Yard &quot;A&quot; &lt;1&gt;');
    });

    it('KML: the track as a LineString and a gx:Track with times; stops and alerts as placemarks', async () => {
      const res = await download('kml');
      expect(res.headers['content-type']).toBe('application/vnd.google-earth.kml+xml; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="MP09PB0001_2026-11-25.kml"');
      const kml = parseXml(res.body);
      const placemarks = kml.find('Document')?.children.filter((c) => c.name === 'Placemark') ?? [];
      expect(placemarks).toHaveLength(1 + 4 + 1);
      const coordinates =
        placemarks[0]?.find('MultiGeometry')?.find('LineString')?.find('coordinates')?.text ?? '';
      const line = coordinates.split(' ');
      expect(line).toHaveLength(expected.length);
      expect(line[0]).toBe(`75.85,${latOf(60)},0`);
      const track = placemarks[0]?.find('MultiGeometry')?.find('gx:Track');
      expect(track && children(track, 'when').map((w) => Date.parse(w.text))).toEqual(expected);
      expect(placemarks.at(-1)?.find('name')?.text).toBe('Alert: sos');
    });

    it('CSV: header row and one row per fix in IST', async () => {
      const res = await download('csv');
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="MP09PB0001_2026-11-25.csv"');
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe('Time (IST),Latitude,Longitude,Speed (km/h),Heading (°),Ignition');
      expect(lines).toHaveLength(expected.length + 1);
      // The first fix: 01:00 IST.
      expect(lines[1]).toBe(`25/11/2026 01:00:00,${latOf(60)},75.85,30,90,On`);
      expect(lines.at(-1)).toMatch(/^25\/11\/2026 13:10:00,/);
    });

    it('names a range over several IST days after both; validates the format', async () => {
      const res = await download('gpx', 'from=2026-11-24T00:00:00%2B05:30&to=2026-11-26T00:00:00%2B05:30');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="MP09PB0001_2026-11-24_2026-11-25.gpx"',
      );
      const bad = await t.call(
        'ADMIN',
        'GET',
        `/v1/vehicle/position/playback/export?vehicleId=${vehicle.vehicleId}&${DAY}&format=pdf`,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toBe(PLAYBACK_MESSAGES.format);
      expect(
        (
          await t.call(
            'INVENTORY_MANAGER',
            'GET',
            `/v1/vehicle/position/playback/export?vehicleId=${vehicle.vehicleId}&${DAY}&format=csv`,
          )
        ).statusCode,
      ).toBe(403);
    });
  });
});

describe('the strict XML reader the export tests rely on', () => {
  it('refuses what is not well formed', () => {
    expect(parseXml('<a x="1 &amp; 2"><b>t &lt; u</b><c/></a>').find('b')?.text).toBe('t < u');
    expect(() => parseXml('<a>fish & chips</a>')).toThrow(/entity/);
    expect(() => parseXml('<a x="<"></a>')).toThrow();
    expect(() => parseXml('<a><b></a></b>')).toThrow(/closes/);
    expect(() => parseXml('<a><b></b>')).toThrow(/never closed/);
    expect(() => parseXml('<a/><b/>')).toThrow(/second root/);
  });
});
