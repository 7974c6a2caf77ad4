/**
 * The demo fleet: `demoFleet(DEMO_FLEET_SIZE)` of the simulator registered as Indore vehicles with their trackers, so
 * that `npm start` can drive them in-process (demo-simulator.ts). Seeded with the rest of the demo data.
 * The only seed module that imports @civicfleet/simulator (eslint.config.js boundary).
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  createFleet,
  demoFleet,
  tick,
  type DemoVehicle,
  type FleetEvent,
  type VehicleKind,
} from '@civicfleet/simulator';
import type { Db } from '../client.ts';
import { adminDivisions, devices, vehicleDeviceLinks, vehicles } from '../schema/index.ts';
import { createDevice } from '../../modules/device/device.repository.ts';
import { createVehicle, linkDevice } from '../../modules/vehicle/vehicle.repository.ts';
import { DEMO_DEVICE_MODELS, demoDeviceUid } from './demo-device-models.ts';

export const DEMO_FLEET_SIZE = 50;
/** Same seed on both sides: registration (here) and simulation (demo-simulator.ts). */
export const DEMO_FLEET_SEED = 1;
/** When the trackers were fitted: before any simulated fix, so every position is attributed to its vehicle. */
const FITTED_AT = new Date('2025-01-01T00:00:00Z');

const KIND: Record<VehicleKind, { kind: string; type: string; make: string; model: string }> = {
  d2d: { kind: 'MINI_VAN', type: 'door-to-door', make: 'Tata Motors', model: 'Ace Gold auto-tipper' },
  tipper: { kind: 'TRUCK', type: 'tipper', make: 'Tata Motors', model: 'LPK 1212 tipper' },
  compactor: { kind: 'TRUCK', type: 'compactor', make: 'Ashok Leyland', model: 'Ecomet 1215 compactor' },
};

export const demoFleetVehicles = (): DemoVehicle[] => demoFleet(DEMO_FLEET_SIZE, DEMO_FLEET_SEED);

/**
 * The demo fleet as `npm start` drives it (same vehicles and seed, on-duty schedule), simulated in memory for
 * `durationS` from `startMs` with no anomalies: every vehicle's events, in time order (positions, and the
 * simulator's trace of arrivals at and departures from its places). For tests of the demo data against the routes.
 */
export function simulateDemoFleet(args: {
  startMs: number;
  durationS: number;
  intervalS: number;
}): FleetEvent[][] {
  const fleet = createFleet(demoFleetVehicles(), {
    seed: DEMO_FLEET_SEED,
    startMs: args.startMs,
    intervalS: args.intervalS,
    schedule: 'on-duty',
    rates: { sos: 0, overspeed: 0, tamper: 0, powerCut: 0, gpsLoss: 0, networkLoss: 0 },
  });
  const events: FleetEvent[][] = fleet.vehicles.map(() => []);
  const endMs = args.startMs + args.durationS * 1000;
  for (let nowMs = args.startMs; nowMs <= endMs; nowMs += 60_000) {
    for (const batch of tick(fleet, Math.min(nowMs, endMs))) events[batch.index]?.push(...batch.events);
  }
  return events;
}

/** The demo ICCID of a tracker's SIM (89 91 = telecom, India). */
export const demoIccid = (imei: string): string => `89910${imei}`;

interface Placement {
  zoneId: bigint | null;
  circleId: bigint | null;
  wardId: bigint | null;
}

/** The organisation's wards with their circle and zone (ward → circle → zone), in code order. */
async function wardPlacements(db: Db, organisationId: bigint): Promise<Placement[]> {
  const rows = await db
    .select({ id: adminDivisions.id, type: adminDivisions.type, parentId: adminDivisions.parentId })
    .from(adminDivisions)
    .where(eq(adminDivisions.organisationId, organisationId))
    .orderBy(asc(adminDivisions.code), asc(adminDivisions.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const zoneOf = (id: bigint | null): bigint | null => {
    const row = id === null ? undefined : byId.get(id);
    if (!row) return null;
    return row.type === 'ZONE' ? row.id : zoneOf(row.parentId);
  };
  const wards = rows.filter((r) => r.type === 'WARD');
  if (wards.length > 0) {
    return wards.map((w) => {
      const circle = w.parentId === null ? undefined : byId.get(w.parentId);
      return {
        wardId: w.id,
        circleId: circle?.type === 'CIRCLE' ? circle.id : null,
        zoneId: zoneOf(w.parentId),
      };
    });
  }
  const zones = rows.filter((r) => r.type === 'ZONE');
  return zones.map((z) => ({ zoneId: z.id, circleId: null, wardId: null }));
}

/**
 * Registers the demo fleet in `organisationId`: one INSTALLED tracker per vehicle, linked, tracking on, placed
 * round-robin on the organisation's wards (or zones), owned by `ownerUserId`.
 */
export async function seedDemoFleet(
  db: Db,
  args: { organisationId: bigint; ownerUserId: bigint | null },
): Promise<number> {
  const placements = await wardPlacements(db, args.organisationId);
  const fleet = demoFleetVehicles();
  for (const [index, spec] of fleet.entries()) {
    const placement = placements[index % Math.max(placements.length, 1)];
    const profile = KIND[spec.kind];
    const deviceId = await createDevice(db, {
      imei: spec.imei,
      uid: demoDeviceUid(spec.imei),
      iccid: demoIccid(spec.imei),
      protocol: spec.protocol,
      organisationId: args.organisationId,
      status: 'INSTALLED',
      model: DEMO_DEVICE_MODELS[spec.protocol].name,
    });
    const vehicleId = await createVehicle(db, {
      organisationId: args.organisationId,
      registrationNumber: spec.registrationNumber,
      kind: profile.kind,
      type: profile.type,
      category: 'Goods',
      make: profile.make,
      model: profile.model,
      rto: 'Indore',
      rtoCode: 'MP_09',
      zoneId: placement?.zoneId ?? null,
      circleId: placement?.circleId ?? null,
      wardId: placement?.wardId ?? null,
      ownerUserId: args.ownerUserId,
      isTrackingActivated: true,
      speedLimitKph: 50,
    });
    await linkDevice(db, { vehicleId, deviceId, at: FITTED_AT });
  }
  return fleet.length;
}

/**
 * The demo vehicles that are registered and can report: device not deleted, linked to a vehicle with tracking on.
 * Empty when the database has no demo fleet (DEMO off, or a database seeded before the fleet existed).
 */
export async function registeredDemoFleet(db: Db): Promise<DemoVehicle[]> {
  const fleet = demoFleetVehicles();
  const rows = await db
    .select({ imei: devices.imei })
    .from(devices)
    .innerJoin(
      vehicleDeviceLinks,
      and(eq(vehicleDeviceLinks.deviceId, devices.id), isNull(vehicleDeviceLinks.unlinkedAt)),
    )
    .innerJoin(vehicles, eq(vehicles.id, vehicleDeviceLinks.vehicleId))
    .where(
      and(
        inArray(
          devices.imei,
          fleet.map((v) => v.imei),
        ),
        eq(devices.deleted, false),
        eq(vehicles.deleted, false),
        eq(vehicles.isTrackingActivated, true),
      ),
    );
  const registered = new Set(rows.map((r) => r.imei));
  return fleet.filter((v) => registered.has(v.imei));
}
