/**
 * Deterministic demo vehicles: the same (count, seed) always gives the same IMEIs, MP-09 registrations, kinds and
 * labels, so the server can register them and the simulator can drive them.
 */
import { ZONE_IDS, type ZoneId } from './indore-map.ts';
import { createRng, intBetween, pick } from './prng.ts';
import type { Gt06Variant } from '../packets/gt06.ts';
import { DEVICE_PROTOCOLS, type DeviceProtocol, type VehicleKind } from './types.ts';

export interface DemoVehicle {
  imei: string;
  protocol: DeviceProtocol;
  /** MP-09 (Indore RTO) style, e.g. MP09GA1234. */
  registrationNumber: string;
  kind: VehicleKind;
  label: string;
  /** Position in the demo fleet (VehicleSpec.fleetIndex). */
  fleetIndex: number;
  /** GT06 vehicles only: classic 0x22/0x26 frames or the 4G 0xA0/0xA4 family; default gt06VariantOf(fleetIndex). */
  gt06Variant?: Gt06Variant;
}

/**
 * Half of the GT06 demo vehicles speak the 4G generation (VL103 / JM-VL03 class): those in odd groups of three, i.e.
 * with the default protocol rotation every second GT06 vehicle.
 */
export function gt06VariantOf(fleetIndex: number): Gt06Variant {
  return Math.floor(fleetIndex / 3) % 2 === 1 ? '4g' : 'classic';
}

export const DEFAULT_IMEI_PREFIX = '8691234';

/** Half door-to-door, three in ten tippers, two in ten compactors. */
const KIND_CYCLE: readonly VehicleKind[] = [
  'd2d',
  'tipper',
  'd2d',
  'compactor',
  'd2d',
  'tipper',
  'd2d',
  'tipper',
  'd2d',
  'compactor',
];
const KIND_LABEL: Record<VehicleKind, string> = { d2d: 'D2D', tipper: 'Tipper', compactor: 'Compactor' };
const ZONE_LABEL: Record<ZoneId, string> = {
  central: 'Rajwada',
  east: 'Palasia',
  north: 'Vijay Nagar',
  southwest: 'Annapurna',
};
/** Series letters after MP09 seen on municipal and goods vehicles (no I or O). */
const SERIES = ['GA', 'GB', 'GC', 'GD', 'GE', 'GF', 'GG', 'GH', 'HA', 'HB', 'HC', 'HD'];

export interface DemoFleetOptions {
  imeiPrefix?: string;
  /** Use one protocol for every vehicle instead of rotating through all three. */
  protocol?: DeviceProtocol;
}

export function demoFleet(count: number, seed = 1, options: DemoFleetOptions = {}): DemoVehicle[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError('count must be a non-negative integer');
  const rng = createRng(seed ^ 0x5eed);
  const used = new Set<string>();
  const perKind: Record<VehicleKind, number> = { d2d: 0, tipper: 0, compactor: 0 };
  const vehicles: DemoVehicle[] = [];
  for (let index = 0; index < count; index++) {
    const kind = KIND_CYCLE[index % KIND_CYCLE.length] ?? 'd2d';
    perKind[kind]++;
    let registrationNumber: string;
    do {
      registrationNumber = `MP09${pick(rng, SERIES)}${String(intBetween(rng, 1000, 9999))}`;
    } while (used.has(registrationNumber));
    used.add(registrationNumber);
    const zone = ZONE_IDS[index % ZONE_IDS.length] ?? 'central';
    vehicles.push({
      imei: demoImei(index, options.imeiPrefix),
      protocol: options.protocol ?? DEVICE_PROTOCOLS[index % DEVICE_PROTOCOLS.length] ?? 'ais140',
      registrationNumber,
      kind,
      label: `${KIND_LABEL[kind]} ${String(perKind[kind]).padStart(2, '0')} · ${ZONE_LABEL[zone]}`,
      fleetIndex: index,
    });
  }
  return vehicles;
}

/** 15-digit IMEI: prefix, zero-padded index, Luhn check digit. */
export function demoImei(index: number, prefix = DEFAULT_IMEI_PREFIX): string {
  if (!/^\d{1,12}$/.test(prefix)) throw new RangeError('IMEI prefix must be 1–12 digits');
  const body = prefix + String(index + 1).padStart(14 - prefix.length, '0');
  if (body.length !== 14) throw new RangeError(`vehicle ${index + 1} does not fit after prefix ${prefix}`);
  return body + luhnDigit(body);
}

export function luhnDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}
