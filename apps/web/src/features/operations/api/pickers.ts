/**
 * The pickers of the SWM operations screens: vehicles by registration number (GET /v1/vehicle, server search) and the
 * yards a disposal trip ends at — the caller's dump-yard and transfer-station geofences (GET /v1/geofence?kind=).
 */
import { GeofencePageSchema, VehiclePageSchema, type GeofenceKind } from '@civicfleet/shared';
import { ApiError, apiRequest } from '@/api/client';
import type { PickerOption, PickerQuery } from '@/components/SearchPicker';
import { getPresence } from './operations';

const VEHICLE_PICKER_PAGE_SIZE = 25;
/** More yards than a city runs; the picker filters them on the screen. */
const YARD_PAGE_SIZE = 100;
export const YARD_KINDS = ['dump-yard', 'transfer-station'] as const satisfies readonly GeofenceKind[];
export type YardKind = (typeof YARD_KINDS)[number];

export interface YardOption extends PickerOption {
  kind: YardKind;
}

export const pickerKeys = {
  vehicles: (search: string) => ['vehicles', 'options', 'operations', search] as const,
  yards: ['geofences', 'yards'] as const,
};

/** Vehicles of the caller's scope whose registration (or chassis, engine, IMEI) contains the text. */
export const vehicleOptionsQuery: PickerQuery = (search) => ({
  queryKey: pickerKeys.vehicles(search),
  queryFn: async () => {
    const page = await apiRequest({
      method: 'GET',
      path: '/vehicle',
      query: {
        page: 1,
        pageSize: VEHICLE_PICKER_PAGE_SIZE,
        search: search || undefined,
        sortBy: 'registrationNumber',
      },
      schema: VehiclePageSchema,
    });
    return page.items.map((v) => ({ id: v.id, label: v.registrationNumber }));
  },
});

/**
 * Every dump yard and transfer station of the caller's scope, dump yards first, each by name. A dump-yard operator
 * whose role lacks the geofence module (403) gets them from the presence answer, which lists every yard in scope.
 */
export async function listYards(): Promise<YardOption[]> {
  try {
    return await listYardGeofences();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 403) throw error;
    const presence = await getPresence();
    return presence.yards
      .map((y) => ({ id: y.geofenceId, label: y.name, kind: y.kind }))
      .sort(
        (a, b) => YARD_KINDS.indexOf(a.kind) - YARD_KINDS.indexOf(b.kind) || a.label.localeCompare(b.label),
      );
  }
}

async function listYardGeofences(): Promise<YardOption[]> {
  const pages = await Promise.all(
    YARD_KINDS.map((kind) =>
      apiRequest({
        method: 'GET',
        path: '/geofence',
        query: { kind, page: 1, pageSize: YARD_PAGE_SIZE, sortBy: 'name' },
        schema: GeofencePageSchema,
      }),
    ),
  );
  return pages.flatMap((page, i) =>
    page.items.map((g) => ({ id: g.id, label: g.name, kind: YARD_KINDS[i] ?? 'dump-yard' })),
  );
}

export const yardsQuery = { queryKey: pickerKeys.yards, queryFn: listYards, staleTime: 5 * 60_000 };
