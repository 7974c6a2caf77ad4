import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  closeForOffline,
  initialMotionState,
  openInterval,
  openIntervalStartMs,
  stepMotion,
  type MotionState,
} from './motion.ts';
import { rederive } from './rederive.ts';
import { DEFAULT_DERIVE_SETTINGS, type DeriveSettings } from './settings.ts';
import { chunk, persisted, settingsArbitrary, trackArbitrary } from './testing/arbitraries.ts';
import type { DerivePoint, StateInterval } from './types.ts';

function stepAll(
  points: readonly DerivePoint[],
  settings: DeriveSettings,
  initial: MotionState = initialMotionState(),
): { state: MotionState; intervals: StateInterval[] } {
  let state = initial;
  const intervals: StateInterval[] = [];
  for (const point of points) {
    const step = stepMotion(state, point, settings);
    state = step.state;
    intervals.push(...step.closed);
  }
  return { state, intervals };
}

function timeline(result: { state: MotionState; intervals: StateInterval[] }): StateInterval[] {
  const open = openInterval(result.state);
  return open && open.durationS > 0 ? [...result.intervals, open] : result.intervals;
}

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

describe('motion properties', () => {
  it('stepping (persisting the state between any two fixes) and batch rederive of shuffled input agree', () => {
    fc.assert(
      fc.property(
        trackArbitrary,
        settingsArbitrary,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }),
        fc.integer(),
        (points, settings, cuts, seed) => {
          let state = initialMotionState();
          const intervals: StateInterval[] = [];
          for (const part of chunk(points, cuts)) {
            const result = stepAll(part, settings, persisted(state));
            state = result.state;
            intervals.push(...result.intervals);
          }
          const shuffled = fc.sample(fc.shuffledSubarray(points, { minLength: points.length }), {
            seed,
            numRuns: 1,
          });
          const batch = rederive(shuffled[0] ?? points, settings);
          expect(batch.intervals).toEqual(intervals);
          expect(persisted(batch.state)).toEqual(persisted(state));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('intervals never overlap and cover first fix → last fix without gaps; never two moving in a row', () => {
    fc.assert(
      fc.property(trackArbitrary, settingsArbitrary, (points, settings) => {
        const all = timeline(stepAll(points, settings));
        const first = points[0];
        const last = points[points.length - 1];
        if (!first || !last) return;
        if (last.fixTime.getTime() === first.fixTime.getTime()) return;
        expect(all[0]?.startAt).toEqual(first.fixTime);
        expect(all[all.length - 1]?.endAt).toEqual(last.fixTime);
        all.forEach((interval, index) => {
          expect(interval.endAt.getTime()).toBeGreaterThan(interval.startAt.getTime());
          expect(interval.durationS).toBe((interval.endAt.getTime() - interval.startAt.getTime()) / 1000);
          const previous = all[index - 1];
          if (previous) {
            expect(interval.startAt).toEqual(previous.endAt);
            // Same-kind neighbours: two standstills with a relocation during a GPS gap between them, or two
            // silences around a single fix. Never two moving intervals.
            if (interval.kind === previous.kind) expect(interval.kind).not.toBe('moving');
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it('distance is conserved and max speeds come from valid fixes', () => {
    fc.assert(
      fc.property(trackArbitrary, settingsArbitrary, (points, settings) => {
        const result = stepAll(points, settings);
        const all = [
          ...result.intervals,
          ...(openInterval(result.state) ? [openInterval(result.state)] : []),
        ];
        const total = sum(all.map((interval) => interval?.distanceM ?? 0));
        expect(total).toBeCloseTo(sum(points.slice(1).map((p) => p.distanceM)), 6);
        const validSpeeds = points
          .slice(1)
          .flatMap((p) => (p.gpsValid && p.speedKph !== null ? [p.speedKph] : []));
        for (const interval of all) {
          if (interval?.maxSpeedKph != null) expect(validSpeeds).toContain(interval.maxSpeedKph);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the state stays small (a bounded number of pending boundaries)', () => {
    fc.assert(
      fc.property(trackArbitrary, settingsArbitrary, (points, settings) => {
        let state = initialMotionState();
        for (const point of points) {
          state = stepMotion(state, point, settings).state;
          expect(state.pieces.length).toBeLessThanOrEqual(5);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('openIntervalStartMs is when the open interval started, without building it', () => {
    fc.assert(
      fc.property(trackArbitrary, settingsArbitrary, (points, settings) => {
        let state = initialMotionState();
        expect(openIntervalStartMs(state)).toBeNull();
        for (const point of points) {
          state = stepMotion(state, point, settings).state;
          expect(openIntervalStartMs(state)).toBe(openInterval(state)?.startAt.getTime() ?? null);
          const offline = closeForOffline(
            state,
            new Date(point.fixTime.getTime() + 3_600_000),
            settings,
          ).state;
          expect(openIntervalStartMs(offline)).toBe(openInterval(offline)?.startAt.getTime() ?? null);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('worker offline checks interleaved with fixes keep the timeline contiguous', () => {
    fc.assert(
      fc.property(
        trackArbitrary,
        fc.array(fc.integer({ min: 0, max: 7200 }), { maxLength: 20 }),
        (points, tickOffsetsS) => {
          const settings = DEFAULT_DERIVE_SETTINGS;
          let state = initialMotionState();
          const closed: StateInterval[] = [];
          points.forEach((point, index) => {
            const step = stepMotion(state, point, settings);
            state = step.state;
            closed.push(...step.closed);
            const tick = tickOffsetsS[index];
            if (tick !== undefined) {
              const offline = closeForOffline(
                state,
                new Date(point.fixTime.getTime() + tick * 1000),
                settings,
              );
              state = offline.state;
              closed.push(...offline.closed);
            }
          });
          closed.forEach((interval, index) => {
            const previous = closed[index - 1];
            if (previous) expect(interval.startAt).toEqual(previous.endAt);
          });
          const open = openInterval(state);
          const lastClosed = closed[closed.length - 1];
          if (open && lastClosed) expect(open.startAt).toEqual(lastClosed.endAt);
        },
      ),
      { numRuns: 200 },
    );
  });
});
