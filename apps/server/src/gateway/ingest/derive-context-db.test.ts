/** The database-backed derive context on the seeded demo database (Indore under Malwa Auto under Narmada). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import { createInProcessBus, TOPICS } from '../../bus/bus.ts';
import { DEFAULT_DERIVE_SETTINGS, fenceContains } from '../../derive/index.ts';
import {
  createDbDeriveContext,
  fenceFromGeometry,
  inheritDeriveSettings,
  subscribeDeriveContextInvalidation,
} from './derive-context-db.ts';
import { fencesFor } from './derive-context.ts';
import { sqlClientOf, type SqlClient, type SqlExecutor } from './sql-client.ts';

describe('createDbDeriveContext', () => {
  let test: TestDatabase;
  let sql: SqlClient;
  const ids: Record<'manufacturer' | 'vendor' | 'indore' | 'bhopal', bigint> = {
    manufacturer: 0n,
    vendor: 0n,
    indore: 0n,
    bhopal: 0n,
  };

  async function setDerive(organisationId: bigint, derive: unknown): Promise<void> {
    await sql.query(
      `insert into organisation_settings (organisation_id, settings) values ($1, $2::jsonb)
       on conflict (organisation_id) do update set settings = excluded.settings`,
      [String(organisationId), JSON.stringify({ derive })],
    );
  }

  /** Counts the queries that reach the database. */
  function counting(db: SqlExecutor): SqlExecutor & { count: number } {
    const wrapper = {
      count: 0,
      query<T>(text: string, params?: readonly unknown[]) {
        wrapper.count++;
        return db.query<T>(text, params);
      },
    };
    return wrapper;
  }

  beforeAll(async () => {
    test = await openTestDatabase();
    sql = sqlClientOf(test.database);
    const rows = await sql.query<{ id: string; trade_name: string }>(
      'select id::text as id, trade_name from organisations',
    );
    const find = (name: string) => BigInt(rows.find((r) => r.trade_name === name)?.id ?? '0');
    ids.manufacturer = find('Narmada Telematics Pvt Ltd');
    ids.vendor = find('Malwa Auto Electricals');
    ids.indore = find('Indore Municipal Corporation');
    ids.bhopal = find('Bhopal Municipal Corporation');
  });
  afterAll(async () => test?.close());

  it('answers defaults and no fences before a load, then the seeded fences', async () => {
    const provider = createDbDeriveContext();
    expect(provider.get(ids.indore)).toEqual({ settings: DEFAULT_DERIVE_SETTINGS, fences: [] });
    await provider.load(sql, ids.indore);
    const { settings, fences } = provider.get(ids.indore);
    expect(settings).toEqual(DEFAULT_DERIVE_SETTINGS);
    const wards = fences.filter((f) => f.id.startsWith('d'));
    expect(wards).toHaveLength(18);
    expect(wards.every((f) => f.type === 'polygon' && f.dwellS === 0)).toBe(true);
    const dumpYard = fences.find((f) => f.id.startsWith('g') && f.type === 'polygon');
    expect(dumpYard?.dwellS).toBe(300);
    expect(dumpYard && fenceContains(dumpYard, { lat: 22.66, lon: 75.89 })).toBe(true);
    expect(fences.filter((f) => f.type === 'circle').length).toBeGreaterThanOrEqual(4);
    // Bhopal has neither wards with boundaries nor geofences.
    await provider.load(sql, ids.bhopal);
    expect(provider.get(ids.bhopal).fences).toEqual([]);
  });

  it('inherits each setting from the nearest ancestor that sets it validly', async () => {
    await setDerive(ids.manufacturer, { stopRadiusM: 60, offlineAfterS: 1200, stopMinDurationS: 240 });
    await setDerive(ids.vendor, { stopRadiusM: 80, visitDwellS: 200, unknownKey: 5 });
    await setDerive(ids.indore, {
      visitDwellS: 90,
      stopMinDurationS: -1,
      timeZone: 'Mars/Olympus_Mons',
      gpsGapS: 0,
      speedLimitKph: null,
    });
    const provider = createDbDeriveContext();
    await provider.load(sql, ids.indore);
    expect(provider.get(ids.indore).settings).toEqual({
      ...DEFAULT_DERIVE_SETTINGS,
      stopRadiusM: 80,
      offlineAfterS: 1200,
      stopMinDurationS: 240,
      visitDwellS: 90,
    });
    await provider.load(sql, ids.bhopal);
    expect(provider.get(ids.bhopal).settings).toMatchObject({ stopRadiusM: 60, visitDwellS: 120 });
    await Promise.all([
      setDerive(ids.manufacturer, {}),
      setDerive(ids.vendor, {}),
      setDerive(ids.indore, {}),
    ]);
  });

  it('skips geofences with unusable geometry, and deleted ones', async () => {
    const [{ id: fenceOrg } = { id: '' }] = await sql.query<{ id: string }>(
      `insert into organisations (kind, trade_name) values ('CUSTOMER', 'Geometry Test') returning id::text as id`,
    );
    const add = (geometry: unknown, radiusM: number | null, deleted = false) =>
      sql.query(
        `insert into geofences (organisation_id, name, geometry, radius_m, deleted) values ($1, 'f', $2::jsonb, $3, $4)`,
        [fenceOrg, JSON.stringify(geometry), radiusM, deleted],
      );
    const square = [
      [
        [75.85, 22.71],
        [75.86, 22.71],
        [75.86, 22.72],
        [75.85, 22.71],
      ],
    ];
    await add({ type: 'Polygon', coordinates: square }, null);
    await add({ type: 'MultiPolygon', coordinates: [square, square] }, null);
    await add({ type: 'Point', coordinates: [75.85, 22.71] }, 100);
    await add({ type: 'Point', coordinates: [75.85, 22.71] }, null); // a point without a radius
    await add({ type: 'Polygon', coordinates: [[[75.85, 22.71]]] }, null);
    await add({ type: 'Polygon', coordinates: [[['75.85', 22.71]]] }, null);
    await add({ type: 'LineString', coordinates: [[75.85, 22.71]] }, null);
    await add(
      {
        type: 'Polygon',
        coordinates: [
          [
            [200, 22.71],
            [75.86, 22.71],
            [75.86, 22.72],
          ],
        ],
      },
      null,
    );
    await add({ type: 'Polygon', coordinates: square }, null, true);
    const provider = createDbDeriveContext();
    await provider.load(sql, BigInt(fenceOrg));
    expect(provider.get(BigInt(fenceOrg)).fences.map((f) => f.type)).toEqual([
      'polygon',
      'multipolygon',
      'circle',
    ]);
  });

  it('gives a geofence with assigned vehicles to those vehicles only, one without to all', async () => {
    const [{ id: org } = { id: '' }] = await sql.query<{ id: string }>(
      `insert into organisations (kind, trade_name) values ('CUSTOMER', 'Assignment Test') returning id::text as id`,
    );
    const vehicle = async (registration: string) =>
      BigInt(
        (
          await sql.query<{ id: string }>(
            `insert into vehicles (organisation_id, registration_number, kind, type, category)
             values ($1, $2, 'TRUCK', 'tipper', 'Goods') returning id::text as id`,
            [org, registration],
          )
        )[0]?.id ?? '0',
      );
    const fence = async (name: string) =>
      (
        await sql.query<{ id: string }>(
          `insert into geofences (organisation_id, name, geometry, radius_m) values ($1, $2, $3::jsonb, 100)
           returning id::text as id`,
          [org, name, JSON.stringify({ type: 'Point', coordinates: [75.85, 22.71] })],
        )
      )[0]?.id ?? '';
    const [a, b] = [await vehicle('MP09AS0001'), await vehicle('MP09AS0002')];
    const everyone = await fence('everyone');
    const onlyA = await fence('only A');
    await sql.query('insert into geofence_vehicles (geofence_id, vehicle_id) values ($1, $2)', [
      onlyA,
      String(a),
    ]);
    const provider = createDbDeriveContext();
    await provider.load(sql, BigInt(org));
    const context = provider.get(BigInt(org));
    const ids = (vehicleId: bigint | null) => fencesFor(context, vehicleId).map((f) => f.id);
    expect(ids(a)).toEqual([`g${everyone}`, `g${onlyA}`]);
    expect(ids(b)).toEqual([`g${everyone}`]);
    expect(ids(null)).toEqual([`g${everyone}`]);
    // One array per vehicle, built at load: the hot path allocates nothing.
    expect(fencesFor(context, a)).toBe(fencesFor(context, a));
    expect(fencesFor(context, b)).toBe(context.fences);
  });

  it('caches for the TTL and shares one load between concurrent callers', async () => {
    let now = 1_000_000;
    const provider = createDbDeriveContext({ ttlMs: 60_000, clock: () => now });
    const db = counting(sql);
    await Promise.all([provider.load(db, ids.indore), provider.load(db, ids.indore)]);
    const perLoad = db.count;
    expect(perLoad).toBe(3);
    await setDerive(ids.indore, { stopRadiusM: 75 });
    now += 59_000;
    await provider.load(db, ids.indore);
    expect(db.count).toBe(perLoad);
    expect(provider.get(ids.indore).settings.stopRadiusM).toBe(50);
    now += 2_000;
    await provider.load(db, ids.indore);
    expect(db.count).toBe(2 * perLoad);
    expect(provider.get(ids.indore).settings.stopRadiusM).toBe(75);
    await setDerive(ids.indore, {});
  });

  it('keeps serving the old context while an invalidated or stale one reloads in the background', async () => {
    let now = 0;
    const provider = createDbDeriveContext({ ttlMs: 60_000, clock: () => now });
    await provider.load(sql, ids.indore);
    const before = provider.get(ids.indore);
    await setDerive(ids.vendor, { stopRadiusM: 90 });
    // A change to an ancestor invalidates the descendants it was inherited by.
    provider.invalidate(ids.vendor);
    expect(provider.get(ids.indore)).toBe(before);
    await expect.poll(() => provider.get(ids.indore).settings.stopRadiusM).toBe(90);
    expect(provider.get(ids.indore).fences).toHaveLength(before.fences.length);

    await setDerive(ids.vendor, {});
    now += 61_000;
    expect(provider.get(ids.indore).settings.stopRadiusM).toBe(90); // stale, still served; reload started
    await expect.poll(() => provider.get(ids.indore).settings.stopRadiusM).toBe(50);
  });

  it('keeps the previous context when a reload fails, and never throws from get', async () => {
    let now = 0;
    const provider = createDbDeriveContext({ clock: () => now });
    await provider.load(sql, ids.indore);
    const before = provider.get(ids.indore);
    const broken = counting({ query: () => Promise.reject(new Error('connection lost')) });
    now += 61_000;
    await expect(provider.load(broken, ids.indore)).rejects.toThrow('connection lost');
    expect(provider.get(ids.indore)).toBe(before); // starts a background retry, which fails too
    await expect.poll(() => broken.count).toBe(2);
    expect(provider.get(ids.indore)).toBe(before); // no retry before the pause is over
    expect(broken.count).toBe(2);
  });

  it('invalidates from the bus', async () => {
    const bus = createInProcessBus();
    const seen: Array<bigint | undefined> = [];
    const unsubscribe = subscribeDeriveContextInvalidation(bus, { invalidate: (id) => seen.push(id) });
    bus.publish(TOPICS.deriveContext, { organisationId: '42' });
    bus.publish(TOPICS.deriveContext, { organisationId: 'x' });
    bus.publish(TOPICS.deriveContext, null);
    unsubscribe();
    bus.publish(TOPICS.deriveContext, { organisationId: '43' });
    expect(seen).toEqual([42n, undefined, undefined]);
  });
});

describe('pure helpers', () => {
  it('inherits root first and ignores junk', () => {
    expect(inheritDeriveSettings([null, 'x', [1], { stopRadiusM: 60 }, { stopRadiusM: 'far' }])).toEqual({
      ...DEFAULT_DERIVE_SETTINGS,
      stopRadiusM: 60,
    });
  });

  it('turns GeoJSON into fences, never throwing', () => {
    expect(
      fenceFromGeometry('g1', { type: 'Point', coordinates: [75.8, 22.7] }, { radiusM: 50, dwellS: 30 }),
    ).toEqual({ id: 'g1', type: 'circle', center: [75.8, 22.7], radiusM: 50, dwellS: 30 });
    for (const junk of [
      null,
      1,
      'Polygon',
      {},
      { type: 'Polygon' },
      { type: 'MultiPolygon', coordinates: [] },
    ]) {
      expect(fenceFromGeometry('g2', junk)).toBeNull();
    }
  });
});
