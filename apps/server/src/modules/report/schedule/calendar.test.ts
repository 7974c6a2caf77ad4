import { describe, expect, it } from 'vitest';
import { isoInZone, nextRunAt, rangeFor, type ScheduleCalendar } from './calendar.ts';

const IST = 'Asia/Kolkata';
const ist = (local: string) => new Date(`${local}+05:30`);
const daily = (timeOfDay: string): ScheduleCalendar => ({ frequency: 'daily', timeOfDay, timeZone: IST });

describe('nextRunAt', () => {
  it('runs daily later today, or tomorrow once the time has passed', () => {
    expect(nextRunAt(daily('07:00'), ist('2026-11-26T06:59:00'))).toEqual(ist('2026-11-26T07:00:00'));
    expect(nextRunAt(daily('07:00'), ist('2026-11-26T07:00:00'))).toEqual(ist('2026-11-27T07:00:00'));
    expect(nextRunAt(daily('07:00'), ist('2026-11-26T21:00:00'))).toEqual(ist('2026-11-27T07:00:00'));
  });

  it('works on local days, not UTC days (IST is ahead of UTC by 5:30)', () => {
    // 2026-11-26T20:00Z is already 01:30 on the 27th in Kolkata.
    expect(nextRunAt(daily('02:00'), new Date('2026-11-26T20:00:00Z'))).toEqual(ist('2026-11-27T02:00:00'));
    expect(nextRunAt(daily('00:15'), new Date('2026-11-26T18:00:00Z'))).toEqual(ist('2026-11-27T00:15:00'));
  });

  it('runs weekly on its day, and next week when today is the day but the time has passed', () => {
    const weekly: ScheduleCalendar = { frequency: 'weekly', dayOfWeek: 4, timeOfDay: '08:30', timeZone: IST };
    // 2026-11-26 is a Thursday (4).
    expect(nextRunAt(weekly, ist('2026-11-26T08:00:00'))).toEqual(ist('2026-11-26T08:30:00'));
    expect(nextRunAt(weekly, ist('2026-11-26T09:00:00'))).toEqual(ist('2026-12-03T08:30:00'));
    expect(nextRunAt({ ...weekly, dayOfWeek: 7 }, ist('2026-11-26T09:00:00'))).toEqual(
      ist('2026-11-29T08:30:00'),
    );
    expect(nextRunAt({ ...weekly, dayOfWeek: 1 }, ist('2026-11-29T23:59:00'))).toEqual(
      ist('2026-11-30T08:30:00'),
    );
  });

  it('runs monthly on its day across month and year ends', () => {
    const monthly: ScheduleCalendar = {
      frequency: 'monthly',
      dayOfMonth: 28,
      timeOfDay: '06:00',
      timeZone: IST,
    };
    expect(nextRunAt(monthly, ist('2027-02-27T10:00:00'))).toEqual(ist('2027-02-28T06:00:00'));
    expect(nextRunAt(monthly, ist('2027-02-28T06:00:00'))).toEqual(ist('2027-03-28T06:00:00'));
    expect(nextRunAt({ ...monthly, dayOfMonth: 1 }, ist('2026-12-15T00:00:00'))).toEqual(
      ist('2027-01-01T06:00:00'),
    );
    expect(nextRunAt({ ...monthly, dayOfMonth: 1 }, ist('2026-12-31T23:59:00'))).toEqual(
      ist('2027-01-01T06:00:00'),
    );
  });

  it('keeps the wall time in a zone with daylight saving', () => {
    const london: ScheduleCalendar = { frequency: 'daily', timeOfDay: '07:00', timeZone: 'Europe/London' };
    // The clocks go back on 2026-10-25: 07:00 is 06:00Z before and 07:00Z after.
    expect(nextRunAt(london, new Date('2026-10-24T12:00:00Z'))).toEqual(new Date('2026-10-25T07:00:00Z'));
    expect(nextRunAt(london, new Date('2026-10-23T12:00:00Z'))).toEqual(new Date('2026-10-24T06:00:00Z'));
  });
});

describe('rangeFor', () => {
  const at = ist('2026-12-02T07:00:00'); // a Wednesday
  const iso = (range: Parameters<typeof rangeFor>[0]) => {
    const r = rangeFor(range, at, IST);
    return [isoInZone(r.from, IST), isoInZone(r.to, IST)];
  };

  it('covers whole local days ending before the run', () => {
    expect(iso('previous-day')).toEqual(['2026-12-01T00:00:00.000+05:30', '2026-12-01T23:59:59.999+05:30']);
    expect(iso('previous-7-days')).toEqual([
      '2026-11-25T00:00:00.000+05:30',
      '2026-12-01T23:59:59.999+05:30',
    ]);
    expect(iso('previous-week')).toEqual(['2026-11-23T00:00:00.000+05:30', '2026-11-29T23:59:59.999+05:30']);
    expect(iso('previous-month')).toEqual(['2026-11-01T00:00:00.000+05:30', '2026-11-30T23:59:59.999+05:30']);
    expect(iso('month-to-date')).toEqual(['2026-12-01T00:00:00.000+05:30', '2026-12-02T07:00:00.000+05:30']);
  });

  it('handles January (previous month in the previous year) and a Monday run', () => {
    const monday = ist('2027-01-04T07:00:00');
    const month = rangeFor('previous-month', monday, IST);
    expect(isoInZone(month.from, IST)).toBe('2026-12-01T00:00:00.000+05:30');
    expect(isoInZone(month.to, IST)).toBe('2026-12-31T23:59:59.999+05:30');
    const week = rangeFor('previous-week', monday, IST);
    expect(isoInZone(week.from, IST)).toBe('2026-12-28T00:00:00.000+05:30');
    expect(isoInZone(week.to, IST)).toBe('2027-01-03T23:59:59.999+05:30');
  });
});
