/**
 * Disposal trips (docs/swm.md "Disposal trips and dump-yard presence"): a reported `geofence_visits` row whose
 * geofence kind is 'dump-yard' or 'transfer-station' (a reported visit already has dwell ≥ the fence's threshold),
 * counted on the Asia/Kolkata day of `entered_at` and attributed to its vehicle. Dump-yard presence = such visits
 * still open (exited_at null). Seam for the dashboards helper: `disposalTrips` and `dumpYardPresence`.
 */
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, type SQL } from 'drizzle-orm';
import type { DisposalGeofenceKind, DisposalTripRow, DumpYardPresence } from '@civicfleet/shared';
import { DISPOSAL_GEOFENCE_KINDS } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { geofences, geofenceVisits, vehicles } from '../../db/schema/index.ts';
import { localDayOf } from '../../derive/local-day.ts';

export type { DisposalTripRow } from '@civicfleet/shared';

/** The days of SWM operations (jobs, trips, mismatch) are Asia/Kolkata days (docs/swm.md). */
export const OPERATIONS_TIME_ZONE = 'Asia/Kolkata';

/** Visible organisation ids; 'all' for SUPER_ADMIN (a superset of the seam's `bigint[]`). */
export type OrganisationIds = bigint[] | 'all';

export const scopeOf = (organisationIds: OrganisationIds, column: typeof vehicles.organisationId) =>
  organisationIds === 'all' ? undefined : inArray(column, organisationIds.length ? organisationIds : [-1n]);

const disposalKinds = [...DISPOSAL_GEOFENCE_KINDS];

const durationS = (fromMs: number, toMs: number) => Math.max(0, Math.round((toMs - fromMs) / 1000));

/**
 * Disposal trips entered in [from, to) by vehicles of the organisations, oldest first. `dwellS` is the stored dwell,
 * else exit − entry, else (still inside) now − entry.
 */
export async function disposalTrips(
  db: Db,
  args: {
    organisationIds: OrganisationIds;
    from: Date;
    to: Date;
    vehicleIds?: bigint[];
    geofenceIds?: bigint[];
    now?: Date;
  },
): Promise<DisposalTripRow[]> {
  const nowMs = (args.now ?? new Date()).getTime();
  const conditions: Array<SQL | undefined> = [
    gte(geofenceVisits.enteredAt, args.from),
    lt(geofenceVisits.enteredAt, args.to),
    inArray(geofences.kind, disposalKinds),
    isNotNull(geofenceVisits.vehicleId),
    scopeOf(args.organisationIds, vehicles.organisationId),
  ];
  if (args.vehicleIds) conditions.push(inArray(geofenceVisits.vehicleId, [...args.vehicleIds, -1n]));
  if (args.geofenceIds) conditions.push(inArray(geofenceVisits.geofenceId, [...args.geofenceIds, -1n]));
  const rows = await db
    .select({
      vehicleId: vehicles.id,
      registrationNumber: vehicles.registrationNumber,
      geofenceId: geofences.id,
      geofenceName: geofences.name,
      kind: geofences.kind,
      enteredAt: geofenceVisits.enteredAt,
      exitedAt: geofenceVisits.exitedAt,
      dwellS: geofenceVisits.dwellS,
    })
    .from(geofenceVisits)
    .innerJoin(geofences, eq(geofences.id, geofenceVisits.geofenceId))
    .innerJoin(vehicles, eq(vehicles.id, geofenceVisits.vehicleId))
    .where(and(...conditions))
    .orderBy(asc(geofenceVisits.enteredAt), asc(vehicles.registrationNumber), asc(geofenceVisits.id));
  return rows.map((r) => ({
    vehicleId: String(r.vehicleId),
    registrationNumber: r.registrationNumber,
    geofenceId: String(r.geofenceId),
    geofenceName: r.geofenceName,
    kind: r.kind as DisposalGeofenceKind,
    enteredAt: r.enteredAt.toISOString(),
    exitedAt: r.exitedAt?.toISOString() ?? null,
    dwellS: r.dwellS ?? durationS(r.enteredAt.getTime(), r.exitedAt?.getTime() ?? nowMs),
    day: localDayOf(r.enteredAt.getTime(), OPERATIONS_TIME_ZONE),
  }));
}

/** Every dump yard / transfer station of the organisations with the vehicles inside at `now`, longest stay first. */
export async function dumpYardPresence(
  db: Db,
  args: { organisationIds: OrganisationIds; now?: Date },
): Promise<DumpYardPresence> {
  const now = args.now ?? new Date();
  const fenceScope =
    args.organisationIds === 'all'
      ? undefined
      : inArray(geofences.organisationId, args.organisationIds.length ? args.organisationIds : [-1n]);
  const yards = await db
    .select({
      id: geofences.id,
      name: geofences.name,
      kind: geofences.kind,
      organisationId: geofences.organisationId,
    })
    .from(geofences)
    .where(and(eq(geofences.deleted, false), inArray(geofences.kind, disposalKinds), fenceScope))
    .orderBy(asc(geofences.name), asc(geofences.id));
  const inside = yards.length
    ? await db
        .select({
          geofenceId: geofenceVisits.geofenceId,
          vehicleId: vehicles.id,
          registrationNumber: vehicles.registrationNumber,
          enteredAt: geofenceVisits.enteredAt,
        })
        .from(geofenceVisits)
        .innerJoin(vehicles, eq(vehicles.id, geofenceVisits.vehicleId))
        .where(
          and(
            isNull(geofenceVisits.exitedAt),
            inArray(
              geofenceVisits.geofenceId,
              yards.map((y) => y.id),
            ),
            eq(vehicles.deleted, false),
            scopeOf(args.organisationIds, vehicles.organisationId),
          ),
        )
        .orderBy(asc(geofenceVisits.enteredAt), asc(vehicles.registrationNumber))
    : [];
  return {
    asOf: now.toISOString(),
    yards: yards.map((y) => ({
      geofenceId: String(y.id),
      name: y.name,
      kind: y.kind as DisposalGeofenceKind,
      organisationId: String(y.organisationId),
      vehicles: inside
        .filter((v) => v.geofenceId === y.id)
        .map((v) => ({
          vehicleId: String(v.vehicleId),
          registrationNumber: v.registrationNumber,
          enteredAt: v.enteredAt.toISOString(),
          durationS: durationS(v.enteredAt.getTime(), now.getTime()),
        })),
    })),
  };
}
