/**
 * What the derive stage needs to know about a device's organisation: its derive settings (thresholds, time zone —
 * organisation_settings.settings.derive over DEFAULT_DERIVE_SETTINGS) and the fences its vehicles can visit
 * (geofences and wards; `fencesFor` a vehicle). Read synchronously on the hot path; loaded (and refreshed)
 * asynchronously off it.
 *
 * Fence ids (derive `Fence.id`, geofence_visits.fence_key): `g<geofences.id>` or `d<admin_divisions.id>`.
 */
import { DEFAULT_DERIVE_SETTINGS, type DeriveSettings, type Fence } from '../../derive/index.ts';
import type { SqlExecutor } from './sql-client.ts';

export interface OrganisationDeriveContext {
  readonly settings: DeriveSettings;
  /** The fences of every vehicle of the organisation: its wards and the geofences assigned to no vehicle. */
  readonly fences: readonly Fence[];
  /**
   * Vehicles that have geofences assigned to them (geofence_vehicles): `fences` plus those, in `fences` order. A
   * geofence with assigned vehicles applies to those vehicles only; one with none applies to all (see fencesFor).
   */
  readonly fencesByVehicle?: ReadonlyMap<bigint, readonly Fence[]>;
}

/**
 * The fences a fix of `vehicleId` is checked against: a geofence assigned to vehicles (geofence_vehicles) only for
 * those vehicles, a geofence assigned to none and every ward for all the organisation's vehicles (and for a device
 * on no vehicle). The same array for every fix of a vehicle (no allocation on the hot path).
 */
export function fencesFor(context: OrganisationDeriveContext, vehicleId: bigint | null): readonly Fence[] {
  return (vehicleId === null ? undefined : context.fencesByVehicle?.get(vehicleId)) ?? context.fences;
}

export interface DeriveContextProvider {
  /** What is loaded for the organisation now (defaults and no fences until `load` has run). Never throws. */
  get(organisationId: bigint): OrganisationDeriveContext;
  /** Loads the organisation if it is not loaded or is stale; called when the device directory loads a device. */
  load(db: SqlExecutor, organisationId: bigint): Promise<void>;
  /** Forgets one organisation (its settings or fences changed) or all. */
  invalidate(organisationId?: bigint): void;
}

export type FenceTarget = { geofenceId: bigint; divisionId: null } | { geofenceId: null; divisionId: bigint };

export function geofenceKey(geofenceId: bigint): string {
  return `g${geofenceId}`;
}

export function divisionKey(divisionId: bigint): string {
  return `d${divisionId}`;
}

/** The row a fence key points at; null for a key this module did not make. */
export function parseFenceKey(key: string): FenceTarget | null {
  const match = /^([gd])(\d{1,19})$/.exec(key);
  if (!match?.[2]) return null;
  const value = BigInt(match[2]);
  return match[1] === 'g' ? { geofenceId: value, divisionId: null } : { geofenceId: null, divisionId: value };
}

/** A fixed context for every organisation (tests, benchmarks). */
export function staticDeriveContext(value: Partial<OrganisationDeriveContext> = {}): DeriveContextProvider {
  const context: OrganisationDeriveContext = {
    settings: value.settings ?? DEFAULT_DERIVE_SETTINGS,
    fences: value.fences ?? [],
  };
  return {
    get: () => context,
    load: async () => undefined,
    invalidate: () => undefined,
  };
}
