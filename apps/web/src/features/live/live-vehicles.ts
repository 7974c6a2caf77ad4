/** Pure helpers of the live screens: the map's vehicles, list filtering and counts, and the fleet's bounds. */
import { VEHICLE_LIVE_STATUSES, type VehicleLiveStatus } from '@civicfleet/shared';
import type { Bounds, MapVehicle } from '@/components/map';
import type { LiveVehicle } from './use-live-fleet';

export type StatusFilter = VehicleLiveStatus | 'all';
export const STATUS_FILTERS: readonly StatusFilter[] = ['all', ...VEHICLE_LIVE_STATUSES];

/** The label of a vehicle: registration number, else IMEI, else the device id. */
export function vehicleLabel(v: LiveVehicle): string {
  return v.registrationNumber ?? v.imei ?? v.deviceId ?? v.id;
}

/** Vehicles with a position, as VehicleLayer draws them. */
export function toMapVehicles(vehicles: Iterable<LiveVehicle>): MapVehicle[] {
  const out: MapVehicle[] = [];
  for (const v of vehicles) {
    if (v.lat === null || v.lon === null) continue;
    out.push({
      id: v.id,
      lat: v.lat,
      lon: v.lon,
      headingDeg: v.headingDeg,
      status: v.status,
      kind: v.kind,
      label: vehicleLabel(v),
    });
  }
  return out;
}

export function countByStatus(
  vehicles: Iterable<{ status: VehicleLiveStatus }>,
): Record<StatusFilter, number> {
  const counts = { all: 0, moving: 0, idle: 0, stopped: 0, offline: 0, 'never-connected': 0 };
  for (const v of vehicles) {
    counts.all += 1;
    counts[v.status] += 1;
  }
  return counts;
}

/** The list: status filter, then a case-insensitive search over registration number and IMEI, sorted by label. */
export function filterVehicles(
  vehicles: Iterable<LiveVehicle>,
  status: StatusFilter,
  search: string,
): LiveVehicle[] {
  const term = search.trim().toLowerCase().replace(/[\s-]/g, '');
  const out: LiveVehicle[] = [];
  for (const v of vehicles) {
    if (status !== 'all' && v.status !== status) continue;
    if (term) {
      const reg = (v.registrationNumber ?? '').toLowerCase();
      if (!reg.includes(term) && !(v.imei ?? '').includes(term)) continue;
    }
    out.push(v);
  }
  return out.sort((a, b) => vehicleLabel(a).localeCompare(vehicleLabel(b)));
}

/** Bounds around every positioned vehicle (null when none has a position). */
export function fleetBounds(vehicles: Iterable<{ lat: number | null; lon: number | null }>): Bounds | null {
  let minLon = Infinity;
  let minLat = Infinity;
  let maxLon = -Infinity;
  let maxLat = -Infinity;
  for (const v of vehicles) {
    if (v.lat === null || v.lon === null) continue;
    minLon = Math.min(minLon, v.lon);
    maxLon = Math.max(maxLon, v.lon);
    minLat = Math.min(minLat, v.lat);
    maxLat = Math.max(maxLat, v.lat);
  }
  return Number.isFinite(minLon)
    ? [
        [minLon, minLat],
        [maxLon, maxLat],
      ]
    : null;
}
