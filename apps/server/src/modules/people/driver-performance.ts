/**
 * Driver performance (docs/swm.md "Driver performance"): per driver (staff role 'driver'), over their vehicle
 * allocations overlapping [from, to): the distance the allocated vehicle drove while they were on it (its
 * state_intervals, pro rata where an interval straddles the allocation's edges), harsh events (harshBraking,
 * harshAcceleration, harshCornering of the ALARMS catalogue) and overspeed events raised on that vehicle in the span,
 * and its idle seconds; per 100 km figures are null under 1 km. An open allocation runs until `to` (or now).
 * Overlapping allocations of one driver on one vehicle (a supervisor's and a driver-id one) count once.
 *
 * Seam for the dashboards helper: `driverPerformance(db, { organisationIds, from, to })`.
 */
import { and, eq, gt, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { DriverPerformanceRow } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { events, staff, stateIntervals, vehicleAllocations, vehicles } from '../../db/schema/index.ts';

export type { DriverPerformanceRow } from '@civicfleet/shared';

export const HARSH_EVENT_TYPES = ['harshBraking', 'harshAcceleration', 'harshCornering'] as const;
export const OVERSPEED_EVENT_TYPE = 'overspeed';
/** Under this distance the per-100 km figures are noise: null. */
export const MIN_DISTANCE_KM = 1;

export interface PerformanceAllocation {
  staffId: bigint;
  name: string;
  vehicleId: bigint;
  registrationNumber: string;
  startedAt: Date;
  endedAt: Date | null;
}

export interface PerformanceInterval {
  vehicleId: bigint;
  kind: string;
  startedAt: Date;
  endedAt: Date | null;
  distanceM: number;
}

export interface PerformanceEvent {
  vehicleId: bigint;
  type: string;
  startedAt: Date;
}

const round = (value: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/** Union of [start, end) spans, sorted. */
function mergeSpans(spans: Array<[number, number]>): Array<[number, number]> {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [s, e] of sorted) {
    const last = merged.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}

/** The pure part: rows from allocations, state intervals and events already loaded. */
export function computeDriverPerformance(args: {
  allocations: PerformanceAllocation[];
  intervals: PerformanceInterval[];
  events: PerformanceEvent[];
  fromMs: number;
  toMs: number;
  nowMs: number;
}): DriverPerformanceRow[] {
  const openEnd = Math.min(args.toMs, args.nowMs);
  interface Acc {
    name: string;
    vehicles: Set<string>;
    spans: Map<bigint, Array<[number, number]>>;
  }
  const drivers = new Map<bigint, Acc>();
  for (const a of args.allocations) {
    const start = Math.max(a.startedAt.getTime(), args.fromMs);
    const end = Math.min(a.endedAt?.getTime() ?? openEnd, args.toMs);
    if (end <= start) continue;
    let acc = drivers.get(a.staffId);
    if (!acc) {
      acc = { name: a.name, vehicles: new Set(), spans: new Map() };
      drivers.set(a.staffId, acc);
    }
    acc.vehicles.add(a.registrationNumber);
    const list = acc.spans.get(a.vehicleId) ?? [];
    list.push([start, end]);
    acc.spans.set(a.vehicleId, list);
  }
  const intervalsOf = groupBy(args.intervals, (i) => i.vehicleId);
  const eventsOf = groupBy(args.events, (e) => e.vehicleId);
  const harsh = new Set<string>(HARSH_EVENT_TYPES);

  const result: DriverPerformanceRow[] = [];
  for (const [staffId, acc] of drivers) {
    let distanceM = 0;
    let idleMs = 0;
    let harshEvents = 0;
    let overspeedEvents = 0;
    for (const [vehicleId, raw] of acc.spans) {
      for (const [s, e] of mergeSpans(raw)) {
        for (const i of intervalsOf.get(vehicleId) ?? []) {
          const is = i.startedAt.getTime();
          const ie = i.endedAt?.getTime() ?? args.nowMs;
          const overlap = Math.min(e, ie) - Math.max(s, is);
          if (ie <= is) {
            if (is >= s && is < e) distanceM += i.distanceM;
            continue;
          }
          if (overlap <= 0) continue;
          distanceM += i.distanceM * (overlap / (ie - is));
          if (i.kind === 'idle') idleMs += overlap;
        }
        for (const ev of eventsOf.get(vehicleId) ?? []) {
          const at = ev.startedAt.getTime();
          if (at < s || at >= e) continue;
          if (harsh.has(ev.type)) harshEvents += 1;
          else if (ev.type === OVERSPEED_EVENT_TYPE) overspeedEvents += 1;
        }
      }
    }
    const distanceKm = round(distanceM / 1000, 2);
    const idleS = Math.round(idleMs / 1000);
    const per100 = (n: number) => (distanceKm < MIN_DISTANCE_KM ? null : round((n * 100) / distanceKm, 2));
    result.push({
      staffId: String(staffId),
      name: acc.name,
      vehicles: [...acc.vehicles].sort(),
      distanceKm,
      harshEvents,
      overspeedEvents,
      idleS,
      harshPer100Km: per100(harshEvents),
      overspeedPer100Km: per100(overspeedEvents),
      idleMinPer100Km: per100(idleS / 60),
    });
  }
  return result.sort((a, b) => b.distanceKm - a.distanceKm || a.name.localeCompare(b.name));
}

function groupBy<T>(items: T[], key: (item: T) => bigint): Map<bigint, T[]> {
  const map = new Map<bigint, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/** Visible organisation ids; 'all' for SUPER_ADMIN (a superset of the seam's `bigint[]`). */
export type OrganisationIds = bigint[] | 'all';

const scoped = (organisationIds: OrganisationIds, column: typeof staff.organisationId): SQL | undefined =>
  organisationIds === 'all' ? undefined : inArray(column, [...organisationIds, -1n]);

/** Loads the allocations, intervals and events of the range and computes the rows (best distance first). */
export async function driverPerformance(
  db: Db,
  args: { organisationIds: OrganisationIds; from: Date; to: Date; now?: Date },
): Promise<DriverPerformanceRow[]> {
  const now = args.now ?? new Date();
  const allocations = await db
    .select({
      staffId: staff.id,
      name: staff.name,
      vehicleId: vehicles.id,
      registrationNumber: vehicles.registrationNumber,
      startedAt: vehicleAllocations.startedAt,
      endedAt: vehicleAllocations.endedAt,
    })
    .from(vehicleAllocations)
    .innerJoin(staff, eq(staff.id, vehicleAllocations.staffId))
    .innerJoin(vehicles, eq(vehicles.id, vehicleAllocations.vehicleId))
    .where(
      and(
        eq(staff.role, 'driver'),
        eq(staff.deleted, false),
        scoped(args.organisationIds, staff.organisationId),
        lt(vehicleAllocations.startedAt, args.to),
        or(isNull(vehicleAllocations.endedAt), gt(vehicleAllocations.endedAt, args.from)),
      ),
    );
  if (allocations.length === 0) return [];
  const vehicleIds = [...new Set(allocations.map((a) => a.vehicleId))];
  const earliest = new Date(Math.max(args.from.getTime(), Math.min(...allocations.map((a) => +a.startedAt))));
  const intervals = await db
    .select({
      vehicleId: stateIntervals.vehicleId,
      kind: stateIntervals.kind,
      startedAt: stateIntervals.startedAt,
      endedAt: stateIntervals.endedAt,
      distanceM: stateIntervals.distanceM,
    })
    .from(stateIntervals)
    .where(
      and(
        inArray(stateIntervals.vehicleId, vehicleIds),
        inArray(stateIntervals.kind, ['moving', 'idle']),
        lt(stateIntervals.startedAt, args.to),
        or(isNull(stateIntervals.endedAt), gt(stateIntervals.endedAt, earliest)),
      ),
    );
  const found = await db
    .select({ vehicleId: events.vehicleId, type: events.type, startedAt: events.startedAt })
    .from(events)
    .where(
      and(
        inArray(events.vehicleId, vehicleIds),
        inArray(events.type, [...HARSH_EVENT_TYPES, OVERSPEED_EVENT_TYPE]),
        gt(events.startedAt, new Date(earliest.getTime() - 1)),
        lt(events.startedAt, args.to),
      ),
    );
  return computeDriverPerformance({
    allocations,
    intervals: intervals.flatMap((i) => (i.vehicleId === null ? [] : [{ ...i, vehicleId: i.vehicleId }])),
    events: found.flatMap((e) => (e.vehicleId === null ? [] : [{ ...e, vehicleId: e.vehicleId }])),
    fromMs: args.from.getTime(),
    toMs: args.to.getTime(),
    nowMs: now.getTime(),
  });
}
