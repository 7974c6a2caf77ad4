import { describe, expect, it } from 'vitest';
import { checkIsoDate, formatIsoDate, isIsoDate, todayIsoDate } from './date-value';
import { dateFieldSchema } from './form-schemas';

describe('date values', () => {
  it('takes today from the Asia/Kolkata calendar, not the browser zone', () => {
    expect(todayIsoDate(new Date('2026-11-21T18:29:59Z'))).toBe('2026-11-21');
    expect(todayIsoDate(new Date('2026-11-21T18:30:00Z'))).toBe('2026-11-22'); // 00:00 IST
  });

  it('accepts only real YYYY-MM-DD days', () => {
    expect(isIsoDate('2026-11-22')).toBe(true);
    expect(isIsoDate('2026-02-31')).toBe(false);
    expect(isIsoDate('22/11/2026')).toBe(false);
    expect(formatIsoDate('2026-11-02')).toBe('02/11/2026');
  });

  it('checks bounds and the required rule', () => {
    const bounds = { minDate: '2026-01-01', maxDate: '2026-11-22' };
    expect(checkIsoDate('2026-06-01', bounds)).toBeNull();
    expect(checkIsoDate('2025-12-31', bounds)).toBe('min');
    expect(checkIsoDate('2026-11-23', bounds)).toBe('max');
    expect(checkIsoDate('invalid', bounds)).toBe('invalid');
    expect(checkIsoDate(null, bounds)).toBeNull();
    expect(checkIsoDate(null, { ...bounds, isRequired: true })).toBe('required');
  });

  it('has the same rules as a zod schema for resolver forms', () => {
    const schema = dateFieldSchema({ minDate: '2026-01-01', maxDate: '2026-11-22', isRequired: true });
    expect(schema.safeParse('2026-05-05').success).toBe(true);
    expect(schema.safeParse('2026-11-23').error?.issues[0]?.message).toBe('max');
    expect(schema.safeParse('2025-01-01').error?.issues[0]?.message).toBe('min');
    expect(schema.safeParse(null).error?.issues[0]?.message).toBe('required');
  });
});
