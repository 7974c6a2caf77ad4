/**
 * What the fitment form looks up: people by phone and the devices that can be fitted through the fitment module's own
 * lookups (GET /v1/fitment/lookup/person|devices: anyone who may add or edit fitments, a FITTER included, without
 * the `user` and `device` lists), vehicles (GET /v1/vehicle, module `vehicle`), states and their RTOs (GET
 * /v1/rto/states, GET /v1/rto?state=, any signed-in user).
 */
import {
  FITMENT_DEVICE_LOOKUP_MAX,
  FitmentDeviceOptionsSchema,
  FitmentPersonLookupSchema,
  RtoListSchema,
  StateSchema,
  VehiclePageSchema,
  type FitmentDeviceOption,
  type FitmentLookupPerson,
  type FitmentPersonRole,
  type State,
  type Vehicle,
} from '@civicfleet/shared';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import type { PickerOption, PickerQuery } from '@/components/SearchPicker';
import { fitmentKeys } from './fitments';

const OPTIONS_PAGE_SIZE = 25;

/** Who a phone number belongs to, for the customer (LIMITED_USER) or fitter (FITTER) lookup. */
export type PersonLookup =
  | { kind: 'found'; person: FitmentLookupPerson }
  /** The number belongs to someone else (spec 02 §5 "This is not a customer's number"); nothing about them. */
  | { kind: 'other-role'; message: string }
  | { kind: 'not-found' };

/** GET /v1/fitment/lookup/person: `phone` is the 10 digits (the server adds +91). */
export async function lookupPerson(phone: string, role: FitmentPersonRole): Promise<PersonLookup> {
  const answer = await apiRequest({
    method: 'GET',
    path: '/fitment/lookup/person',
    query: { phone, role },
    schema: FitmentPersonLookupSchema,
  });
  if (!answer.found) return { kind: 'not-found' };
  return answer.matchesRole
    ? { kind: 'found', person: answer.person }
    : { kind: 'other-role', message: answer.message };
}

/** Options of the IMEI picker: devices of the caller's organisations that can be fitted (NEW or ALLOCATED). */
export interface DeviceOption extends PickerOption {
  panicButtonCount: number;
}

const toDeviceOption = (d: FitmentDeviceOption): DeviceOption => ({
  id: d.imei,
  label: d.model ? `${d.imei} (${d.model})` : d.imei,
  panicButtonCount: d.panicButtonCount,
});

/** GET /v1/fitment/lookup/devices; the search is the typed IMEI digits (start or end of the IMEI). */
export const fittableDeviceOptionsQuery: PickerQuery = (search) => {
  const digits = search.replace(/\D/g, '').slice(0, 15);
  return {
    // Under the fitments' key: a saved fitment (its device now INSTALLED) refreshes the options.
    queryKey: [...fitmentKeys.all, 'lookup-devices', digits],
    queryFn: async () => {
      const list = await apiRequest({
        method: 'GET',
        path: '/fitment/lookup/devices',
        query: { search: digits || undefined, limit: FITMENT_DEVICE_LOOKUP_MAX },
        schema: FitmentDeviceOptionsSchema,
      });
      return list.map(toDeviceOption);
    },
  };
};

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
