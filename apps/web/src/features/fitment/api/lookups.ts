/**
 * What the fitment form looks up through existing routes: people by phone (GET /v1/users, module `user`), devices
 * that are not installed (GET /v1/device?statusNotIn=INSTALLED, module `device`), vehicles (GET /v1/vehicle, module
 * `vehicle`), states and their RTOs (GET /v1/rto/states, GET /v1/rto?state=, any signed-in user).
 */
import {
  DevicePageSchema,
  RtoListSchema,
  StateSchema,
  UserPageSchema,
  VehiclePageSchema,
  type Device,
  type State,
  type User,
  type Vehicle,
} from '@civicfleet/shared';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import type { PickerOption, PickerQuery } from '@/components/SearchPicker';

const OPTIONS_PAGE_SIZE = 25;

/** Who a phone number belongs to, for the customer (LIMITED_USER) or fitter (FITTER) lookup. */
export type PersonLookup =
  | { kind: 'found'; user: User }
  /** The number belongs to a user of another role (spec 02 §5 "This is not a customer's number"). */
  | { kind: 'other-role'; user: User }
  | { kind: 'not-found' };

function findUsers(phone: string, role?: string): Promise<User[]> {
  return apiRequest({
    method: 'GET',
    path: '/users',
    query: { phone, role, pageSize: 5 },
    schema: UserPageSchema,
  }).then((page) => page.items);
}

/**
 * The spec's lookup (GET users by phone with the role name, first result taken); when nothing matches, the same phone
 * without the role tells "another role's number" from "a new person".
 */
export async function lookupPerson(phone: string, role: 'LIMITED_USER' | 'FITTER'): Promise<PersonLookup> {
  const [match] = await findUsers(phone, role);
  if (match) return { kind: 'found', user: match };
  const [other] = await findUsers(phone);
  return other ? { kind: 'other-role', user: other } : { kind: 'not-found' };
}

/** Options of the IMEI picker: devices of the caller's organisations that are not INSTALLED (spec 02 §4). */
export interface DeviceOption extends PickerOption {
  panicButtonCount: number;
}

const toDeviceOption = (d: Device): DeviceOption => ({
  id: d.imei,
  label: d.model ? `${d.imei} (${d.model})` : d.imei,
  panicButtonCount: d.panicButtonCount,
});

export const freeDeviceOptionsQuery: PickerQuery = (search) => ({
  queryKey: ['devices', 'fitment-options', search],
  queryFn: async () => {
    const page = await apiRequest({
      method: 'GET',
      path: '/device',
      query: { statusNotIn: 'INSTALLED', search: search || undefined, pageSize: OPTIONS_PAGE_SIZE },
      schema: DevicePageSchema,
    });
    return page.items.map(toDeviceOption);
  },
});

/** Vehicle picker label of spec 02 §2: "registrationNumber (imei or Not linked)". */
export function vehicleOptionLabel(v: Pick<Vehicle, 'registrationNumber' | 'device'>, notLinked: string) {
  return `${v.registrationNumber} (${v.device?.imei ?? notLinked})`;
}

export function vehicleOptionsQuery(notLinked: string): (search: string) => {
  queryKey: readonly unknown[];
  queryFn: () => Promise<Array<PickerOption & { vehicle: Vehicle }>>;
} {
  return (search) => ({
    queryKey: ['vehicles', 'fitment-options', search],
    queryFn: async () => {
      const page = await apiRequest({
        method: 'GET',
        path: '/vehicle',
        query: { search: search || undefined, pageSize: OPTIONS_PAGE_SIZE },
        schema: VehiclePageSchema,
      });
      return page.items.map((vehicle) => ({
        id: vehicle.id,
        label: vehicleOptionLabel(vehicle, notLinked),
        vehicle,
      }));
    },
  });
}

export const rtoKeys = {
  states: ['rto', 'states'] as const,
  ofState: (state: string) => ['rto', 'list', state] as const,
};

export function listStates(): Promise<State[]> {
  return apiRequest({ method: 'GET', path: '/rto/states', schema: z.array(StateSchema) });
}

/** The RTOs of one state as `{ code: 'MP_09', name: 'Indore' }`, by code. */
export async function listRtos(state: string): Promise<Array<{ code: string; name: string }>> {
  const list = await apiRequest({ method: 'GET', path: '/rto', query: { state }, schema: RtoListSchema });
  return Object.entries(list[state]?.no ?? {})
    .map(([code, name]) => ({ code: `${state}_${code}`, name }))
    .sort((a, b) => a.code.localeCompare(b.code, 'en', { numeric: true }));
}
