/**
 * Golden tests of a job run against deterministic tracks (derive/testing/track.ts): Indore, Rajwada → Vijay Nagar
 * along a straight route with three checkpoints, windows in Asia/Kolkata (one across midnight).
 */
import { describe, expect, it } from 'vitest';
import { destinationPoint, haversineM, type LatLon, type LonLat } from '../../derive/geo.ts';
import { DEVGURADIA, ist, RAJWADA, Track, VIJAY_NAGAR } from '../../derive/testing/track.ts';
import { windowOn } from '../job/schedule.ts';
import { evaluateJobRun, type JobRunFix, type JobRunRoute } from './job-run-evaluate.ts';

const along = (f: number): LatLon => ({
  lat: RAJWADA.lat + (VIJAY_NAGAR.lat - RAJWADA.lat) * f,
  lon: RAJWADA.lon + (VIJAY_NAGAR.lon - RAJWADA.lon) * f,
});
const path: LonLat[] = [
  [RAJWADA.lon, RAJWADA.lat],
  [VIJAY_NAGAR.lon, VIJAY_NAGAR.lat],
];
const route: JobRunRoute = {
  path,
  corridorM: 50,
  checkpoints: [
    { name: 'A', ...along(1 / 3) },
    { name: 'B', ...along(2 / 3) },
    { name: 'C', ...VIJAY_NAGAR },
  ],
};

const fixesOf = (track: Track): JobRunFix[] =>
  track
    .points()
    .filter((p) => p.gpsValid)
    .map((p) => ({ t: p.fixTime.getTime(), lat: p.lat, lon: p.lon, speedKph: p.speedKph }));

const morning = windowOn({ startTime: '06:00', endTime: '10:00' }, '2026-11-23');
const ms = (wall: string) => ist(wall).getTime();
const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

function evaluate(
  fixes: JobRunFix[],
  nowWall: string,
  extra: Partial<Parameters<typeof evaluateJobRun>[0]> = {},
) {
  return evaluateJobRun({
    windowStartMs: morning.start.getTime(),
    windowEndMs: morning.end.getTime(),
    nowMs: ms(nowWall),
    route,
    fixes,
    disposalEntriesMs: [],
    ...extra,
  });
}

/** Parked at Rajwada from 05:50, leaves at 06:10, drives the route at 30 km/h (5.6 km ≈ 11 min), parks. */
function onRoute(): JobRunFix[] {
  return fixesOf(
    new Track({ startAt: ist('2026-11-23 05:50'), start: RAJWADA, intervalS: 10 })
      .park(20 * 60)
      .drive(VIJAY_NAGAR, 30)
      .park(30 * 60),
  );
}

describe('evaluateJobRun', () => {
  it('starts at the first moving fix on the route and finishes at the last checkpoint reached in order', () => {
    const fixes = onRoute();
    const r = evaluate(fixes, '2026-11-23 12:00');
    // First moving fix: 10 s after leaving at 06:10.
    expect(iso(r.startedAtMs)).toBe('2026-11-23T00:40:10.000Z');
    expect(r.status).toBe('finished');
    expect(r.checkpointsMet).toBe(3);
    expect(r.score).toBe(1);
    const reachedC = r.checkpoints[2]?.reachedAtMs ?? 0;
    expect(r.finishedAtMs).toBe(reachedC);
    // Reached within 60 m (the corridor is smaller): 10 s steps at 30 km/h are 83 m.
    const fixAtC = fixes.find((f) => f.t === reachedC);
    expect(fixAtC && haversineM(fixAtC, VIJAY_NAGAR)).toBeLessThanOrEqual(60);
    expect(r.checkpoints.map((c) => c.reachedAtMs !== null)).toEqual([true, true, true]);
    const [a, b, c] = r.checkpoints.map((cp) => cp.reachedAtMs ?? 0);
    expect(a).toBeLessThan(b ?? 0);
    expect(b).toBeLessThan(c ?? 0);
  });

  it('is scheduled before the window, started during it, missed when never started', () => {
    const fixes = onRoute();
    expect(evaluate(fixes, '2026-11-23 05:59')).toMatchObject({ status: 'scheduled', score: null });
    // At 06:15 the vehicle has driven ~2.5 km: checkpoint A (1.87 km) met, B not yet.
    const mid = evaluate(fixes, '2026-11-23 06:15');
    expect(mid).toMatchObject({ status: 'started', checkpointsMet: 1, finishedAtMs: null });
    expect(mid.score).toBeCloseTo(1 / 3, 10);
    const parked = fixesOf(
      new Track({ startAt: ist('2026-11-23 05:50'), start: RAJWADA }).park(5 * 3600, { jitterM: 15 }),
    );
    expect(evaluate(parked, '2026-11-23 08:00')).toMatchObject({
      status: 'scheduled',
      score: 0,
      startedAtMs: null,
    });
    expect(evaluate(parked, '2026-11-23 10:00')).toMatchObject({
      status: 'missed',
      score: 0,
      finishedAtMs: null,
    });
  });

  it('does not start off the route corridor', () => {
    const elsewhere = fixesOf(
      new Track({ startAt: ist('2026-11-23 06:00'), start: RAJWADA }).drive(DEVGURADIA, 30).park(600),
    );
    // Leaves Rajwada southwards: its first (moving) fix is at the route start, so the run starts, but meets nothing.
    const r = evaluate(elsewhere, '2026-11-23 11:00');
    expect(r.startedAtMs).toBe(elsewhere[0]?.t);
    expect(r.checkpointsMet).toBe(0);
    expect(r).toMatchObject({ status: 'finished', score: 0, finishedAtMs: morning.end.getTime() });
    // Starting 500 m off the route never starts.
    const away = destinationPoint(RAJWADA, 200, 500);
    const off = fixesOf(new Track({ startAt: ist('2026-11-23 06:00'), start: away }).drive(DEVGURADIA, 30));
    expect(evaluate(off, '2026-11-23 11:00')).toMatchObject({ status: 'missed', score: 0 });
  });

  it('meets checkpoints out of order but finishes only at the window end', () => {
    const backwards = fixesOf(
      new Track({ startAt: ist('2026-11-23 06:00'), start: VIJAY_NAGAR }).drive(RAJWADA, 30).park(600),
    );
    const r = evaluate(backwards, '2026-11-23 10:30');
    expect(r.checkpointsMet).toBe(3);
    expect(r.score).toBe(1);
    expect(r).toMatchObject({ status: 'finished', finishedAtMs: morning.end.getTime() });
    expect(evaluate(backwards, '2026-11-23 09:00')).toMatchObject({ status: 'started', finishedAtMs: null });
  });

  it('evaluates a window across IST midnight', () => {
    const night = windowOn({ startTime: '22:00', endTime: '04:00' }, '2026-11-23');
    expect(night.start.toISOString()).toBe('2026-11-23T16:30:00.000Z');
    expect(night.end.toISOString()).toBe('2026-11-23T22:30:00.000Z');
    const fixes = fixesOf(
      new Track({ startAt: ist('2026-11-23 23:55'), start: RAJWADA }).drive(along(0.5), 30).park(3600),
    );
    const r = evaluateJobRun({
      windowStartMs: night.start.getTime(),
      windowEndMs: night.end.getTime(),
      nowMs: ms('2026-11-24 05:00'),
      route,
      fixes,
      disposalEntriesMs: [ms('2026-11-24 01:30'), ms('2026-11-24 04:00'), ms('2026-11-23 21:00')],
    });
    expect(iso(r.startedAtMs)).toBe('2026-11-23T18:25:00.000Z');
    expect(r).toMatchObject({
      status: 'finished',
      checkpointsMet: 1,
      finishedAtMs: night.end.getTime(),
      gpsTrips: 1,
    });
    expect(r.score).toBeCloseTo(1 / 3, 10);
  });

  it('scores a route without checkpoints (or no route) 1 once started', () => {
    const fixes = onRoute();
    const noCheckpoints = evaluate(fixes, '2026-11-23 11:00', { route: { ...route, checkpoints: [] } });
    expect(noCheckpoints).toMatchObject({ status: 'finished', score: 1, checkpointsTotal: 0 });
    expect(noCheckpoints.finishedAtMs).toBe(morning.end.getTime());
    expect(evaluate(fixes, '2026-11-23 11:00', { route: null })).toMatchObject({
      status: 'finished',
      score: 1,
    });
    expect(evaluate([], '2026-11-23 11:00', { route: null })).toMatchObject({ status: 'missed', score: 0 });
  });

  it('ignores fixes outside the window and after now', () => {
    const early = fixesOf(
      new Track({ startAt: ist('2026-11-23 05:00'), start: RAJWADA }).drive(VIJAY_NAGAR, 30).park(5 * 3600),
    );
    // Drove the whole route before 06:00, then parked: nothing in the window moves.
    expect(evaluate(early, '2026-11-23 10:00')).toMatchObject({ status: 'missed', checkpointsMet: 1 });
  });
});
