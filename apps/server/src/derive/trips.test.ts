import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialMotionState, openInterval, stepMotion } from './motion.ts';
import { rederive } from './rederive.ts';
import { resolveDeriveSettings } from './settings.ts';
import { persisted, trackArbitrary } from './testing/arbitraries.ts';
import { istTime } from './testing/describe.ts';
import { DEVGURADIA, ist, RAJWADA, Track } from './testing/track.ts';
import { finishTrips, initialTripState, settleTrips, stepTrips, tripsFrom } from './trips.ts';
import type { DerivePoint, StateInterval, Trip } from './types.ts';

const settings = resolveDeriveSettings();
const tripsOf = (points: readonly DerivePoint[]): Trip[] =>
  tripsFrom(rederive(points, settings).intervals, settings).closed;
const span = (trip: Trip): string => `${istTime(trip.startAt)}–${istTime(trip.endAt)}`;

describe('trips: golden tracks', () => {
  it('straight drive: one trip with distance, duration, max and average speed, ends', () => {
    const points = new Track({ startAt: ist('2024-03-11 08:00') })
      .park(60)
      .drive({ bearingDeg: 90, distanceM: 5000 }, 30)
      .park(600)
      .points();
    const trips = tripsOf(points);
    expect(trips.map(span)).toEqual(['08:01:00–08:11:00']);
    const [trip] = trips;
    expect(trip?.distanceM).toBeCloseTo(5000, 0);
    expect(trip?.durationS).toBe(600);
    expect(trip?.maxSpeedKph).toBe(30);
    expect(trip?.avgSpeedKph).toBeCloseTo(30, 1);
    expect(trip?.startLat).toBeCloseTo(RAJWADA.lat, 9);
  });

  it('dump-yard run: two trips, one each way', () => {
    const points = new Track({ startAt: ist('2024-03-11 10:00') })
      .park(30)
      .drive(DEVGURADIA, 30)
      .park(20 * 60)
      .drive(RAJWADA, 30)
      .park(300)
      .points();
    const trips = tripsOf(points);
    expect(trips).toHaveLength(2);
    expect(trips[0]?.endLat).toBeCloseTo(DEVGURADIA.lat, 2);
    expect(trips[1]?.endLat).toBeCloseTo(RAJWADA.lat, 2);
  });

  it('jitter while parked creates no trip, even without the distance stage', () => {
    for (const distance of ['odometer', 'raw'] as const) {
      const points = new Track({ startAt: ist('2024-03-11 13:00'), seed: 11, distance })
        .park(3 * 3600, { jitterM: 15, ignition: null, speedKph: 2 })
        .points();
      expect(tripsOf(points)).toEqual([]);
    }
  });

  it('short idles (2–3 min, below stopMinDurationS) are merged into the trip', () => {
    const points = new Track({ startAt: ist('2024-03-11 07:00') })
      .drive({ bearingDeg: 90, distanceM: 1000 }, 30)
      .idle(150)
      .drive({ bearingDeg: 90, distanceM: 1000 }, 30)
      .park(600)
      .points();
    const intervals = rederive(points, settings).intervals;
    expect(intervals.map((i) => i.kind)).toEqual(['moving', 'idle', 'moving']);
    const trips = tripsFrom(intervals, settings).closed;
    expect(trips.map(span)).toEqual(['07:00:00–07:06:30']);
    expect(trips[0]?.distanceM).toBeCloseTo(2000, -1);
  });

  it('a short shunt in the yard (under 200 m) is not a trip', () => {
    const points = new Track({ startAt: ist('2024-03-11 07:00') })
      .park(600)
      .drive({ bearingDeg: 90, distanceM: 150 }, 10)
      .park(600)
      .points();
    const intervals = rederive(points, settings).intervals;
    expect(intervals.map((i) => i.kind)).toEqual(['stopped', 'moving']);
    expect(tripsFrom(intervals, settings).closed).toEqual([]);
  });

  it('an offline interval ends the trip', () => {
    const points = new Track({ startAt: ist('2024-03-11 09:00') })
      .drive({ bearingDeg: 90, distanceM: 2000 }, 30)
      .silence(20 * 60)
      .drive({ bearingDeg: 90, distanceM: 2000 }, 30)
      .park(600)
      .points();
    expect(tripsOf(points).map(span)).toEqual(['09:00:00–09:04:00', '09:24:10–09:28:00']);
  });

  it('settleTrips reports the trip as soon as the stop is confirmed, and never twice', () => {
    const points = new Track({ startAt: ist('2024-03-11 08:00') })
      .park(60)
      .drive({ bearingDeg: 90, distanceM: 3000 }, 30)
      .park(1800)
      .points();
    let motion = initialMotionState();
    let trips = initialTripState();
    const reported: { trip: Trip; at: Date }[] = [];
    for (const point of points) {
      const step = stepMotion(motion, point, settings);
      motion = step.state;
      for (const interval of step.closed) {
        const tripStep = stepTrips(trips, interval, settings);
        trips = tripStep.state;
        reported.push(...tripStep.closed.map((trip) => ({ trip, at: point.fixTime })));
      }
      const settled = settleTrips(trips, openInterval(motion), settings);
      trips = settled.state;
      reported.push(...settled.closed.map((trip) => ({ trip, at: point.fixTime })));
    }
    expect(reported).toHaveLength(1);
    expect(span(reported[0]?.trip as Trip)).toBe('08:01:00–08:07:00');
    expect(istTime(reported[0]?.at as Date)).toBe('08:10:00');
    expect(finishTrips(trips, settings).closed).toEqual([]);
  });
});

describe('trips: properties', () => {
  it('stepping (with settle and persisted state) and batch agree; trips are ordered, disjoint and filtered', () => {
    fc.assert(
      fc.property(trackArbitrary, (points) => {
        const intervals = rederive(points, settings).intervals;
        const batch = tripsFrom(intervals, settings).closed;
        let state = initialTripState();
        const stepped: Trip[] = [];
        for (const interval of intervals) {
          const settled = settleTrips(state, interval, settings);
          stepped.push(...settled.closed);
          const step = stepTrips(persisted(settled.state), interval, settings);
          state = step.state;
          stepped.push(...step.closed);
        }
        stepped.push(...finishTrips(state, settings).closed);
        expect(stepped).toEqual(batch);
        batch.forEach((trip, index) => {
          expect(trip.distanceM).toBeGreaterThanOrEqual(settings.minTripDistanceM);
          expect(trip.durationS).toBeGreaterThanOrEqual(settings.minTripDurationS);
          const previous = batch[index - 1];
          if (previous) expect(trip.startAt.getTime()).toBeGreaterThanOrEqual(previous.endAt.getTime());
          const inside = intervals.filter(
            (i: StateInterval) => i.startAt >= trip.startAt && i.endAt <= trip.endAt,
          );
          expect(inside[0]?.kind).toBe('moving');
          expect(inside.every((i) => i.kind !== 'offline')).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });
});
