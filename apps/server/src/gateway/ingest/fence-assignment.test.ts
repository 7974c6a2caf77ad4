/**
 * Geofence assignments (geofence_vehicles) in the derive stage, over real TCP into a real database: a fence assigned
 * to vehicle A gives A visits and not B; once it has no vehicles it applies to the whole organisation again. The
 * assignments are changed through the API (PUT /v1/geofence/:id/vehicles), whose TOPICS.deriveContext message
 * reloads the gateway's cached context.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Geofence } from '@civicfleet/shared';
import { rows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startGateway, type Gateway } from '../gateway.ts';
import {
  eventually,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  testGatewayConfig,
  type TrackedVehicle,
} from '../testing/fleet.ts';
import { gt06Ack, gt06Location, gt06Login, toHex, type Gt06Fix } from '../testing/packets.ts';
import { TcpDevice } from '../testing/tcp-device.ts';
import { fencesFor, geofenceKey, type DeriveContextProvider } from './derive-context.ts';
import { createLiveDeriveContext } from './derive-context-db.ts';
import { deriveWiring } from './derive-stage.ts';

const LOGIN = 0x01;
const LOCATION = 0x12;
/** A 150 m circle east of the seeded Indore fences. */
const CENTRE = { lat: 22.7, lon: 75.95 };
const LON_PER_M = 1 / (111_320 * Math.cos((CENTRE.lat * Math.PI) / 180));

/** 2 fixes approaching, 4 inside (dwell 0: a visit from the first fix inside), 3 leaving; 30 s apart. */
function throughFence(startMs: number): Gt06Fix[] {
  const offsetsM = [-900, -600, -100, -50, 0, 50, 600, 900, 1200];
  return offsetsM.map((m, i) => ({
    at: new Date(startMs + i * 30_000),
    lat: CENTRE.lat,
    lon: CENTRE.lon + m * LON_PER_M,
    speedKph: 20,
    ignition: true,
  }));
}

describe('geofence assignments in the derive stage', () => {
  let t: TestApp;
  let gateway: Gateway;
  let context: DeriveContextProvider;
  let port: number;
  let indore: bigint;
  let a: TrackedVehicle;
  let b: TrackedVehicle;
  let fence: Geofence;
  let serial = 10;

  async function drive(imei: string, fixes: readonly Gt06Fix[]): Promise<void> {
    const device = await TcpDevice.connect(port);
    await device.write(gt06Login(imei, 1));
    expect(toHex(await device.read(10))).toBe(toHex(gt06Ack(LOGIN, 1)));
    for (const fix of fixes) {
      serial += 1;
      await device.write(gt06Location(fix, serial));
      expect(toHex(await device.read(10))).toBe(toHex(gt06Ack(LOCATION, serial)));
    }
    device.socket.end();
    await device.closed;
  }

  const visitsOf = (deviceId: bigint) =>
    rows<{ entered_at: Date; exited_at: Date | null }>(
      t.db,
      sql`select entered_at, exited_at from geofence_visits
          where device_id = ${deviceId} and fence_key = ${geofenceKey(BigInt(fence.id))} order by entered_at`,
    );

  const assign = async (vehicleIds: bigint[]) => {
    const res = await t.call('ADMIN', 'PUT', `/v1/geofence/${fence.id}/vehicles`, {
      vehicleIds: vehicleIds.map(String),
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  /** Whether the gateway's (reloaded) context gives the fence to `vehicleId`. */
  const applies = (vehicleId: bigint) =>
    fencesFor(context.get(indore), vehicleId).some((f) => f.id === geofenceKey(BigInt(fence.id)));

  beforeAll(async () => {
    t = await createTestApp();
    indore = await organisationId(t.db, INDORE);
    a = await seedTrackedVehicle(t.db, {
      imei: '359710049095301',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09FA0001',
    });
    b = await seedTrackedVehicle(t.db, {
      imei: '359710049095302',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09FA0002',
    });
    const created = await t.call('ADMIN', 'POST', '/v1/geofence', {
      name: 'Assigned transfer station',
      kind: 'transfer-station',
      geometry: { type: 'Point', coordinates: [CENTRE.lon, CENTRE.lat] },
      radiusM: 150,
      dwellS: 0,
    });
    expect(created.statusCode, created.body).toBe(200);
    fence = created.json<{ data: Geofence }>().data;
    context = createLiveDeriveContext(t.bus);
    gateway = await startGateway({
      database: t.database,
      bus: t.bus,
      config: testGatewayConfig(),
      protocols: ['gt06'],
      ...deriveWiring(context),
    });
    port = gateway.ports.gt06 ?? 0;
  });
  afterAll(async () => {
    await gateway?.stop();
    await t?.close();
  });

  it('derives a visit for the assigned vehicle only', async () => {
    await assign([a.vehicleId]);
    await drive(a.imei, throughFence(Date.parse('2026-02-10T05:00:00Z')));
    await eventually(async () => applies(a.vehicleId) && !applies(b.vehicleId));
    await drive(b.imei, throughFence(Date.parse('2026-02-10T05:00:00Z')));

    const visitsA = await visitsOf(a.deviceId);
    expect(visitsA).toHaveLength(1);
    expect(visitsA[0]?.exited_at).not.toBeNull();
    expect(await visitsOf(b.deviceId)).toEqual([]);
  });

  it('applies to every vehicle of the organisation again once no vehicle is assigned', async () => {
    await assign([]);
    await eventually(async () => applies(a.vehicleId) && applies(b.vehicleId));
    await drive(b.imei, throughFence(Date.parse('2026-02-10T06:00:00Z')));
    expect(await visitsOf(b.deviceId)).toHaveLength(1);
  });
});
