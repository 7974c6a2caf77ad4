import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fenceContains, type Fence } from './fences.ts';
import { destinationPoint, type LatLon, type LonLat } from './geo.ts';
import { resolveDeriveSettings } from './settings.ts';
import { persisted, trackArbitrary } from './testing/arbitraries.ts';
import { istTime } from './testing/describe.ts';
import { DEVGURADIA, ist, RAJWADA, Track } from './testing/track.ts';
import type { DerivePoint } from './types.ts';
import {
  initialVisitState,
  openVisits,
  rederiveVisits,
  stepVisits,
  type Visit,
  type VisitStart,
} from './visits.ts';

const settings = resolveDeriveSettings();

/** A square of `halfSideM` around a place, as a polygon fence. */
function squareAround(id: string, center: LatLon, halfSideM: number, extra: Partial<Fence> = {}): Fence {
  const n = destinationPoint(center, 0, halfSideM).lat;
  const s = destinationPoint(center, 180, halfSideM).lat;
  const e = destinationPoint(center, 90, halfSideM).lon;
  const w = destinationPoint(center, 270, halfSideM).lon;
  const ring: LonLat[] = [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ];
  return { id, type: 'polygon', coordinates: [ring], ...extra } as Fence;
}

const dumpYard = squareAround('dump-yard', DEVGURADIA, 150);
const ward = squareAround('ward-12', DEVGURADIA, 3000, { dwellS: 0 });

function run(
  points: readonly DerivePoint[],
  fences: readonly Fence[],
): { opened: VisitStart[]; closed: Visit[] } {
  return rederiveVisits(points, fences, settings);
}

const describeVisit = (visit: Visit): string =>
  `${visit.fenceId} ${istTime(visit.enteredAt)}–${istTime(visit.exitedAt)}`;

describe('visits: golden tracks', () => {
  it('a 20 min stop at the dump yard is one visit, inside the ward visit that holds it', () => {
    const points = new Track({ startAt: ist('2024-03-11 10:00') })
      .drive(DEVGURADIA, 30)
      .park(20 * 60)
      .drive(RAJWADA, 30)
      .points();
    const { opened, closed } = run(points, [dumpYard, ward]);
    // Arrival 10:16:24.9, departure 10:36:24.9: the visit runs from the first fix inside the 300 m square to the
    // first fix outside it (confirmed 30 s later).
    expect(closed.map(describeVisit)).toEqual(['dump-yard 10:16:10–10:36:54', 'ward-12 10:09:40–10:43:14']);
    expect(opened.map((v) => v.fenceId)).toEqual(['ward-12', 'dump-yard']);
    const yardVisit = closed[0];
    expect(yardVisit?.dwellS).toBeGreaterThan(20 * 60);
  });

  it('driving past a collection point is not a visit; a 2 min pickup is, a 90 s one is not', () => {
    const bin: Fence = { id: 'bin-7', type: 'circle', center: [75.865, 22.7186], radiusM: 30 };
    const driveBy = new Track({ startAt: ist('2024-03-11 07:00') }).drive(
      { bearingDeg: 90, distanceM: 2000 },
      20,
    );
    expect(run(driveBy.points(), [bin]).closed).toEqual([]);

    const atBin = { lat: 22.7186, lon: 75.865 };
    const pickup = (seconds: number): Visit[] =>
      run(
        new Track({ startAt: ist('2024-03-11 07:00') })
          .drive(atBin, 20)
          .idle(seconds)
          .drive({ bearingDeg: 90, distanceM: 500 }, 20)
          .points(),
        [bin],
      ).closed;
    expect(pickup(120).map((v) => v.fenceId)).toEqual(['bin-7']);
    expect(pickup(90)).toEqual([]);
  });

  it('flapping across the fence line does not split the visit; leaving for 30 s ends it', () => {
    const inside = destinationPoint(DEVGURADIA, 0, 140);
    const outside = destinationPoint(DEVGURADIA, 0, 160);
    const start = ist('2024-03-11 10:00').getTime();
    const fix = (s: number, at: LatLon): DerivePoint => ({
      deviceId: 'd',
      vehicleId: 'v',
      fixTime: new Date(start + s * 1000),
      lat: at.lat,
      lon: at.lon,
      speedKph: 0,
      ignition: false,
      gpsValid: true,
      mainPower: true,
      distanceM: 0,
      history: false,
    });
    const points: DerivePoint[] = [];
    for (let s = 0; s <= 600; s += 10) points.push(fix(s, (s / 10) % 3 === 2 ? outside : inside));
    points.push(fix(610, outside), fix(620, outside), fix(630, outside), fix(640, outside));
    const { closed } = run(points, [dumpYard]);
    expect(closed.map(describeVisit)).toEqual(['dump-yard 10:00:00–10:10:10']);
  });

  it('after a data gap the exit is placed at the last fix inside', () => {
    const points = new Track({ startAt: ist('2024-03-11 10:00'), start: DEVGURADIA })
      .park(600)
      .silence(3600, RAJWADA)
      .park(60)
      .points();
    expect(run(points, [dumpYard]).closed.map(describeVisit)).toEqual(['dump-yard 10:00:00–10:10:00']);
  });

  it('a fence with dwellS 0 opens at once; an unlisted fence counts as outside; open visits are listed', () => {
    const points = new Track({ startAt: ist('2024-03-11 10:00'), start: DEVGURADIA }).park(300).points();
    let state = initialVisitState();
    const first = stepVisits(state, points[0] as DerivePoint, [dumpYard, ward], settings);
    expect(first.opened.map((v) => v.fenceId)).toEqual(['ward-12']);
    state = rederiveVisits(points.slice(1), [dumpYard, ward], settings, { initial: first.state }).state;
    expect(openVisits(state).map((v) => v.fenceId)).toEqual(['dump-yard', 'ward-12']);
    // The dump yard is no longer listed (deleted, or not near enough to be passed): it counts as outside.
    const later = new Track({ startAt: ist('2024-03-11 10:05'), start: DEVGURADIA }).park(40).points();
    const steps = rederiveVisits(later.slice(1), [ward], settings, { initial: state });
    expect(steps.closed.map(describeVisit)).toEqual(['dump-yard 10:00:00–10:05:10']);
    expect(openVisits(steps.state).map((v) => v.fenceId)).toEqual(['ward-12']);
  });

  it('invalid and out-of-order fixes are ignored', () => {
    const points = new Track({ startAt: ist('2024-03-11 10:00'), start: DEVGURADIA }).park(300).points();
    const { state } = rederiveVisits(points, [dumpYard], settings);
    const old = stepVisits(state, points[3] as DerivePoint, [dumpYard], settings);
    expect(old.state).toBe(state);
    const far = {
      ...(points[0] as DerivePoint),
      fixTime: ist('2024-03-11 11:00'),
      lat: RAJWADA.lat,
      gpsValid: false,
    };
    expect(stepVisits(state, far, [dumpYard], settings).state.presences).toEqual(state.presences);
  });
});

describe('visits: properties', () => {
  const fenceArbitrary: fc.Arbitrary<Fence[]> = fc
    .array(
      fc.record({
        bearingDeg: fc.integer({ min: 0, max: 359 }),
        distanceM: fc.integer({ min: 0, max: 3000 }),
        sizeM: fc.integer({ min: 10, max: 2000 }),
        circle: fc.boolean(),
        dwellS: fc.option(fc.integer({ min: 0, max: 600 }), { nil: undefined }),
      }),
      { minLength: 1, maxLength: 5 },
    )
    .map((specs) =>
      specs.map((spec, index): Fence => {
        const center = destinationPoint(RAJWADA, spec.bearingDeg, spec.distanceM);
        const extra = spec.dwellS === undefined ? {} : { dwellS: spec.dwellS };
        return spec.circle
          ? {
              id: `f${index}`,
              type: 'circle',
              center: [center.lon, center.lat],
              radiusM: spec.sizeM,
              ...extra,
            }
          : squareAround(`f${index}`, center, spec.sizeM, extra);
      }),
    );

  it('stepping with persisted state = batch; visits per fence are disjoint, long enough, and were opened first', () => {
    fc.assert(
      fc.property(trackArbitrary, fenceArbitrary, (points, fences) => {
        let state = initialVisitState();
        const opened: VisitStart[] = [];
        const closed: Visit[] = [];
        for (const point of points) {
          const step = stepVisits(persisted(state), point, fences, settings);
          state = step.state;
          for (const visit of step.closed) {
            expect(opened.some((o) => o.fenceId === visit.fenceId && +o.enteredAt === +visit.enteredAt)).toBe(
              true,
            );
          }
          opened.push(...step.opened);
          closed.push(...step.closed);
        }
        const batch = rederiveVisits([...points].reverse(), fences, settings);
        expect(batch.closed).toEqual(closed);
        expect(batch.opened).toEqual(opened);
        for (const fence of fences) {
          const visits = closed.filter((v) => v.fenceId === fence.id);
          visits.forEach((visit, index) => {
            expect(visit.dwellS).toBeGreaterThanOrEqual(fence.dwellS ?? settings.visitDwellS);
            const entry = points.find((p) => +p.fixTime === +visit.enteredAt);
            expect(entry && fenceContains(fence, entry)).toBe(true);
            const previous = visits[index - 1];
            if (previous) expect(+visit.enteredAt).toBeGreaterThan(+previous.exitedAt);
          });
        }
      }),
      { numRuns: 200 },
    );
  });
});
