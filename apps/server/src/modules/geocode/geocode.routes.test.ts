/** GET /v1/geocode/reverse, POST /v1/geocode/reverse-batch: own data, scope, validation, the external provider. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEOCODE_MESSAGES, type GeocodeBatch, type GeocodeResult } from '@civicfleet/shared';
import { geocodeCache } from '../../db/schema/index.ts';
import { createTestApp, useTestApp, type TestApp } from '../../../test/helpers.ts';
import { describePlaces } from './own-data.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';
/** The seeded Sarafa Bazaar collection point (a 60 m circle geofence in Ward 15 Sarafa, Zone 3). */
const SARAFA = { lat: 22.7193, lon: 75.85815 };
/** Open country far from every Indore place. */
const NOWHERE = { lat: 23.5, lon: 77.5 };

const reverse = async (t: TestApp, who: string, p: { lat: number; lon: number }) => {
  const res = await t.call(who, 'GET', `/v1/geocode/reverse?lat=${p.lat}&lon=${p.lon}`);
  return { status: res.statusCode, body: res.json<{ data: GeocodeResult; message: string }>() };
};

describe('/v1/geocode (own data)', () => {
  const t = useTestApp();

  it('names a point after the place, ward and zone of the caller’s organisation', async () => {
    const { status, body } = await reverse(t, 'ADMIN', SARAFA);
    expect(status).toBe(200);
    expect(body.data.source).toBe('own-data');
    expect(body.data.parts).toMatchObject({
      geofence: 'Sarafa Bazaar',
      ward: 'Ward 15 Sarafa',
      zone: 'Zone 3',
    });
    expect(body.data.address).toBe('near Sarafa Bazaar, Ward 15 Sarafa, Zone 3');
    const limited = await reverse(t, 'LIMITED_USER', SARAFA);
    expect(limited.body.data.address).toBe(body.data.address);
  });

  it('prefers the nearest POI within 300 m, and sees a new POI at once (bus invalidation)', async () => {
    const created = await t.call('ADMIN', 'POST', '/v1/poi', {
      name: 'Dump Yard & Depot <North>',
      kind: 'dump-yard',
      lat: SARAFA.lat + 0.001,
      lon: SARAFA.lon,
      radiusM: 50,
    });
    expect(created.statusCode).toBe(200);
    const { body } = await reverse(t, 'ADMIN', SARAFA);
    expect(body.data.parts).toMatchObject({ poi: 'Dump Yard & Depot <North>', geofence: 'Sarafa Bazaar' });
    expect(body.data.parts?.distanceM).toBeGreaterThan(100);
    expect(body.data.parts?.distanceM).toBeLessThan(120);
    expect(body.data.address).toBe('near Dump Yard & Depot <North>, Sarafa Bazaar, Ward 15 Sarafa, Zone 3');
  });

  it('never uses another organisation’s places; nothing known answers source none', async () => {
    const bhopal = await reverse(t, BHOPAL_ADMIN, SARAFA);
    expect(bhopal.status).toBe(200);
    expect(bhopal.body.data).toEqual({ address: null, source: 'none' });
    expect((await reverse(t, 'ADMIN', NOWHERE)).body.data.source).toBe('none');
    // SUPER_ADMIN sees every organisation.
    expect((await reverse(t, 'SUPER_ADMIN', SARAFA)).body.data.parts?.ward).toBe('Ward 15 Sarafa');
  });

  it('answers a batch in order from own data', async () => {
    const res = await t.call('ADMIN', 'POST', '/v1/geocode/reverse-batch', {
      points: [SARAFA, NOWHERE, SARAFA],
    });
    expect(res.statusCode).toBe(200);
    const { addresses } = res.json<{ data: GeocodeBatch }>().data;
    expect(addresses).toHaveLength(3);
    expect(addresses[0]).toContain('Ward 15 Sarafa');
    expect(addresses[1]).toBeNull();
    expect(addresses[2]).toBe(addresses[0]);
  });

  it('validates the query and the batch with clear messages; needs a session', async () => {
    const bad = await t.call('ADMIN', 'GET', '/v1/geocode/reverse?lat=91&lon=75');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(GEOCODE_MESSAGES.lat);
    const missing = await t.call('ADMIN', 'GET', '/v1/geocode/reverse?lat=22.7&lon=');
    expect(missing.json<{ message: string }>().message).toBe(GEOCODE_MESSAGES.lon);
    const empty = await t.call('ADMIN', 'POST', '/v1/geocode/reverse-batch', { points: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toBe(GEOCODE_MESSAGES.points);
    const tooMany = await t.call('ADMIN', 'POST', '/v1/geocode/reverse-batch', {
      points: Array.from({ length: 201 }, () => SARAFA),
    });
    expect(tooMany.json<{ message: string }>().message).toBe(GEOCODE_MESSAGES.points);
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/geocode/reverse?lat=22.7&lon=75.8' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('describePlaces', () => {
  it('puts "near" before the first place and skips repeats', () => {
    const parts = { poi: 'A', distanceM: 5, geofence: 'A', ward: 'Ward 1', zone: null };
    expect(describePlaces(parts)).toBe('near A, Ward 1');
    expect(describePlaces({ ...parts, poi: null })).toBe('near A, Ward 1');
    expect(describePlaces({ poi: null, distanceM: null, geofence: null, ward: null, zone: 'Zone 3' })).toBe(
      'Zone 3',
    );
  });
});

describe('/v1/geocode with an external provider', () => {
  let t: TestApp;
  let server: Server;
  const requests: IncomingMessage[] = [];
  /** Per request: the answer for the latitude asked ('slow' never answers in time, 'fail' is a 500). */
  const answer = (lat: string): 'slow' | 'fail' | object => {
    if (lat.startsWith('22.71930')) return { display_name: 'Sarafa Bazar, Indore, Madhya Pradesh' };
    if (lat.startsWith('22.70000')) return [{ address: { road: 'MG Road', city: 'Indore' } }];
    if (lat.startsWith('22.72000')) return 'slow';
    if (lat.startsWith('22.73000')) return { error: 'Unable to geocode' };
    return 'fail';
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(req);
      const lat = new URL(req.url ?? '/', 'http://x').searchParams.get('lat') ?? '';
      const reply = answer(lat);
      if (reply === 'fail') {
        res.writeHead(500).end('boom');
        return;
      }
      const send = () =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
      if (reply === 'slow') setTimeout(send, 1500).unref();
      else send();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({
      env: {
        geocoder: {
          urlTemplate: `http://127.0.0.1:${port}/reverse?lat={lat}&lon={lon}&format=json`,
          key: 'secret-key',
          timeoutMs: 300,
        },
      },
    });
  });

  afterAll(async () => {
    await t.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('asks the provider once per rounded position, then answers from geocode_cache', async () => {
    const first = await reverse(t, 'ADMIN', SARAFA);
    expect(first.body.data).toMatchObject({
      address: 'Sarafa Bazar, Indore, Madhya Pradesh',
      source: 'provider',
    });
    expect(first.body.data.parts?.ward).toBe('Ward 15 Sarafa');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.authorization).toBe('Bearer secret-key');
    const cached = await t.db.select().from(geocodeCache);
    expect(cached).toEqual([
      expect.objectContaining({
        provider: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
        latKey: 22.7193,
        lonKey: 75.8582,
      }),
    ]);
    // 3 m away rounds to the same key: no second request.
    const second = await reverse(t, 'ADMIN', { lat: 22.71931, lon: 75.85816 });
    expect(second.body.data.address).toBe('Sarafa Bazar, Indore, Madhya Pradesh');
    expect(requests).toHaveLength(1);
    // An address object is joined.
    expect((await reverse(t, 'ADMIN', { lat: 22.7, lon: 75.85 })).body.data.address).toBe('MG Road, Indore');
    expect(requests).toHaveLength(2);
  });

  it('falls back to own data on a timeout or an error, and caches nothing then', async () => {
    const started = Date.now();
    const slow = await reverse(t, 'ADMIN', { lat: 22.72, lon: 75.85 });
    expect(Date.now() - started).toBeLessThan(1400);
    expect(slow.body.data.source).not.toBe('provider');
    const failed = await reverse(t, 'ADMIN', SARAFA_NEIGHBOUR);
    expect(failed.body.data.source).toBe('own-data');
    expect(failed.body.data.address).toContain('Ward 15 Sarafa');
    expect(requests).toHaveLength(4);
    expect(await t.db.select().from(geocodeCache)).toHaveLength(2);
  });

  it('caches an answer without an address too: the next ask nearby makes no request', async () => {
    const first = await reverse(t, 'ADMIN', { lat: 22.73, lon: 75.85 });
    expect(first.body.data.source).not.toBe('provider');
    expect(requests).toHaveLength(5);
    const again = await reverse(t, 'ADMIN', { lat: 22.73001, lon: 75.85001 });
    expect(again.body.data).toEqual(first.body.data);
    expect(requests).toHaveLength(5);
  });

  it('answers batches from the cache and own data without asking the provider', async () => {
    const res = await t.call('ADMIN', 'POST', '/v1/geocode/reverse-batch', {
      points: [SARAFA, SARAFA_NEIGHBOUR, NOWHERE],
    });
    expect(res.json<{ data: GeocodeBatch }>().data.addresses).toEqual([
      'Sarafa Bazar, Indore, Madhya Pradesh',
      expect.stringContaining('Ward 15 Sarafa'),
      null,
    ]);
    expect(requests).toHaveLength(5);
  });
});

/** Inside Ward 15 Sarafa, 40 m from the bazaar; the test provider fails for it. */
const SARAFA_NEIGHBOUR = { lat: 22.7196, lon: 75.8583 };
