/**
 * Attendance and driver-id derivation rules (docs/swm.md "Driver-id reads", "Attendance"): pure functions, no I/O and
 * no clock, so that the worker job (attendance-job.ts) only loads rows, calls these and writes what they return.
 *
 * Invariants:
 * - one mark per person per local day; a supervisor's mark is never replaced by a derived one;
 * - a driver-id read opens a driver allocation on the read's vehicle unless that driver's allocation is already open
 *   there; a different driver's open allocation on the vehicle ends at the read time with end_reason 'replaced';
 * - duty start/end of a vehicle's day are its first/last ignition (daily_vehicle_stats);
 * - the day close marks ABSENT only people active, existing before the day ended, and still unmarked; evidence of
 *   presence that arrives later (history uploaded after midnight) replaces that automatic ABSENT.
 */
import type { AttendanceSource, AttendanceStatus, Shift } from '@civicfleet/shared';
import {
  localDayOf,
  localDayStartMs,
  nextLocalDay,
  utcOffsetMinutes,
  type LocalDay,
} from '../../derive/local-day.ts';

/** SWM operations run on India time (docs/swm.md). */
export const PEOPLE_TIME_ZONE = 'Asia/Kolkata';

const HOUR_MS = 3_600_000;

/** Shift of a local wall-clock hour: morning 05–13, afternoon 13–21, night otherwise. */
export function shiftOfHour(hour: number): Shift {
  if (hour >= 5 && hour < 13) return 'morning';
  if (hour >= 13 && hour < 21) return 'afternoon';
  return 'night';
}

/** Shift and local day of an instant. */
export function shiftAt(ms: number, timeZone = PEOPLE_TIME_ZONE): { day: LocalDay; shift: Shift } {
  const wall = ms + utcOffsetMinutes(ms, timeZone) * 60_000;
  const hour = Math.floor((((wall % 86_400_000) + 86_400_000) % 86_400_000) / HOUR_MS);
  return { day: localDayOf(ms, timeZone), shift: shiftOfHour(hour) };
}

const SHIFT_START_HOUR: Record<Shift, number> = { morning: 5, afternoon: 13, night: 21 };

/**
 * When a supervisor's allocation for `day` and `shift` starts: the shift start on that day (night: 21:00), or `nowMs`
 * when that is inside the shift (allocated late), so that a driver change is dated when it happened.
 */
export function allocationStart(
  day: LocalDay,
  shift: Shift,
  nowMs: number,
  timeZone = PEOPLE_TIME_ZONE,
): number {
  const start = localDayStartMs(day, timeZone) + SHIFT_START_HOUR[shift] * HOUR_MS;
  const end = start + 8 * HOUR_MS;
  return nowMs > start && nowMs < end ? nowMs : start;
}

export interface Mark {
  status: AttendanceStatus;
  source: AttendanceSource;
}

/**
 * Whether evidence of presence (a driver-id read, a duty) may be written over `existing`: where there is no mark, or
 * over the automatic ABSENT of a day close, which only said that no evidence had arrived by then (a tracker out of
 * coverage uploads its history later). Never over a supervisor's mark or another derived PRESENT.
 */
export function canDeriveOver(existing: Mark | undefined): boolean {
  return existing === undefined || existing.source === 'day-close';
}

// ---------------------------------------------------------------- (a) driver-id reads

export interface TagCandidate {
  staffId: bigint;
  organisationId: bigint;
  role: string;
}

/**
 * The staff member a tag belongs to, among active staff holding that tag (already matched case-insensitively):
 * someone of the vehicle's own organisation first, then of its sub-organisations, then of its parents (`tree` lists
 * them in that order of preference). Drivers win over other roles of the same rank. None: the read stays unmatched.
 */
export function pickTagOwner(candidates: TagCandidate[], tree: bigint[]): TagCandidate | undefined {
  let best: { c: TagCandidate; rank: number } | undefined;
  for (const c of candidates) {
    const at = tree.indexOf(c.organisationId);
    if (at < 0) continue;
    const rank = at * 2 + (c.role === 'driver' ? 0 : 1);
    if (!best || rank < best.rank || (rank === best.rank && c.staffId < best.c.staffId)) best = { c, rank };
  }
  return best?.c;
}

export interface OpenDriverAllocation {
  id: bigint;
  staffId: bigint;
  startedAt: Date;
}

export interface TagReadPlan {
  /** Open a driver-id allocation for this vehicle, day and shift, starting at the read. */
  open: { staffId: bigint; day: LocalDay; shift: Shift; startedAt: Date } | null;
  /** End this allocation (another driver's) at the read, 'replaced'. */
  replace: { id: bigint; endedAt: Date } | null;
  /** Mark the person PRESENT from the read (unless a mark exists; the writer also never overwrites). */
  mark: { staffId: bigint; day: LocalDay; dutyStartAt: Date } | null;
}

/**
 * What one read does. `open` is the vehicle's open driver allocation (if any) at processing time. A read older than
 * that allocation's start (late history) does not reshuffle allocations; it can still mark attendance.
 */
export function planTagRead(args: {
  readAt: Date;
  owner: TagCandidate | undefined;
  hasVehicle: boolean;
  open: OpenDriverAllocation | undefined;
  existingMark: Mark | undefined;
  timeZone?: string;
}): TagReadPlan {
  const none: TagReadPlan = { open: null, replace: null, mark: null };
  if (!args.owner) return none;
  const { day, shift } = shiftAt(args.readAt.getTime(), args.timeZone);
  const mark = canDeriveOver(args.existingMark)
    ? { staffId: args.owner.staffId, day, dutyStartAt: args.readAt }
    : null;
  if (!args.hasVehicle) return { ...none, mark };
  const sameDriver = args.open?.staffId === args.owner.staffId;
  const isLate = args.open !== undefined && args.readAt.getTime() < args.open.startedAt.getTime();
  if (sameDriver || isLate) return { ...none, mark };
  return {
    open: { staffId: args.owner.staffId, day, shift, startedAt: args.readAt },
    replace: args.open ? { id: args.open.id, endedAt: args.readAt } : null,
    mark,
  };
}

// ---------------------------------------------------------------- (b) duty from ignition

export interface DayAllocation {
  staffId: bigint;
  vehicleId: bigint;
  day: LocalDay;
  startedAt: Date;
  endedAt: Date | null;
}

export interface VehicleDuty {
  vehicleId: bigint;
  day: LocalDay;
  firstIgnitionAt: Date;
  lastIgnitionAt: Date | null;
}

export interface DutyMark {
  staffId: bigint;
  day: LocalDay;
  vehicleId: bigint;
  dutyStartAt: Date;
  dutyEndAt: Date | null;
  /** true: a new PRESENT 'duty' mark; false: only the duty end of an existing derived mark moves. */
  isNew: boolean;
}

/**
 * Staff allocated to a vehicle on a day the vehicle started duty (first ignition) are PRESENT ('duty'), with duty
 * start/end = the vehicle's first/last ignition. The vehicle must have run during the allocation (its ignition span
 * [first, last] meets the allocation's [start, end]), so an afternoon crew is not present for the morning's run. An existing derived mark ('driver-id' or 'duty') of that vehicle gets
 * its duty end moved to the latest ignition; a day-close ABSENT is replaced (the run's data arrived late); supervisor
 * marks are left alone. One mark per person: the
 * earliest-starting duty wins when someone was on two vehicles.
 */
export function planDutyMarks(
  allocations: DayAllocation[],
  duties: VehicleDuty[],
  marks: Map<string, Mark & { vehicleId: bigint | null; dutyEndAt: Date | null }>,
): DutyMark[] {
  const dutyOf = new Map(duties.map((d) => [`${d.vehicleId}|${d.day}`, d]));
  const best = new Map<string, DutyMark>();
  for (const a of allocations) {
    const duty = dutyOf.get(`${a.vehicleId}|${a.day}`);
    if (!duty) continue;
    const lastMs = (duty.lastIgnitionAt ?? duty.firstIgnitionAt).getTime();
    const ranDuring =
      lastMs >= a.startedAt.getTime() &&
      (a.endedAt === null || duty.firstIgnitionAt.getTime() <= a.endedAt.getTime());
    if (!ranDuring) continue;
    const key = markKey(a.staffId, a.day);
    const existing = marks.get(key);
    let plan: DutyMark | undefined;
    if (canDeriveOver(existing)) {
      plan = {
        staffId: a.staffId,
        day: a.day,
        vehicleId: a.vehicleId,
        dutyStartAt: duty.firstIgnitionAt,
        dutyEndAt: duty.lastIgnitionAt,
        isNew: true,
      };
    } else if (
      existing !== undefined &&
      (existing.source === 'driver-id' || existing.source === 'duty') &&
      existing.vehicleId === a.vehicleId &&
      duty.lastIgnitionAt !== null &&
      (existing.dutyEndAt === null || existing.dutyEndAt.getTime() < duty.lastIgnitionAt.getTime())
    ) {
      plan = {
        staffId: a.staffId,
        day: a.day,
        vehicleId: a.vehicleId,
        dutyStartAt: duty.firstIgnitionAt,
        dutyEndAt: duty.lastIgnitionAt,
        isNew: false,
      };
    }
    if (!plan) continue;
    const current = best.get(key);
    if (!current || plan.dutyStartAt.getTime() < current.dutyStartAt.getTime()) best.set(key, plan);
  }
  return [...best.values()].sort((x, y) =>
    x.day < y.day ? -1 : x.day > y.day ? 1 : Number(x.staffId - y.staffId),
  );
}

export const markKey = (staffId: bigint, day: LocalDay) => `${staffId}|${day}`;

// ---------------------------------------------------------------- (c) day close

export interface StaffForClose {
  staffId: bigint;
  createdAt: Date;
}

/** Local days whose end has passed at `nowMs` and that the close still looks at (the last `lookbackDays`). */
export function daysToClose(nowMs: number, lookbackDays = 3, timeZone = PEOPLE_TIME_ZONE): LocalDay[] {
  const today = localDayOf(nowMs, timeZone);
  const days: LocalDay[] = [];
  let cursor = localDayStartMs(today, timeZone);
  for (let i = 0; i < lookbackDays; i += 1) {
    cursor -= 12 * HOUR_MS; // into the previous day, whatever its length
    const day = localDayOf(cursor, timeZone);
    days.unshift(day);
    cursor = localDayStartMs(day, timeZone);
  }
  return days;
}

/** People to mark ABSENT ('day-close') for an ended `day`: existing before it ended and without a mark. */
export function planDayClose(
  day: LocalDay,
  people: StaffForClose[],
  markedStaffIds: Set<bigint>,
  timeZone = PEOPLE_TIME_ZONE,
): bigint[] {
  const dayEndMs = localDayStartMs(nextLocalDay(day), timeZone);
  return people
    .filter((p) => p.createdAt.getTime() < dayEndMs && !markedStaffIds.has(p.staffId))
    .map((p) => p.staffId)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
