import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accumulateDay,
  dailyStatsFor,
  dailyStatsOf,
  dropDaysBefore,
  initialDailyStatsState,
  previewDailyStats,
  type DailyStats,
  type DailyStatsState,
} from './daily-stats.ts';
import { openInterval } from './motion.ts';
import { rederive } from './rederive.ts';
import { resolveDeriveSettings } from './settings.ts';
import { persisted, trackArbitrary } from './testing/arbitraries.ts';
import { istTime, timelineOf } from './testing/describe.ts';
import { ist, Track } from './testing/track.ts';
import { tripsFrom } from './trips.ts';

const settings = resolveDeriveSettings();
const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

/** Drive 22:51–23:01 IST, park over midnight until 01:01, drive until 01:11, park until 01:21. */
function overMidnight(): Track {
  return new Track({ startAt: ist('2024-03-10 22:50') })
    .park(60)
    .drive({ bearingDeg: 90, distanceM: 5000 }, 30)
    .park(2 * 3600)
    .drive({ bearingDeg: 270, distanceM: 5000 }, 30)
    .park(600);
}

describe('daily stats: golden tracks', () => {
  it('a stop spanning local midnight counts on both days', () => {
    const points = overMidnight().points();
    const [day1, day2, ...rest] = dailyStatsFor(timelineOf(points, settings), points, settings);
    expect(rest).toEqual([]);
    expect(day1).toMatchObject({
      day: '2024-03-10',
      runS: 600,
      idleS: 0,
      stopS: 60 + 59 * 60,
      offlineS: 0,
      tripCount: 1,
      maxSpeedKph: 30,
    });
    expect(day2).toMatchObject({
      day: '2024-03-11',
      runS: 600,
      stopS: 61 * 60 + 600,
      tripCount: 1,
    });
    expect(day1?.distanceM).toBeCloseTo(5000, 0);
    expect(day2?.distanceM).toBeCloseTo(5000, 0);
    expect(day1?.avgMovingSpeedKph).toBeCloseTo(30, 1);
    expect(istTime(day1?.firstIgnitionOnAt as Date)).toBe('22:51:10');
    expect(istTime(day1?.lastIgnitionOnAt as Date)).toBe('23:01:00');
    expect(istTime(day2?.firstIgnitionOnAt as Date)).toBe('01:01:10');
    expect((day1?.pointCount ?? 0) + (day2?.pointCount ?? 0)).toBe(points.length);
    expect(day1?.pointCount).toBe(points.filter((p) => p.fixTime < ist('2024-03-11 00:00')).length);
  });

  it('an offline gap across midnight is split too; idle while parked counts as idle', () => {
    const points = new Track({ startAt: ist('2024-03-10 23:00') })
      .idle(600)
      .park(1200)
      .silence(3600)
      .park(600)
      .points();
    const days = dailyStatsFor(timelineOf(points, settings), points, settings);
    // Idle until the first fix with ignition off (23:10:10); offline from the last fix (23:30:00) to the next one
    // (00:30:10), half an hour and ten seconds of it after midnight.
    expect(days.map((d) => [d.day, d.idleS, d.stopS, d.offlineS])).toEqual([
      ['2024-03-10', 610, 1190, 1800],
      ['2024-03-11', 0, 590, 1810],
    ]);
  });

  it('a moving interval across midnight shares its distance by time for the average speed', () => {
    const points = new Track({ startAt: ist('2024-03-10 23:50') })
      .drive({ bearingDeg: 0, distanceM: 10_000 }, 30)
      .points();
    const [day1, day2] = dailyStatsFor(timelineOf(points, settings), points, settings);
    expect(day1?.runS).toBe(600);
    expect(day2?.runS).toBe(600);
    expect(day1?.movingDistanceM).toBeCloseTo(5000, 6);
    expect(day1?.avgMovingSpeedKph).toBeCloseTo(30, 6);
    expect(day2?.tripCount).toBe(0);
    expect(day1?.tripCount).toBe(1);
  });
});

describe('daily stats: incremental', () => {
  it('accumulateDay over closed intervals, fixes and trips equals the batch; the preview adds the open interval', () => {
    const points = overMidnight().points();
    const { intervals, state: motion } = rederive(points, settings);
    let state: DailyStatsState = initialDailyStatsState();
    const touched = new Set<string>();
    const feed = (input: Parameters<typeof accumulateDay>[1]): void => {
      const step = accumulateDay(persisted(state), input, settings);
      state = step.state;
      step.touchedDays.forEach((day) => touched.add(day));
    };
    points.forEach((point) => feed({ type: 'point', point }));
    intervals.forEach((interval) => feed({ type: 'interval', interval }));
    tripsFrom(intervals, settings).closed.forEach((trip) => feed({ type: 'trip', trip }));
    feed({ type: 'visit', visit: { enteredAt: ist('2024-03-11 00:30') } });
    expect([...touched].sort()).toEqual(['2024-03-10', '2024-03-11']);

    const open = openInterval(motion);
    const batch = dailyStatsFor([...intervals, ...(open ? [open] : [])], points, settings, {
      visits: [{ enteredAt: ist('2024-03-11 00:30') }],
    });
    expect(previewDailyStats(state, open, settings)).toEqual(batch);
    expect(dailyStatsOf(state)[1]?.stopS).toBe(61 * 60);
    expect(dailyStatsOf(dropDaysBefore(state, '2024-03-11')).map((d) => d.day)).toEqual(['2024-03-11']);
  });
});

describe('daily stats: properties', () => {
  const totalsOf = (days: readonly DailyStats[], key: 'runS' | 'idleS' | 'stopS' | 'offlineS'): number =>
    sum(days.map((d) => d[key]));

  it('daily totals add up to the interval totals; no day holds more than 24 h; incremental = batch', () => {
    fc.assert(
      fc.property(trackArbitrary, (points) => {
        const timeline = timelineOf(points, settings);
        const days = dailyStatsFor(timeline, points, settings);
        const byKind = (kind: string): number =>
          sum(timeline.filter((i) => i.kind === kind).map((i) => i.endAt.getTime() - i.startAt.getTime())) /
          1000;
        expect(totalsOf(days, 'runS')).toBeCloseTo(byKind('moving'), 6);
        expect(totalsOf(days, 'idleS')).toBeCloseTo(byKind('idle'), 6);
        expect(totalsOf(days, 'stopS')).toBeCloseTo(byKind('stopped'), 6);
        expect(totalsOf(days, 'offlineS')).toBeCloseTo(byKind('offline'), 6);
        expect(sum(days.map((d) => d.distanceM))).toBeCloseTo(sum(points.map((p) => p.distanceM)), 6);
        expect(sum(days.map((d) => d.movingDistanceM))).toBeCloseTo(
          sum(timeline.filter((i) => i.kind === 'moving').map((i) => i.distanceM)),
          6,
        );
        expect(sum(days.map((d) => d.pointCount))).toBe(points.length);
        for (const day of days) {
          expect(day.runS + day.idleS + day.stopS + day.offlineS).toBeLessThanOrEqual(86_400);
        }

        let state = initialDailyStatsState();
        for (const interval of timeline)
          state = accumulateDay(state, { type: 'interval', interval }, settings).state;
        for (const point of points) state = accumulateDay(state, { type: 'point', point }, settings).state;
        for (const trip of tripsFrom(timeline, settings).closed) {
          state = accumulateDay(persisted(state), { type: 'trip', trip }, settings).state;
        }
        expect(dailyStatsOf(state)).toEqual(days);
      }),
      { numRuns: 200 },
    );
  });
});
