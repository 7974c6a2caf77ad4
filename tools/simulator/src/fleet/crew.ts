/**
 * The crew of each vehicle: a driver, a helper on tippers and compactors, and on a few vehicles a relief driver who
 * takes over mid-shift (a driver change). Each person carries an RFID card whose id (4 bytes, upper-case hex, first
 * byte non-zero) the tracker reports as a driver-id read at shift start. Deterministic from the vehicle's index and
 * IMEI, so the demo seed registers the same people and cards the simulator swipes.
 */
import { createRng, deriveSeed, intBetween, pick } from './prng.ts';
import type { VehicleKind } from './types.ts';

export type CrewRole = 'driver' | 'helper';

export interface CrewMember {
  role: CrewRole;
  name: string;
  /** RFID card id, 8 upper-case hex digits. */
  tag: string;
  /** Indian mobile number, +91 and ten digits. */
  phone: string;
  /** Driving licence (drivers only), MP-09 format. */
  licenceNo: string | null;
}

export interface VehicleCrew {
  driver: CrewMember;
  helper: CrewMember | null;
  /** Takes over from `driver` mid-shift (driver change), on a few vehicles only. */
  relief: CrewMember | null;
}

/** Vehicle indices (of the demo fleet order) whose driver is relieved mid-shift. */
export const RELIEF_VEHICLE_INDICES: readonly number[] = [1, 6];

const FIRST_NAMES = [
  'Ramesh',
  'Suresh',
  'Mahesh',
  'Rajesh',
  'Dinesh',
  'Mukesh',
  'Santosh',
  'Rakesh',
  'Anil',
  'Sunil',
  'Vijay',
  'Sanjay',
  'Manoj',
  'Pradeep',
  'Deepak',
  'Ashok',
  'Kailash',
  'Govind',
  'Mohan',
  'Shyam',
  'Bharat',
  'Jitendra',
  'Lokesh',
  'Naresh',
  'Kamal',
  'Raju',
  'Gopal',
  'Prakash',
  'Vinod',
  'Ravi',
  'Sunita',
  'Rekha',
  'Kavita',
  'Meena',
] as const;
const LAST_NAMES = [
  'Yadav',
  'Verma',
  'Malviya',
  'Chouhan',
  'Patel',
  'Solanki',
  'Rathore',
  'Parmar',
  'Sharma',
  'Kushwaha',
  'Prajapati',
  'Jatav',
  'Bairagi',
  'Gehlot',
  'Panwar',
  'Dangi',
  'Jain',
  'Sisodiya',
  'Khan',
  'Ansari',
] as const;

const ROLE_SALT: Record<CrewRole | 'relief', number> = { driver: 0xd1, helper: 0x4e, relief: 0x7e };

function member(index: number, imei: string, role: CrewRole, salt: number): CrewMember {
  const rng = createRng(deriveSeed(Number.parseInt(imei.slice(-9), 10) ^ salt, index));
  const tagValue = intBetween(rng, 0x10000000, 0xfffffff0);
  const licence = `MP09${String(intBetween(rng, 2008, 2022))}${String(intBetween(rng, 1, 9_999_999)).padStart(7, '0')}`;
  return {
    role,
    name: `${pick(rng, FIRST_NAMES)} ${pick(rng, LAST_NAMES)}`,
    tag: tagValue.toString(16).toUpperCase().padStart(8, '0'),
    phone: `+91${String(intBetween(rng, 7, 9))}${String(intBetween(rng, 0, 999_999_999)).padStart(9, '0')}`,
    licenceNo: role === 'driver' ? licence : null,
  };
}

/** The crew of the vehicle at `index` with this IMEI (tippers and compactors carry a helper). */
export function vehicleCrew(index: number, imei: string, kind: VehicleKind): VehicleCrew {
  return {
    driver: member(index, imei, 'driver', ROLE_SALT.driver),
    helper: kind === 'd2d' ? null : member(index, imei, 'helper', ROLE_SALT.helper),
    relief: RELIEF_VEHICLE_INDICES.includes(index) ? member(index, imei, 'driver', ROLE_SALT.relief) : null,
  };
}

/** Every card of the vehicle's crew, driver first: what the seed registers and the tracker may report. */
export function crewTags(crew: VehicleCrew): string[] {
  return [crew.driver, crew.helper, crew.relief].flatMap((m) => (m === null ? [] : [m.tag]));
}
