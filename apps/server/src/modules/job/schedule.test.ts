import { describe, expect, it } from 'vitest';
import { runsOn, windowOn, type JobSchedule } from './schedule.ts';

const base: JobSchedule = {
  scheduleType: 'Recurring',
  recurrence: 'daily',
  daysOfWeek: [],
  startDate: '2026-01-31',
  endDate: null,
  startTime: '06:00',
  endTime: '14:00',
};

describe('job schedule', () => {
  it('runs a one-time job on its date only', () => {
    const job = { ...base, scheduleType: 'One Time' as const, recurrence: null };
    expect(runsOn(job, '2026-01-31')).toBe(true);
    expect(runsOn(job, '2026-02-01')).toBe(false);
  });

  it('keeps to start and end dates', () => {
    expect(runsOn(base, '2026-01-30')).toBe(false);
    expect(runsOn({ ...base, endDate: '2026-02-10' }, '2026-02-10')).toBe(true);
    expect(runsOn({ ...base, endDate: '2026-02-10' }, '2026-02-11')).toBe(false);
  });

  it('repeats weekly, on custom weekdays, monthly (clamped) and yearly (29 Feb)', () => {
    // 2026-01-31 is a Saturday.
    expect(runsOn({ ...base, recurrence: 'weekly' }, '2026-02-07')).toBe(true);
    expect(runsOn({ ...base, recurrence: 'weekly' }, '2026-02-08')).toBe(false);
    const custom = { ...base, recurrence: 'custom' as const, daysOfWeek: [1, 3] };
    expect(['2026-02-02', '2026-02-03', '2026-02-04'].map((d) => runsOn(custom, d))).toEqual([
      true,
      false,
      true,
    ]);
    const monthly = { ...base, recurrence: 'monthly' as const };
    expect(runsOn(monthly, '2026-02-28')).toBe(true);
    expect(runsOn(monthly, '2026-03-30')).toBe(false);
    expect(runsOn(monthly, '2026-03-31')).toBe(true);
    expect(runsOn(monthly, '2026-04-30')).toBe(true);
    const leap = { ...base, recurrence: 'yearly' as const, startDate: '2024-02-29' };
    expect(runsOn(leap, '2025-02-28')).toBe(true);
    expect(runsOn(leap, '2028-02-28')).toBe(false);
    expect(runsOn(leap, '2028-02-29')).toBe(true);
  });

  it('places the window in Asia/Kolkata, crossing midnight when the end is earlier', () => {
    expect(windowOn(base, '2026-02-01')).toEqual({
      start: new Date('2026-02-01T00:30:00Z'),
      end: new Date('2026-02-01T08:30:00Z'),
    });
    expect(windowOn({ startTime: '22:00', endTime: '04:00' }, '2026-02-01')).toEqual({
      start: new Date('2026-02-01T16:30:00Z'),
      end: new Date('2026-02-01T22:30:00Z'),
    });
  });
});
