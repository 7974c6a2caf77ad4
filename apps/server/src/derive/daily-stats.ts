/**
 * Per-vehicle, per-local-day rollups (`daily_vehicle_stats`). Times come from motion intervals cut at local midnight
 * (a stop from 23:00 to 01:00 IST gives an hour to each day); distance, speed, ignition and counts come from the fixes
 * of the day (a fix's `distanceM` belongs to the day of the fix), so today's distance grows with every fix instead of
 * waiting for an interval to close. Trips and visits count on the day they start.
 */
import { stepFuel } from './fuel.ts';
import { localDayOf, splitAtLocalMidnights, type LocalDay } from './local-day.ts';
import type { DeriveSettings } from './settings.ts';
import { tripsFrom } from './trips.ts';
import type { DerivePoint, StateInterval, Trip } from './types.ts';

/** Accumulator of one day: plain JSON, milliseconds for exact sums. */
export interface DayTotals {
  day: LocalDay;
  distanceM: number;
  /** Distance of moving intervals, shared between days in proportion to time (for the average speed). */
  movingDistanceM: number;
  runMs: number;
  idleMs: number;
  stopMs: number;
  offlineMs: number;
  maxSpeedKph: number | null;
  tripCount: number;
  visitCount: number;
  firstIgnitionOnMs: number | null;
  lastIgnitionOnMs: number | null;
  pointCount: number;
  /** Fuel used by the sensor's readings (derive/fuel.ts); absent in states persisted before fuel existed. */
  fuelUsedL?: number | null;
  fuelReferenceL?: number | null;
}

export interface DailyStatsState {
  v: 1;
  days: Record<LocalDay, DayTotals>;
}

export type DayInput =
  | { type: 'interval'; interval: StateInterval }
  | { type: 'point'; point: DerivePoint }
  | { type: 'trip'; trip: Pick<Trip, 'startAt'> }
  | { type: 'visit'; visit: { enteredAt: Date } };

export interface DailyStats {
  day: LocalDay;
  distanceM: number;
  movingDistanceM: number;
  runS: number;
  idleS: number;
  stopS: number;
  offlineS: number;
  /** Highest speed reported by a valid fix of the day. */
  maxSpeedKph: number | null;
  /** movingDistanceM / runS in km/h; null without run time. */
  avgMovingSpeedKph: number | null;
  tripCount: number;
  visitCount: number;
  /** First and last fix of the day with ignition on. */
  firstIgnitionOnAt: Date | null;
  lastIgnitionOnAt: Date | null;
  pointCount: number;
  /** Litres used by the fuel sensor's readings of the day; null when the day had no reading. */
  fuelUsedL: number | null;
}

export function initialDailyStatsState(): DailyStatsState {
  return { v: 1, days: {} };
}

function emptyDay(day: LocalDay): DayTotals {
  return {
    day,
    distanceM: 0,
    movingDistanceM: 0,
    runMs: 0,
    idleMs: 0,
    stopMs: 0,
    offlineMs: 0,
    maxSpeedKph: null,
    tripCount: 0,
    visitCount: 0,
    firstIgnitionOnMs: null,
    lastIgnitionOnMs: null,
    pointCount: 0,
  };
}

const TIME_FIELD = { moving: 'runMs', idle: 'idleMs', stopped: 'stopMs', offline: 'offlineMs' } as const;

/**
 * The totals of the local day holding `ms`, created when missing. Module level, not a closure in addInput (per fix;
 * under tsx every named closure costs a __name() call each time it is created).
 */
function dayOf(days: Record<LocalDay, DayTotals>, ms: number, settings: DeriveSettings): DayTotals {
  const day = localDayOf(ms, settings.timeZone);
  const totals = days[day] ?? emptyDay(day);
  days[day] = totals;
  return totals;
}

/** Adds one input to a mutable map of days; returns the days it touched. */
function addInput(days: Record<LocalDay, DayTotals>, input: DayInput, settings: DeriveSettings): LocalDay[] {
  switch (input.type) {
    case 'interval': {
      const { interval } = input;
      const startMs = interval.startAt.getTime();
      const endMs = interval.endAt.getTime();
      const pieces = splitAtLocalMidnights(startMs, endMs, settings.timeZone);
      for (const piece of pieces) {
        const totals = dayOf(days, piece.startMs, settings);
        const pieceMs = piece.endMs - piece.startMs;
        totals[TIME_FIELD[interval.kind]] += pieceMs;
        if (interval.kind === 'moving')
          totals.movingDistanceM += (interval.distanceM * pieceMs) / (endMs - startMs);
      }
      return pieces.map((piece) => piece.day);
    }
    case 'point': {
      const { point } = input;
      const atMs = point.fixTime.getTime();
      const totals = dayOf(days, atMs, settings);
      totals.pointCount += 1;
      totals.distanceM += point.distanceM;
      if (point.gpsValid && point.speedKph !== null) {
        totals.maxSpeedKph = Math.max(totals.maxSpeedKph ?? point.speedKph, point.speedKph);
      }
      if (typeof point.fuelLevelL === 'number') {
        const fuel = stepFuel(
          { usedL: totals.fuelUsedL ?? null, referenceL: totals.fuelReferenceL ?? null },
          point.fuelLevelL,
        );
        totals.fuelUsedL = fuel.usedL;
        totals.fuelReferenceL = fuel.referenceL;
      }
      if (point.ignition === true) {
        totals.firstIgnitionOnMs = Math.min(totals.firstIgnitionOnMs ?? atMs, atMs);
        totals.lastIgnitionOnMs = Math.max(totals.lastIgnitionOnMs ?? atMs, atMs);
      }
      return [totals.day];
    }
    case 'trip': {
      const totals = dayOf(days, input.trip.startAt.getTime(), settings);
      totals.tripCount += 1;
      return [totals.day];
    }
    case 'visit': {
      const totals = dayOf(days, input.visit.enteredAt.getTime(), settings);
      totals.visitCount += 1;
      return [totals.day];
    }
  }
}

function copyDays(days: Record<LocalDay, DayTotals>): Record<LocalDay, DayTotals> {
  const copy: Record<LocalDay, DayTotals> = {};
  for (const [day, totals] of Object.entries(days)) copy[day] = { ...totals };
  return copy;
}

/**
 * Incremental: adds a closed interval, a fix, a closed trip or an opened visit. Each input must be added once (feed
 * closed intervals, not the open one: see `previewDailyStats`). Returns the days to upsert.
 */
export function accumulateDay(
  state: DailyStatsState,
  input: DayInput,
  settings: DeriveSettings,
): { state: DailyStatsState; touchedDays: LocalDay[] } {
  const days = copyDays(state.days);
  const touchedDays = addInput(days, input, settings);
  return { state: { v: 1, days }, touchedDays };
}

/** Forgets days before `day` (already persisted and final); keeps the state small. */
export function dropDaysBefore(state: DailyStatsState, day: LocalDay): DailyStatsState {
  const days: Record<LocalDay, DayTotals> = {};
  for (const [key, totals] of Object.entries(state.days)) if (key >= day) days[key] = totals;
  return { v: 1, days };
}

export function toDailyStats(totals: DayTotals): DailyStats {
  return {
    day: totals.day,
    distanceM: totals.distanceM,
    movingDistanceM: totals.movingDistanceM,
    runS: totals.runMs / 1000,
    idleS: totals.idleMs / 1000,
    stopS: totals.stopMs / 1000,
    offlineS: totals.offlineMs / 1000,
    maxSpeedKph: totals.maxSpeedKph,
    avgMovingSpeedKph: totals.runMs > 0 ? (totals.movingDistanceM / (totals.runMs / 1000)) * 3.6 : null,
    tripCount: totals.tripCount,
    visitCount: totals.visitCount,
    firstIgnitionOnAt: totals.firstIgnitionOnMs === null ? null : new Date(totals.firstIgnitionOnMs),
    lastIgnitionOnAt: totals.lastIgnitionOnMs === null ? null : new Date(totals.lastIgnitionOnMs),
    pointCount: totals.pointCount,
    fuelUsedL: totals.fuelUsedL ?? null,
  };
}

/** Days of the state, oldest first. */
export function dailyStatsOf(state: DailyStatsState): DailyStats[] {
  return Object.keys(state.days)
    .sort()
    .flatMap((day) => {
      const totals = state.days[day];
      return totals ? [toDailyStats(totals)] : [];
    });
}

/** The days as they stand if the open interval ended now (live dashboards), without changing the state. */
export function previewDailyStats(
  state: DailyStatsState,
  open: StateInterval | null,
  settings: DeriveSettings,
): DailyStats[] {
  if (!open) return dailyStatsOf(state);
  const days = copyDays(state.days);
  addInput(days, { type: 'interval', interval: open }, settings);
  return dailyStatsOf({ v: 1, days });
}

/**
 * Batch, for re-derivation and reports' golden tests: every local day touched by the inputs. Trips are derived from
 * the intervals unless given; visits count only when given. Pass a window wider than the days you keep (a trip that
 * starts before midnight needs its intervals after it) and keep the days you asked for.
 */
export function dailyStatsFor(
  intervals: readonly StateInterval[],
  points: readonly DerivePoint[],
  settings: DeriveSettings,
  extras: { trips?: readonly Pick<Trip, 'startAt'>[]; visits?: readonly { enteredAt: Date }[] } = {},
): DailyStats[] {
  const days: Record<LocalDay, DayTotals> = {};
  for (const interval of intervals) addInput(days, { type: 'interval', interval }, settings);
  for (const point of points) addInput(days, { type: 'point', point }, settings);
  const trips = extras.trips ?? tripsFrom(intervals, settings).closed;
  for (const trip of trips) addInput(days, { type: 'trip', trip }, settings);
  for (const visit of extras.visits ?? []) addInput(days, { type: 'visit', visit }, settings);
  return dailyStatsOf({ v: 1, days });
}
