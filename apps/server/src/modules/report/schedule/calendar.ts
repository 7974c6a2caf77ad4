/**
 * When a schedule runs next and which period a run covers, in the schedule's time zone (Asia/Kolkata by default).
 * Pure: no clock, no database. India has no daylight saving, but the arithmetic is done on local wall dates and
 * converted through the zone's offset at that instant, so it stays right in any IANA zone.
 */
import type { ReportScheduleFrequency, ReportScheduleRange } from '@civicfleet/shared';
import { localDayOf, localDayStartMs, utcOffsetMinutes, type LocalDay } from '../../../derive/local-day.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface ScheduleCalendar {
  frequency: ReportScheduleFrequency;
  /** HH:mm local. */
  timeOfDay: string;
  /** weekly: 1 (Monday) … 7 (Sunday). */
  dayOfWeek?: number | null | undefined;
  /** monthly: 1 … 28. */
  dayOfMonth?: number | null | undefined;
  timeZone: string;
}

/** The instant of local wall time `day` `hh:mm` in `timeZone` (two passes settle the offset, as localDayStartMs). */
export function localTimeMs(day: LocalDay, timeOfDay: string, timeZone: string): number {
  const wall = Date.parse(`${day}T${timeOfDay}:00Z`);
  if (Number.isNaN(wall)) throw new RangeError(`not a local time: ${day} ${timeOfDay}`);
  let guess = wall - utcOffsetMinutes(wall, timeZone) * MINUTE_MS;
  guess = wall - utcOffsetMinutes(guess, timeZone) * MINUTE_MS;
  return guess;
}

/** `day` moved by `days` calendar days (wall dates, no zone involved). */
export function addDays(day: LocalDay, days: number): LocalDay {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday of a wall date: 1 Monday … 7 Sunday. */
export function isoWeekday(day: LocalDay): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

function monthDay(year: number, month: number, dayOfMonth: number): LocalDay {
  // Date.UTC rolls month 13 into January of the next year.
  return new Date(Date.UTC(year, month - 1, dayOfMonth)).toISOString().slice(0, 10);
}

/**
 * The first scheduled instant strictly after `after`. Daily: every day at timeOfDay; weekly: on dayOfWeek; monthly:
 * on dayOfMonth (1–28, so every month has it). A schedule whose time today has passed runs on the next matching day.
 */
export function nextRunAt(schedule: ScheduleCalendar, after: Date): Date {
  const { timeZone, timeOfDay } = schedule;
  const afterMs = after.getTime();
  const today = localDayOf(afterMs, timeZone);
  const at = (day: LocalDay) => localTimeMs(day, timeOfDay, timeZone);

  if (schedule.frequency === 'monthly') {
    const dayOfMonth = schedule.dayOfMonth ?? 1;
    const [year, month] = today.split('-').map(Number) as [number, number];
    for (let step = 0; step < 3; step += 1) {
      const candidate = at(monthDay(year, month + step, dayOfMonth));
      if (candidate > afterMs) return new Date(candidate);
    }
    throw new RangeError('no monthly run found');
  }
  // Daily / weekly: walk forward day by day (at most 8 days).
  for (let step = 0; step <= 8; step += 1) {
    const day = addDays(today, step);
    if (schedule.frequency === 'weekly' && isoWeekday(day) !== (schedule.dayOfWeek ?? 1)) continue;
    const candidate = at(day);
    if (candidate > afterMs) return new Date(candidate);
  }
  throw new RangeError('no run found within 8 days');
}

export interface RunRange {
  from: Date;
  /** Inclusive: the end of the last day (23:59:59.999) or, for month-to-date, the scheduled time itself. */
  to: Date;
}

/** The period a run at `scheduledAt` covers, in `timeZone` local days, ending at or before the scheduled time. */
export function rangeFor(range: ReportScheduleRange, scheduledAt: Date, timeZone: string): RunRange {
  const runDay = localDayOf(scheduledAt.getTime(), timeZone);
  const startOf = (day: LocalDay) => new Date(localDayStartMs(day, timeZone));
  const endOf = (day: LocalDay) => new Date(localDayStartMs(addDays(day, 1), timeZone) - 1);
  const [year, month] = runDay.split('-').map(Number) as [number, number];
  switch (range) {
    case 'previous-day':
      return { from: startOf(addDays(runDay, -1)), to: endOf(addDays(runDay, -1)) };
    case 'previous-7-days':
      return { from: startOf(addDays(runDay, -7)), to: endOf(addDays(runDay, -1)) };
    case 'previous-week': {
      const monday = addDays(runDay, -(isoWeekday(runDay) - 1) - 7);
      return { from: startOf(monday), to: endOf(addDays(monday, 6)) };
    }
    case 'previous-month': {
      const first = monthDay(year, month - 1, 1);
      return { from: startOf(first), to: endOf(addDays(monthDay(year, month, 1), -1)) };
    }
    case 'month-to-date':
      return { from: startOf(monthDay(year, month, 1)), to: scheduledAt };
  }
}

/** An instant as ISO 8601 with the zone's offset (the report filters want one), e.g. 2026-11-01T00:00:00.000+05:30. */
export function isoInZone(date: Date, timeZone: string): string {
  const offset = utcOffsetMinutes(date.getTime(), timeZone);
  const wall = new Date(date.getTime() + offset * MINUTE_MS).toISOString().slice(0, 23);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${wall}${sign}${hh}:${mm}`;
}

/** DD/MM/YYYY of an instant in the zone (mail subjects and bodies). */
export function formatLocalDay(date: Date, timeZone: string): string {
  const [y, m, d] = localDayOf(date.getTime(), timeZone).split('-');
  return `${d}/${m}/${y}`;
}
