/**
 * What the alert-family definitions share: the vehicle cells (spec 02 style Zone, Ward, Vehicle Type, Vehicle Number),
 * id lists for SQL, and place names from the organisations' own data (POIs, geofences, wards, zones — never the
 * external geocoding provider: a report must not depend on, or pay for, a third party).
 */
import type { ReportRow } from '@civicfleet/shared';
import type { Db } from '../../../db/client.ts';
import { readOrganisationPlaces } from '../../geocode/geocode.repository.ts';
import { buildPlaceIndex, describePlaces, lookupPlaces, type PlaceIndex } from '../../geocode/own-data.ts';
import type { ReportVehicle } from '../engine/types.ts';

export function vehicleCells(vehicle: ReportVehicle): ReportRow {
  return {
    zone: vehicle.zoneName,
    ward: vehicle.wardName,
    model: vehicle.model,
    regNo: vehicle.registrationNumber,
    vehicleId: String(vehicle.id),
  };
}

export const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

export const ms = (value: unknown): number => new Date(value as string | Date).getTime();

/** "22.71960,75.85770" (5 decimals: ~1 m), null without a position. */
export function formatLatLon(lat: number | null | undefined, lon: number | null | undefined): string | null {
  if (lat === null || lat === undefined || lon === null || lon === undefined) return null;
  return `${Number(lat).toFixed(5)},${Number(lon).toFixed(5)}`;
}

export type PlaceNamer = (lat: number | null | undefined, lon: number | null | undefined) => string | null;

/** Place names over the own data of `organisationIds` (their places read once, one query set per organisation). */
export async function ownDataPlaces(db: Db, organisationIds: Iterable<bigint>): Promise<PlaceNamer> {
  const indexes: PlaceIndex[] = [];
  for (const id of new Set(organisationIds))
    indexes.push(buildPlaceIndex(await readOrganisationPlaces(db, id)));
  return (lat, lon) => {
    if (lat === null || lat === undefined || lon === null || lon === undefined) return null;
    const parts = lookupPlaces(indexes, { lat: Number(lat), lon: Number(lon) });
    return parts ? describePlaces(parts) : null;
  };
}

/** Nearest-rank percentile (p in 0–100) of the values; null when there are none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1] ?? null;
}
