/** Seeding helpers for gateway tests, the benchmark and demo data: devices on vehicles in a named organisation. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organisations, type DeviceProtocol } from '../../db/schema/index.ts';
import { createDevice } from '../../modules/device/device.repository.ts';
import { createVehicle, linkDevice } from '../../modules/vehicle/vehicle.repository.ts';
import type { GatewayConfig } from '../gateway.ts';

export async function organisationId(db: Db, tradeName: string): Promise<bigint> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.tradeName, tradeName))
    .limit(1);
  if (!row) throw new Error(`no organisation ${tradeName}`);
  return row.id;
}

export const INDORE = 'Indore Municipal Corporation';
export const BHOPAL = 'Bhopal Municipal Corporation';

export interface TrackedVehicle {
  deviceId: bigint;
  vehicleId: bigint;
  imei: string;
}

/** A device of `protocol` fitted on a new vehicle of the organisation since `linkedAt` (default: 2000-01-01). */
export async function seedTrackedVehicle(
  db: Db,
  args: {
    imei: string;
    protocol: DeviceProtocol;
    organisationId: bigint;
    registrationNumber: string;
    linkedAt?: Date;
  },
): Promise<TrackedVehicle> {
  const deviceId = await createDevice(db, {
    imei: args.imei,
    protocol: args.protocol,
    organisationId: args.organisationId,
    status: 'INSTALLED',
    model: `${args.protocol} test unit`,
  });
  const vehicleId = await createVehicle(db, {
    organisationId: args.organisationId,
    registrationNumber: args.registrationNumber,
    kind: 'TRUCK',
    type: 'tipper',
    category: 'Goods',
  });
  await linkDevice(db, { vehicleId, deviceId, at: args.linkedAt ?? new Date('2000-01-01T00:00:00Z') });
  return { deviceId, vehicleId, imei: args.imei };
}

export function testGatewayConfig(overrides: Partial<GatewayConfig> = {}): GatewayConfig {
  return {
    host: '127.0.0.1',
    ports: { ais140: 0, gt06: 0, teltonika: 0 },
    idleTimeoutS: 600,
    maxConnections: 1000,
    flushMs: 30,
    batchRows: 2000,
    ...overrides,
  };
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns a truthy value (or throws after timeoutMs). */
export async function eventually<T>(
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}
