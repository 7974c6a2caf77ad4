/**
 * GET /v1/vehicle/statuses (vehicle.contract.ts: counts over the caller's whole scope, one 0-based page of rows) and
 * POST /v1/geocode/reverse-batch (geocode.contract.ts), with their query keys.
 */
import {
  GEOCODE_BATCH_MAX,
  GeocodeBatchSchema,
  VehicleStatusesSchema,
  type ListPage,
  type ListQuery,
  type VehicleLiveStatus,
  type VehicleStatusRow,
  type VehicleStatuses,
} from '@civicfleet/shared';
import { apiRequest } from '@/api/client';

export const vehicleStatusKeys = {
  all: ['vehicle-statuses'] as const,
  list: (status: VehicleLiveStatus | undefined) =>
    [...vehicleStatusKeys.all, 'list', status ?? 'all'] as const,
  counts: () => [...vehicleStatusKeys.all, 'counts'] as const,
  place: (lat: number, lon: number) => ['geocode', 'reverse', lat, lon] as const,
};

export function getVehicleStatuses(query: {
  page: number;
  pageSize: number;
  status?: VehicleLiveStatus | undefined;
  search?: string | undefined;
}): Promise<VehicleStatuses> {
  return apiRequest({
    method: 'GET',
    path: '/vehicle/statuses',
    query: { ...query },
    schema: VehicleStatusesSchema,
  });
}

/**
 * One page of the results table (1-based ListQuery) from the board's 0-based paging; `onCounts` receives the counts
 * that came with it, so the counter chips need no second call.
 */
export async function listVehicleStatusPage(
  query: ListQuery,
  status: VehicleLiveStatus | undefined,
  onCounts: (counts: VehicleStatuses['counts']) => void,
): Promise<ListPage<VehicleStatusRow>> {
  const answer = await getVehicleStatuses({
    page: query.page - 1,
    pageSize: query.pageSize,
    status,
    search: query.search,
  });
  onCounts(answer.counts);
  return { items: answer.rows, total: answer.total, page: query.page, pageSize: query.pageSize };
}

/** Counts only (one row asked): the counter chips refresh with this between table loads. */
export async function getVehicleStatusCounts(): Promise<VehicleStatuses['counts']> {
  return (await getVehicleStatuses({ page: 0, pageSize: 1 })).counts;
}

/** Addresses of up to GEOCODE_BATCH_MAX points, in order (null where nothing is known). */
export async function reverseGeocodeBatch(
  points: ReadonlyArray<{ lat: number; lon: number }>,
): Promise<Array<string | null>> {
  const addresses: Array<string | null> = [];
  for (let start = 0; start < points.length; start += GEOCODE_BATCH_MAX) {
    const chunk = points.slice(start, start + GEOCODE_BATCH_MAX);
    const answer = await apiRequest({
      method: 'POST',
      path: '/geocode/reverse-batch',
      body: { points: chunk },
      schema: GeocodeBatchSchema,
    });
    addresses.push(...chunk.map((_, i) => answer.addresses[i] ?? null));
  }
  return addresses;
}
