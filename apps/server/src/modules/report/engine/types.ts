/**
 * The report engine's seam (docs/reports.md): a definition turns a resolved scope (the vehicles the filter selects,
 * the range, the organisation's settings) into rows, read from the derived tables only — never from raw positions
 * except the single-vehicle raw-logs view. Definitions are pure over the database: no clock, no request.
 */
import type { ReportMeta, ReportRow } from '@civicfleet/shared';
import type { Db } from '../../../db/client.ts';
import type { DeriveSettings } from '../../../derive/settings.ts';
import type { AuthContext } from '../../../http/types.ts';

/** A vehicle the filter selects, with what most reports print about it. Ids are bigint; names are null when unset. */
export interface ReportVehicle {
  id: bigint;
  organisationId: bigint;
  registrationNumber: string;
  /** The vehicle's model (spec: "Vehicle Type (model or '-')"). */
  model: string | null;
  kind: string | null;
  type: string | null;
  groupId: bigint | null;
  groupName: string | null;
  zoneId: bigint | null;
  zoneName: string | null;
  circleId: bigint | null;
  circleName: string | null;
  wardId: bigint | null;
  wardName: string | null;
  contractorOrganisationId: bigint | null;
  speedLimitKph: number | null;
}

/** The filter resolved against the caller's scope. */
export interface ReportScope {
  /** Visible organisations the report covers (the chosen organisation's subtree, or everything the caller sees). */
  organisationIds: bigint[] | 'all';
  /** The vehicles selected (sorted by zone, ward, registration number), all inside organisationIds. */
  vehicles: ReportVehicle[];
  /** [from, to] as given (to inclusive: the console sends the end of the day, 23:59:59.999). */
  from: Date;
  to: Date;
  /** The local days from..to (yyyy-MM-dd, inclusive) in `timeZone`. */
  fromDay: string;
  toDay: string;
  days: string[];
  timeZone: string;
  /** Effective settings of the report's organisation (derive thresholds + report thresholds). */
  settings: DeriveSettings;
}

export interface ReportContext {
  db: Db;
  /** The caller; definitions that read more than vehicles (raw logs, SOS desk users) scope with it. */
  auth: AuthContext;
  scope: ReportScope;
  /** Set when the caller went away or the export was cancelled: stop early. */
  signal?: AbortSignal;
}

/** A piece of the answer: rows in their final order (serials are assigned by the engine) and how far along it is. */
export interface ReportChunk {
  rows: ReportRow[];
  /** 0–1 of the whole run after this chunk (drives the export progress bar). */
  progress: number;
  /** Facts for the page (thresholds used, totals); the last chunk's win. */
  meta?: Record<string, unknown>;
  /** Which columns apply to this run (e.g. 'day' only with a day breakdown); default every column. */
  columns?: string[];
}

export interface ReportDefinition<F extends Record<string, unknown> = Record<string, unknown>> {
  meta: ReportMeta;
  /** Rows in chunks, in order. Must stop when ctx.signal aborts. */
  run(ctx: ReportContext, filter: F): AsyncIterable<ReportChunk>;
}

/** Vehicles in chunks of `size`, with the progress after each. */
export function* vehicleChunks(vehicles: readonly ReportVehicle[], size = 250) {
  for (let at = 0; at < vehicles.length; at += size) {
    yield {
      vehicles: vehicles.slice(at, at + size),
      progress: Math.min(1, (at + size) / Math.max(1, vehicles.length)),
    };
  }
}

/** Rows a chunk should hold at most (vehicles × days): keeps each query short, so PGlite never holds the loop long. */
export const CHUNK_TARGET_ROWS = 5000;

/** The scope's vehicles in chunks sized by the range: at most `maxVehicles`, and about CHUNK_TARGET_ROWS vehicle-days. */
export function scopeChunks(scope: Pick<ReportScope, 'vehicles' | 'days'>, maxVehicles = 250) {
  const byDays = Math.floor(CHUNK_TARGET_ROWS / Math.max(1, scope.days.length));
  return vehicleChunks(scope.vehicles, Math.max(1, Math.min(maxVehicles, byDays)));
}
