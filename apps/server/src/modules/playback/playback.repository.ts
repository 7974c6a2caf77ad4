/**
 * SQL of route playback: one statement per part, each bounded by an index.
 *
 * - Points: the vehicle's device links that overlap the range (vehicle_device_links_vehicle_idx), then per link a
 *   range scan of the positions primary key (device_id, fixed_at) clipped to the link's period, aggregated in the
 *   database into one row of arrays (columnar: no row object per fix on either driver).
 * - Intervals and trips: by vehicle and start (…_vehicle_started_idx), plus the few that started before the range.
 * - Alerts: per linked device by events_device_started_idx.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client.ts';

export interface PlaybackVehicleRow {
  id: string;
  organisationId: string;
  registrationNumber: string;
  kind: string | null;
}

export async function findVehicle(db: Db, vehicleId: bigint): Promise<PlaybackVehicleRow | undefined> {
  const [row] = await rows<PlaybackVehicleRow>(
    db,
    sql`select id::text as id, organisation_id::text as "organisationId",
               registration_number as "registrationNumber", kind
          from vehicles where id = ${vehicleId} and not deleted`,
  );
  return row;
}

export interface Range {
  vehicleId: bigint;
  from: Date;
  to: Date;
}

/** The links of the vehicle that overlap [from, to], each clipped to it (`lf`, `lt`: the link's part of the range). */
const links = (r: Range) => sql`
  select device_id, greatest(linked_at, ${r.from.toISOString()}::timestamptz) as lf,
         least(coalesce(unlinked_at, 'infinity'::timestamptz), ${r.to.toISOString()}::timestamptz) as lt,
         unlinked_at
    from vehicle_device_links
   where vehicle_id = ${r.vehicleId} and linked_at <= ${r.to.toISOString()}::timestamptz
     and (unlinked_at is null or unlinked_at > ${r.from.toISOString()}::timestamptz)`;

export interface PointColumns {
  t: number[];
  lat: number[];
  lon: number[];
  speedKph: Array<number | null>;
  headingDeg: Array<number | null>;
  ignition: Array<boolean | null>;
  /** Sum of the counted distance of every fix in the range (valid or not; an invalid fix counts 0). */
  distanceM: number;
  maxSpeedKph: number | null;
}

/**
 * Every fix of the range (a fix at a link's end belongs to the next link), valid ones as columns in fix-time order
 * (invalid fixes and multipath jumps are left out of the track), with distance and top speed over the range.
 */
export async function readPoints(db: Db, r: Range): Promise<PointColumns> {
  const [row] = await rows<{ points: string }>(db, pointsQuery(r));
  if (!row) throw new Error('playback points query returned no row');
  return JSON.parse(row.points) as PointColumns;
}

/**
 * The statement of readPoints (the benchmark EXPLAINs it). The columns leave the database as ONE JSON text built with
 * string_agg: on PGlite that is ~1.7× faster than json_agg and ~6× faster than one row per fix (bench/README.md
 * "playback"); positions are rounded to 6 decimals (0.1 m, far below GPS noise) to keep the answer small. Booleans
 * print as true/false and reals in their shortest form, both valid JSON; an empty range gives empty arrays.
 * The constant bounds on fixed_at let the planner prune the monthly partitions outside the range.
 */
export function pointsQuery(r: Range) {
  return sql`with l as (${links(r)}),
        p as (
          select l.device_id, p.fixed_at, p.lat, p.lon, p.speed_kph, p.heading_deg, p.ignition, p.distance_m,
                 (p.gps_valid is not false and p.attrs -> 'jump' is null) as ok
            from l cross join lateral (
              select fixed_at, lat, lon, speed_kph, heading_deg, ignition, distance_m, gps_valid, attrs
                from positions
               where device_id = l.device_id and fixed_at >= l.lf and fixed_at <= l.lt
                 and fixed_at >= ${r.from.toISOString()}::timestamptz and fixed_at <= ${r.to.toISOString()}::timestamptz
                 and (l.unlinked_at is null or fixed_at < l.unlinked_at)
            ) p
        )
        select '{"t":[' || coalesce(string_agg(((extract(epoch from fixed_at) * 1000)::bigint)::text, ','
                                                     order by fixed_at, device_id) filter (where ok), '')
          || '],"lat":[' || coalesce(string_agg((round(lat * 1e6) / 1e6)::text, ','
                                                order by fixed_at, device_id) filter (where ok), '')
          || '],"lon":[' || coalesce(string_agg((round(lon * 1e6) / 1e6)::text, ','
                                                order by fixed_at, device_id) filter (where ok), '')
          || '],"speedKph":[' || coalesce(string_agg(coalesce(speed_kph::text, 'null'), ','
                                                     order by fixed_at, device_id) filter (where ok), '')
          || '],"headingDeg":[' || coalesce(string_agg(coalesce(heading_deg::text, 'null'), ','
                                                       order by fixed_at, device_id) filter (where ok), '')
          || '],"ignition":[' || coalesce(string_agg(coalesce(ignition::text, 'null'), ','
                                                     order by fixed_at, device_id) filter (where ok), '')
          || '],"distanceM":' || coalesce(sum(distance_m::float8), 0)::text
          || ',"maxSpeedKph":' || coalesce((max(speed_kph) filter (where ok))::text, 'null')
          || '}' as points
        from p`;
}

export interface IntervalRow {
  kind: 'moving' | 'idle' | 'stopped' | 'offline';
  startedAt: Date;
  endedAt: Date | null;
  distanceM: number;
  startLat: number | null;
  startLon: number | null;
}

const ts = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const tsOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : ts(value));

/** State intervals that overlap the range, in start order (the last few that began before it included). */
export async function readIntervals(db: Db, r: Range): Promise<IntervalRow[]> {
  const found = await rows<IntervalRow>(
    db,
    sql`select * from (
          (select kind, started_at as "startedAt", ended_at as "endedAt", distance_m as "distanceM",
                  start_lat as "startLat", start_lon as "startLon"
             from state_intervals
            where vehicle_id = ${r.vehicleId} and started_at < ${r.from.toISOString()}::timestamptz
            order by started_at desc limit 3)
          union all
          (select kind, started_at, ended_at, distance_m, start_lat, start_lon
             from state_intervals
            where vehicle_id = ${r.vehicleId} and started_at >= ${r.from.toISOString()}::timestamptz
              and started_at <= ${r.to.toISOString()}::timestamptz)
        ) i
        where "endedAt" is null or "endedAt" > ${r.from.toISOString()}::timestamptz
        order by "startedAt"`,
  );
  return found.map((i) => ({ ...i, startedAt: ts(i.startedAt), endedAt: tsOrNull(i.endedAt) }));
}

/** The persisted derive states of the devices on the vehicle now (their open interval is not in state_intervals yet). */
export async function readCurrentDeriveStates(db: Db, r: Range): Promise<unknown[]> {
  const found = await rows<{ state: unknown }>(
    db,
    sql`select s.state from vehicle_device_links l join device_derive_state s on s.device_id = l.device_id
         where l.vehicle_id = ${r.vehicleId} and l.unlinked_at is null
           and l.linked_at <= ${r.to.toISOString()}::timestamptz`,
  );
  return found.map((f) => f.state);
}

export interface TripRow {
  startedAt: Date;
  endedAt: Date;
  distanceM: number;
  maxSpeedKph: number | null;
  startLat: number | null;
  startLon: number | null;
  endLat: number | null;
  endLon: number | null;
}

/** Trips that overlap the range, in start order. */
export async function readTrips(db: Db, r: Range): Promise<TripRow[]> {
  const columns = sql`started_at as "startedAt", ended_at as "endedAt", distance_m as "distanceM",
    max_speed_kph as "maxSpeedKph", start_lat as "startLat", start_lon as "startLon",
    end_lat as "endLat", end_lon as "endLon"`;
  const found = await rows<TripRow>(
    db,
    sql`select * from (
          (select ${columns} from trips
            where vehicle_id = ${r.vehicleId} and started_at < ${r.from.toISOString()}::timestamptz
            order by started_at desc limit 3)
          union all
          (select ${columns} from trips
            where vehicle_id = ${r.vehicleId} and started_at >= ${r.from.toISOString()}::timestamptz
              and started_at <= ${r.to.toISOString()}::timestamptz)
        ) t
        where "endedAt" > ${r.from.toISOString()}::timestamptz
        order by "startedAt"`,
  );
  return found.map((t) => ({ ...t, startedAt: ts(t.startedAt), endedAt: ts(t.endedAt) }));
}

export interface AlertRow {
  id: string;
  type: string;
  startedAt: Date;
  lat: number | null;
  lon: number | null;
}

/** Alerts raised in the range by the devices while they were on the vehicle, in time order. */
export async function readAlerts(db: Db, r: Range): Promise<AlertRow[]> {
  const found = await rows<AlertRow>(
    db,
    sql`with l as (${links(r)})
        select e.id::text as id, e.type, e.started_at as "startedAt", e.lat, e.lon
          from l join events e on e.device_id = l.device_id and e.started_at >= l.lf and e.started_at <= l.lt
                              and (l.unlinked_at is null or e.started_at < l.unlinked_at)
         order by e.started_at, e.id
         limit 5000`,
  );
  return found.map((a) => ({ ...a, startedAt: ts(a.startedAt) }));
}

/**
 * `playbackMaxDays` of organisation_settings.settings from the organisation or its nearest ancestor that sets a
 * positive whole number; undefined when none does.
 */
export async function readPlaybackMaxDays(db: Db, organisationId: bigint): Promise<number | undefined> {
  const found = await rows<{ value: unknown }>(
    db,
    sql`with recursive chain (id, parent_id, depth) as (
          select id, parent_id, 0 from organisations where id = ${organisationId}
          union all
          select o.id, o.parent_id, chain.depth + 1 from organisations o join chain on o.id = chain.parent_id
           where chain.depth < 16
        )
        select s.settings -> 'playbackMaxDays' as value
          from chain join organisation_settings s on s.organisation_id = chain.id
         order by chain.depth`,
  );
  for (const { value } of found) {
    const days = typeof value === 'string' ? Number(value) : value;
    if (typeof days === 'number' && Number.isInteger(days) && days > 0) return days;
  }
  return undefined;
}
