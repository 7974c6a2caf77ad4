import { describe, expect, it } from 'vitest';
import {
  localDayOf,
  localDayStartMs,
  nextLocalDay,
  splitAtLocalMidnights,
  utcOffsetMinutes,
} from './local-day.ts';

const utc = (iso: string): number => Date.parse(iso);

describe('local days in Asia/Kolkata (UTC+05:30, no daylight saving)', () => {
  it('midnight IST is 18:30 UTC of the previous day', () => {
    expect(localDayStartMs('2024-03-11', 'Asia/Kolkata')).toBe(utc('2024-03-10T18:30:00Z'));
    expect(localDayOf(utc('2024-03-10T18:29:59.999Z'), 'Asia/Kolkata')).toBe('2024-03-10');
    expect(localDayOf(utc('2024-03-10T18:30:00Z'), 'Asia/Kolkata')).toBe('2024-03-11');
    expect(localDayOf(utc('2024-12-31T18:30:00Z'), 'Asia/Kolkata')).toBe('2025-01-01');
    expect(utcOffsetMinutes(utc('2024-07-01T00:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });

  it('the fixed-offset fast path agrees with Intl for the legacy alias and across a year', () => {
    for (let day = 0; day < 366; day += 7) {
      const ms = utc('2024-01-01T00:00:00Z') + day * 86_400_000 + 13 * 3_600_000;
      expect(localDayOf(ms, 'Asia/Calcutta')).toBe(localDayOf(ms, 'Asia/Kolkata'));
      const viaIntl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(ms));
      expect(localDayOf(ms, 'Asia/Kolkata')).toBe(viaIntl);
    }
  });

  it('splits a range at each local midnight', () => {
    const pieces = splitAtLocalMidnights(
      utc('2024-03-10T17:30:00Z'),
      utc('2024-03-12T19:30:00Z'),
      'Asia/Kolkata',
    );
    expect(pieces).toEqual([
      { day: '2024-03-10', startMs: utc('2024-03-10T17:30:00Z'), endMs: utc('2024-03-10T18:30:00Z') },
      { day: '2024-03-11', startMs: utc('2024-03-10T18:30:00Z'), endMs: utc('2024-03-11T18:30:00Z') },
      { day: '2024-03-12', startMs: utc('2024-03-11T18:30:00Z'), endMs: utc('2024-03-12T18:30:00Z') },
      { day: '2024-03-13', startMs: utc('2024-03-12T18:30:00Z'), endMs: utc('2024-03-12T19:30:00Z') },
    ]);
    expect(splitAtLocalMidnights(5, 5, 'Asia/Kolkata')).toEqual([]);
    expect(nextLocalDay('2024-02-28')).toBe('2024-02-29');
  });
});

describe('zones with daylight saving (through Intl)', () => {
  it('Europe/London: the spring-forward day has 23 hours, the fall-back day 25', () => {
    const spring = splitAtLocalMidnights(
      localDayStartMs('2024-03-31', 'Europe/London'),
      localDayStartMs('2024-04-01', 'Europe/London'),
      'Europe/London',
    );
    expect(spring).toHaveLength(1);
    expect((spring[0]?.endMs ?? 0) - (spring[0]?.startMs ?? 0)).toBe(23 * 3_600_000);
    const autumn =
      localDayStartMs('2024-10-28', 'Europe/London') - localDayStartMs('2024-10-27', 'Europe/London');
    expect(autumn).toBe(25 * 3_600_000);
    expect(localDayStartMs('2024-07-01', 'Europe/London')).toBe(utc('2024-06-30T23:00:00Z'));
  });

  it('America/New_York days and offsets', () => {
    expect(utcOffsetMinutes(utc('2024-01-15T12:00:00Z'), 'America/New_York')).toBe(-300);
    expect(utcOffsetMinutes(utc('2024-07-15T12:00:00Z'), 'America/New_York')).toBe(-240);
    expect(localDayOf(utc('2024-07-15T03:59:59Z'), 'America/New_York')).toBe('2024-07-14');
    expect(localDayOf(utc('2024-07-15T04:00:00Z'), 'America/New_York')).toBe('2024-07-15');
  });

  it('rejects something that is not a day', () => {
    expect(() => localDayStartMs('11/03/2024', 'Asia/Kolkata')).toThrow(RangeError);
  });
});
