/**
 * /v1/sim-activation calls (contract: packages/shared sim-activation.contract.ts) with their query keys, the
 * activation plans the duration select offers, and the IMEI suggestions of the form.
 */
import {
  ACTIVATION_DURATIONS,
  ActivationPlansSchema,
  DevicePageSchema,
  SimActivationOrderPageSchema,
  SimActivationOrderSchema,
  type ListQuery,
  type SimActivationInput,
  type SimActivationOrder,
  type SimOrderStatusChoice,
  type SimStatusChangeInput,
} from '@civicfleet/shared';
import { ApiError, apiRequest } from '@/api/client';

/** The list's own filters (the URL's), as GET /sim-activation takes them. */
export interface SimOrderFilters {
  simStatus?: SimOrderStatusChoice | undefined;
  organisation?: string | undefined;
  imei?: string | undefined;
}

export const simActivationKeys = {
  all: ['sim-activation'] as const,
  list: (filters: SimOrderFilters) => [...simActivationKeys.all, 'list', filters] as const,
  one: (id: string) => [...simActivationKeys.all, 'one', id] as const,
};

export function listSimOrders(query: ListQuery & SimOrderFilters) {
  return apiRequest({
    method: 'GET',
    path: '/sim-activation',
    query: { ...query },
    schema: SimActivationOrderPageSchema,
  });
}

/** The edit load (spec: GET with an _id filter); an order the caller cannot see answers like a 404. */
export async function getSimOrder(id: string): Promise<SimActivationOrder> {
  const page = await apiRequest({
    method: 'GET',
    path: '/sim-activation',
    query: { _id: id },
    schema: SimActivationOrderPageSchema,
  });
  const [order] = page.items;
  if (!order) throw new ApiError({ status: 404 });
  return order;
}

export function createSimOrder(input: SimActivationInput): Promise<SimActivationOrder> {
  return apiRequest({
    method: 'POST',
    path: '/sim-activation',
    body: input,
    schema: SimActivationOrderSchema,
  });
}

export function updateSimOrder(id: string, input: SimActivationInput): Promise<SimActivationOrder> {
  return apiRequest({
    method: 'PUT',
    path: `/sim-activation/${id}`,
    body: input,
    schema: SimActivationOrderSchema,
  });
}

export function changeSimOrderStatus(id: string, change: SimStatusChangeInput): Promise<SimActivationOrder> {
  return apiRequest({
    method: 'PUT',
    path: `/sim-activation/${id}`,
    body: change,
    schema: SimActivationOrderSchema,
  });
}

export interface DurationOption {
  name: string;
  durationInDays: number;
}

/** The active plans (GET /activation-plans); the spec's named durations when that call is not available. */
export const activationPlansQuery = {
  queryKey: ['activation-plans'] as const,
  queryFn: async (): Promise<DurationOption[]> => {
    try {
      const plans = await apiRequest({
        method: 'GET',
        path: '/activation-plans',
        schema: ActivationPlansSchema,
      });
      return plans.map(({ name, durationInDays }) => ({ name, durationInDays }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return [...ACTIVATION_DURATIONS];
      throw error;
    }
  },
  staleTime: 5 * 60_000,
};

/** Devices of the caller's scope whose IMEI, ICCID or SIM numbers contain the text (the IMEI field's suggestions). */
export function imeiOptionsQuery(search: string) {
  return {
    queryKey: ['devices', 'imei-options', search] as const,
    queryFn: async () => {
      const page = await apiRequest({
        method: 'GET',
        path: '/device',
        query: { search: search || undefined, pageSize: 10, sortBy: 'imei' },
        schema: DevicePageSchema,
      });
      return page.items.map((d) => ({ imei: d.imei, model: d.model, status: d.status }));
    },
  };
}
