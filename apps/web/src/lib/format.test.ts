import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, toAppTime } from './format';

describe('date formatting in Asia/Kolkata', () => {
  it('shows a UTC instant as Indian local time (+05:30)', () => {
    expect(formatDateTime('2026-11-21T12:35:09Z')).toBe('21/11/2026 18:05:09');
  });

  it('moves to the next local day after 18:30 UTC', () => {
    expect(formatDate('2026-11-21T18:30:00Z')).toBe('22/11/2026');
    expect(formatDate('2026-11-21T18:29:59Z')).toBe('21/11/2026');
  });

  it('accepts Date objects and epoch milliseconds', () => {
    const instant = Date.UTC(2024, 0, 31, 0, 0, 0);
    expect(formatDate(new Date(instant))).toBe('31/01/2024');
    expect(formatDateTime(instant)).toBe('31/01/2024 05:30:00');
  });

  it('returns an empty string for missing or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(toAppTime('garbage')).toBeNull();
  });
});
