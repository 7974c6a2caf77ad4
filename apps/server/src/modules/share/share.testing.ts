/**
 * Tests only: an Indore fleet to share (A and B in a group, B on a route, C in a ward, D alone) and a Bhopal
 * vehicle, each tracked with a latest fix, plus helpers to create and read links.
 */
import { and, eq } from 'drizzle-orm';
import type { CreatedShare, ShareInputBody } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { adminDivisions, deviceLatest, groups, vehicles } from '../../db/schema/index.ts';
import {
  BHOPAL,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  type TrackedVehicle,
} from '../../gateway/testing/fleet.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { insertRoute, replaceRouteVehicles } from '../route/route.repository.ts';

export const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';

export interface ShareFleet {
  indoreOrg: bigint;
  bhopalOrg: bigint;
  a: TrackedVehicle;
  b: TrackedVehicle;
  c: TrackedVehicle;
  d: TrackedVehicle;
  bhopal: TrackedVehicle;
  groupId: bigint;
  routeId: bigint;
  wardId: bigint;
  wardName: string;
}

/** `prefix`: 3 digits that keep the IMEIs of different test files apart (they share nothing, but read better). */
export async function seedShareFleet(db: Db, prefix: string, now: Date): Promise<ShareFleet> {
  const indoreOrg = await organisationId(db, INDORE);
  const bhopalOrg = await organisationId(db, BHOPAL);
  const track = (n: number, org: bigint, reg: string) =>
    seedTrackedVehicle(db, {
      imei: `86${prefix}000000000${n}`,
      protocol: 'gt06',
      organisationId: org,
      registrationNumber: reg,
    });
  const a = await track(1, indoreOrg, 'MP09SH0001');
  const b = await track(2, indoreOrg, 'MP09SH0002');
  const c = await track(3, indoreOrg, 'MP09SH0003');
  const d = await track(4, indoreOrg, 'MP09SH0004');
  const bhopal = await track(5, bhopalOrg, 'MP04SH0001');
  const [group] = await db
    .insert(groups)
    .values({ organisationId: indoreOrg, name: `Share group ${prefix}` })
    .returning({ id: groups.id });
  if (!group) throw new Error('no group');
  await db.update(vehicles).set({ groupId: group.id }).where(eq(vehicles.id, a.vehicleId));
  await db.update(vehicles).set({ groupId: group.id }).where(eq(vehicles.id, b.vehicleId));
  const routeId = await insertRoute(db, {
    organisationId: indoreOrg,
    name: 'Ward 12 morning route',
    path: {
      type: 'LineString',
      coordinates: [
        [75.85, 22.71],
        [75.87, 22.73],
      ],
    },
    corridorM: 50,
    checkpoints: [{ name: 'Depot', lat: 22.71, lon: 75.85, poiId: null }],
  });
  await replaceRouteVehicles(db, routeId, [b.vehicleId]);
  const [ward] = await db
    .select({ id: adminDivisions.id, name: adminDivisions.name })
    .from(adminDivisions)
    .where(and(eq(adminDivisions.organisationId, indoreOrg), eq(adminDivisions.type, 'WARD')))
    .limit(1);
  if (!ward) throw new Error('no Indore ward in the seed');
  await db.update(vehicles).set({ wardId: ward.id }).where(eq(vehicles.id, c.vehicleId));
  const fix = (v: TrackedVehicle, org: bigint, lat: number) => ({
    deviceId: v.deviceId,
    vehicleId: v.vehicleId,
    organisationId: org,
    fixedAt: new Date(now.getTime() - 60_000),
    serverAt: new Date(now.getTime() - 60_000),
    lat,
    lon: 75.86,
    speedKph: 20,
    headingDeg: 90,
    ignition: true,
    mainPower: true,
    batteryVoltageV: 4.1,
    gsmSignal: 22,
    status: 'moving' as const,
    statusSince: new Date(now.getTime() - 600_000),
    lastPacketAt: new Date(now.getTime() - 60_000),
  });
  await db
    .insert(deviceLatest)
    .values([
      fix(a, indoreOrg, 22.71),
      fix(b, indoreOrg, 22.72),
      fix(c, indoreOrg, 22.73),
      fix(d, indoreOrg, 22.74),
      fix(bhopal, bhopalOrg, 23.26),
    ]);
  return {
    indoreOrg,
    bhopalOrg,
    a,
    b,
    c,
    d,
    bhopal,
    groupId: group.id,
    routeId,
    wardId: ward.id,
    wardName: ward.name,
  };
}

export async function createShare(t: TestApp, body: ShareInputBody, who = 'ADMIN'): Promise<CreatedShare> {
  const res = await t.call(who, 'POST', '/v1/share', body);
  if (res.statusCode !== 200) throw new Error(`create share: ${res.statusCode} ${res.body}`);
  return res.json<{ data: CreatedShare }>().data;
}

export const tokenOf = (share: CreatedShare): string => new URL(share.url).searchParams.get('token') ?? '';
