import { describe, expect, it } from 'vitest';
import {
  activationDurationName,
  formatDaysHoursMinutes,
  formatYearsDays,
  splitYearsDays,
  splitYearsMonthsDays,
} from './durations.ts';

describe('duration display (spec 02 §9: 365 days a year, 30 a month)', () => {
  it('splits days into years, months and days', () => {
    expect(splitYearsDays(800)).toEqual({ years: 2, days: 70 });
    expect(splitYearsMonthsDays(400)).toEqual({ years: 1, months: 1, days: 5 });
    expect(splitYearsDays(-3)).toEqual({ years: 0, days: 0 });
  });

  it('formats years and days', () => {
    expect(formatYearsDays(365)).toBe('1 year');
    expect(formatYearsDays(730)).toBe('2 years');
    expect(formatYearsDays(400)).toBe('1 year 35 days');
    expect(formatYearsDays(1)).toBe('1 day');
    expect(formatYearsDays(0)).toBe('0 days');
    expect(formatYearsDays(undefined)).toBe('-');
    expect(formatYearsDays(null)).toBe('-');
  });

  it('formats minutes as days, hours and minutes', () => {
    expect(formatDaysHoursMinutes(90)).toBe('1 hour 30 minutes');
    expect(formatDaysHoursMinutes(1505)).toBe('1 day 1 hour 5 minutes');
    expect(formatDaysHoursMinutes(2880)).toBe('2 days');
    expect(formatDaysHoursMinutes(0)).toBe('0 minutes');
    expect(formatDaysHoursMinutes(undefined)).toBe('-');
  });

  it('names activation durations as the spec does', () => {
    expect(activationDurationName(365)).toBe('1 year');
    expect(activationDurationName(730)).toBe('2 year');
    expect(activationDurationName(45)).toBe('45 days');
    expect(activationDurationName(undefined)).toBe('-');
  });
});
