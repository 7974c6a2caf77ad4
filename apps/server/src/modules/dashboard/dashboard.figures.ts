/**
 * Pure folds behind the dashboards (docs/swm.md "Dashboards"): rows in, figures out, no I/O and no clock (callers
 * pass `nowMs`). Golden tests: dashboard.figures.test.ts.
 */
import {
  VEHICLE_LIVE_STATUSES,
  type DivisionFigures,
  type DivisionNode,
  type FleetVehicleRow,
  type StatusCounts,
  type VehicleLiveStatus,
} from '@civicfleet/shared';
import { localDayOf, localDayStartMs, nextLocalDay, utcOffsetMinutes } from '../../derive/local-day.ts';

export const DASHBOARD_TIME_ZONE = 'Asia/Kolkata';
const HOUR_MS = 3_600_000;

/** Every local day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = nextLocalDay(day)) days.push(day);
  return days;
}

/** [start of `from`, start of the day after `to`) as instants. */
export function rangeInstants(from: string, to: string): { fromAt: Date; toAt: Date } {
  return {
    fromAt: new Date(localDayStartMs(from, DASHBOARD_TIME_ZONE)),
    toAt: new Date(localDayStartMs(nextLocalDay(to), DASHBOARD_TIME_ZONE)),
  };
}

export function localHourOf(ms: number): number {
  const wall = ms + utcOffsetMinutes(ms, DASHBOARD_TIME_ZONE) * 60_000;
  return Math.floor(wall / HOUR_MS) % 24;
}

export function countStatuses(statuses: VehicleLiveStatus[]): StatusCounts {
  const counts = Object.fromEntries(VEHICLE_LIVE_STATUSES.map((s) => [s, 0])) as StatusCounts;
  counts.total = statuses.length;
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** checkpoints met / total; null without checkpoints. */
export const ratioOf = (met: number, total: number): number | null => (total > 0 ? met / total : null);

/** Trips per local hour of entry (0–23) and per local day of the range (every day listed). */
export function bucketTrips(enteredAtMs: number[], days: string[]) {
  const byHour = Array.from({ length: 24 }, () => 0);
  const perDay = new Map(days.map((d) => [d, 0]));
  for (const ms of enteredAtMs) {
    byHour[localHourOf(ms)] = (byHour[localHourOf(ms)] ?? 0) + 1;
    const day = localDayOf(ms, DASHBOARD_TIME_ZONE);
    if (perDay.has(day)) perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  return { byHour, byDay: days.map((day) => ({ day, count: perDay.get(day) ?? 0 })) };
}

export function countComplaints(rows: Array<{ status: string; dueAt: Date }>, nowMs: number) {
  const counts = { open: 0, assigned: 0, reopened: 0, total: 0, overdue: 0 };
  for (const row of rows) {
    if (row.status === 'open' || row.status === 'assigned' || row.status === 'reopened')
      counts[row.status] += 1;
    else continue;
    counts.total += 1;
    if (row.dueAt.getTime() < nowMs) counts.overdue += 1;
  }
  return counts;
}

/** Attendance on `day` of the staff listed: marks of people not listed (inactive, other division) are ignored. */
export function countAttendance(
  staffIds: bigint[],
  marks: Array<{ staffId: bigint; day: string; status: string }>,
  day: string,
) {
  const listed = new Set(staffIds);
  let present = 0;
  let absent = 0;
  for (const mark of marks) {
    if (mark.day !== day || !listed.has(mark.staffId)) continue;
    if (mark.status === 'PRESENT') present += 1;
    else if (mark.status === 'ABSENT') absent += 1;
  }
  return { day, staff: staffIds.length, present, absent, notMarked: staffIds.length - present - absent };
}

export interface VehicleDay {
  vehicleId: bigint;
  day: string;
  distanceM: number;
  runS: number;
  idleS: number;
  maxSpeedKph: number | null;
  firstIgnitionAt: Date | null;
  lastIgnitionAt: Date | null;
}

export interface RunWindow {
  vehicleId: bigint;
  day: string;
  windowStart: Date;
  windowEnd: Date;
}

/**
 * Shift time of a vehicle on a day: the union of its job windows that day when it has any (a schedule says when it
 * should work), else its duty span first → last ignition; 0 when neither is known.
 */
export function shiftSeconds(day: VehicleDay | undefined, windows: RunWindow[]): number {
  if (windows.length > 0) {
    const sorted = [...windows].sort((a, b) => a.windowStart.getTime() - b.windowStart.getTime());
    let totalMs = 0;
    let curStart = -Infinity;
    let curEnd = -Infinity;
    for (const w of sorted) {
      const s = w.windowStart.getTime();
      const e = w.windowEnd.getTime();
      if (s > curEnd) {
        if (curEnd > curStart) totalMs += curEnd - curStart;
        curStart = s;
        curEnd = e;
      } else curEnd = Math.max(curEnd, e);
    }
    if (curEnd > curStart) totalMs += curEnd - curStart;
    return Math.round(totalMs / 1000);
  }
  if (!day?.firstIgnitionAt || !day.lastIgnitionAt) return 0;
  return Math.max(0, Math.round((day.lastIgnitionAt.getTime() - day.firstIgnitionAt.getTime()) / 1000));
}

/** Per-vehicle fleet figures over the range (every vehicle listed, even one without data). */
export function fleetRows(
  vehicles: Array<{ id: bigint; registrationNumber: string }>,
  days: VehicleDay[],
  windows: RunWindow[],
  overspeed: Map<bigint, number>,
): FleetVehicleRow[] {
  const key = (vehicleId: bigint, day: string) => `${vehicleId}|${day}`;
  const dayOf = new Map(days.map((d) => [key(d.vehicleId, d.day), d]));
  const windowsOf = new Map<string, RunWindow[]>();
  for (const w of windows) {
    const k = key(w.vehicleId, w.day);
    windowsOf.set(k, [...(windowsOf.get(k) ?? []), w]);
  }
  const vehicleDays = new Map<bigint, Set<string>>();
  for (const k of [...dayOf.keys(), ...windowsOf.keys()]) {
    const [id, day] = k.split('|') as [string, string];
    const set = vehicleDays.get(BigInt(id)) ?? new Set<string>();
    set.add(day);
    vehicleDays.set(BigInt(id), set);
  }
  return vehicles.map((v) => {
    const row = { distanceM: 0, runS: 0, idleS: 0, shiftS: 0, maxSpeedKph: null as number | null };
    for (const day of vehicleDays.get(v.id) ?? []) {
      const d = dayOf.get(key(v.id, day));
      row.shiftS += shiftSeconds(d, windowsOf.get(key(v.id, day)) ?? []);
      if (!d) continue;
      row.distanceM += d.distanceM;
      row.runS += d.runS;
      row.idleS += d.idleS;
      if (d.maxSpeedKph !== null) row.maxSpeedKph = Math.max(row.maxSpeedKph ?? 0, d.maxSpeedKph);
    }
    return {
      vehicleId: String(v.id),
      registrationNumber: v.registrationNumber,
      ...row,
      utilisation: row.shiftS > 0 ? row.runS / row.shiftS : null,
      overspeedEvents: overspeed.get(v.id) ?? 0,
    };
  });
}

/** Top and bottom `n` by a figure (rows without it left out), ties by registration number. */
export function rankBy(rows: FleetVehicleRow[], figure: (r: FleetVehicleRow) => number | null, n: number) {
  const ranked = rows
    .filter((r) => figure(r) !== null)
    .sort(
      (a, b) =>
        (figure(b) ?? 0) - (figure(a) ?? 0) || a.registrationNumber.localeCompare(b.registrationNumber),
    );
  // "Most" lists only vehicles that did something; "least" keeps the idle ones (what a manager looks for).
  return { top: ranked.filter((r) => (figure(r) ?? 0) > 0).slice(0, n), bottom: ranked.slice(-n).reverse() };
}

// ---------------------------------------------------------------------------------------------------------------
// Division drill-down

export const emptyFigures = (): DivisionFigures => ({
  vehicles: 0,
  moving: 0,
  offline: 0,
  distanceM: 0,
  disposalTrips: 0,
  checkpointsMet: 0,
  checkpointsTotal: 0,
  coverage: null,
  staff: 0,
  present: 0,
  absent: 0,
  openComplaints: 0,
  overdueComplaints: 0,
});

type Additive = Omit<DivisionFigures, 'coverage'>;
export type Contribution = Partial<Additive>;

/** Where a row sits: its deepest known division (ward, else circle, else zone); none = unassigned. */
export interface Placed {
  zoneId: bigint | null;
  circleId: bigint | null;
  wardId: bigint | null;
  add: Contribution;
}

function addInto(target: DivisionFigures, add: Contribution): void {
  for (const [k, v] of Object.entries(add) as Array<[keyof Additive, number]>) target[k] += v;
}

/**
 * The zone → circle → ward tree with each node's figures = its own rows plus its descendants'. `roots` limits the
 * answer to those subtrees (a zone filter answers that zone); rows placed outside every node count as unassigned.
 */
export function divisionTree(
  divisions: Array<{ id: bigint; type: string; name: string; code: string | null; parentId: bigint | null }>,
  placed: Placed[],
  roots: bigint[] | null,
): { tree: DivisionNode[]; total: DivisionFigures; unassigned: DivisionFigures } {
  const byId = new Map(divisions.map((d) => [d.id, { d, figures: emptyFigures() }]));
  const total = emptyFigures();
  const unassigned = emptyFigures();
  for (const p of placed) {
    addInto(total, p.add);
    const at = [p.wardId, p.circleId, p.zoneId].find((id) => id !== null && byId.has(id));
    if (at === undefined || at === null) {
      addInto(unassigned, p.add);
      continue;
    }
    const seen = new Set<bigint>();
    for (let id: bigint | null = at; id !== null && !seen.has(id);) {
      seen.add(id);
      const node = byId.get(id);
      if (!node) break;
      addInto(node.figures, p.add);
      id = node.d.parentId;
    }
  }
  const childrenOf = new Map<bigint | null, typeof divisions>();
  for (const d of divisions) {
    const parent = d.parentId !== null && byId.has(d.parentId) ? d.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), d]);
  }
  const build = (d: (typeof divisions)[number]): DivisionNode => {
    const figures = byId.get(d.id)?.figures ?? emptyFigures();
    return {
      id: String(d.id),
      type: d.type as DivisionNode['type'],
      name: d.name,
      code: d.code,
      figures: { ...figures, coverage: ratioOf(figures.checkpointsMet, figures.checkpointsTotal) },
      children: (childrenOf.get(d.id) ?? []).map(build),
    };
  };
  const top = roots === null ? (childrenOf.get(null) ?? []) : divisions.filter((d) => roots.includes(d.id));
  total.coverage = ratioOf(total.checkpointsMet, total.checkpointsTotal);
  unassigned.coverage = ratioOf(unassigned.checkpointsMet, unassigned.checkpointsTotal);
  return { tree: top.map(build), total, unassigned };
}
