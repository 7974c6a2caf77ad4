/**
 * Golden tests of the collection-point visit and corridor-exit rules (job-run-visits.ts) through evaluateJobRun on
 * deterministic tracks: Indore, Rajwada → Vijay Nagar, 10 s fixes, 30 s minimum stop.
 */
import { describe, expect, it } from 'vitest';
import { destinationPoint, type LatLon, type LonLat } from '../../derive/geo.ts';
import { ist, RAJWADA, Track, VIJAY_NAGAR } from '../../derive/testing/track.ts';
import { evaluateJobRun, type JobRunFix, type JobRunRoute } from './job-run-evaluate.ts';
import { corridorExits, firstVisit } from './job-run-visits.ts';

const along = (f: number): LatLon => ({
  lat: RAJWADA.lat + (VIJAY_NAGAR.lat - RAJWADA.lat) * f,
  lon: RAJWADA.lon + (VIJAY_NAGAR.lon - RAJWADA.lon) * f,
});
const path: LonLat[] = [
  [RAJWADA.lon, RAJWADA.lat],
  [VIJAY_NAGAR.lon, VIJAY_NAGAR.lat],
];
const fixesOf = (track: Track): JobRunFix[] =>
  track.points().map((p) => ({ t: p.fixTime.getTime(), lat: p.lat, lon: p.lon, speedKph: p.speedKph }));
const iso = (t: number | null | undefined) => (t == null ? null : new Date(t).toISOString());

describe('collection-point visits', () => {
  const track = new Track({ startAt: ist('2026-11-23 06:00'), start: RAJWADA })
    .drive(along(0.25), 25)
    .park(120) // A: 2-minute stop
    .drive(along(0.5), 25) // B: driven past
    .drive(along(0.75), 25)
    .park(10) // C: 10-second stop
    .drive(VIJAY_NAGAR, 25);
  const fixes = fixesOf(track);
  const point = (f: number, extra: Partial<Parameters<typeof firstVisit>[0]> = {}) => ({
    ...along(f),
    radiusM: 30,
    tagReads: [],
    ...extra,
  });

  it('a 2-minute stop is a visit, a drive-by and a 10-second stop are not', () => {
    const a = firstVisit(point(0.25), fixes, 30);
    expect(a).toMatchObject({ via: 'gps', dwellS: 120 });
    expect(firstVisit(point(0.5), fixes, 30)).toBeNull();
    expect(firstVisit(point(0.75), fixes, 30)).toBeNull();
    // With no minimum the 10-second stop would do: it is the threshold that rejects it.
    expect(firstVisit(point(0.75), fixes, 10)).toMatchObject({ via: 'gps', dwellS: 10 });
  });

  it('an RFID read bound to a position inside the radius is a visit; one read elsewhere is not', () => {
    const passB = fixes.find((f) => Math.abs(f.lat - along(0.5).lat) < 1e-9)?.t ?? 0;
    const read = firstVisit(point(0.5, { tagReads: [{ t: passB, lat: null, lon: null }] }), fixes, 30);
    expect(read).toMatchObject({ via: 'rfid', reachedAtMs: passB, dwellS: 0 });
    const far = destinationPoint(along(0.5), 90, 200);
    expect(firstVisit(point(0.5, { tagReads: [{ t: passB, ...far }] }), fixes, 30)).toBeNull();
  });

  it('records the visits, the dwell and the route order in the run', () => {
    const route: JobRunRoute = {
      path,
      corridorM: 50,
      checkpoints: [
        { name: 'A', ...along(0.25), poiId: '7', radiusM: 30 },
        { name: 'B', ...along(0.5) },
        { name: 'C', ...along(0.75) },
      ],
    };
    const r = evaluateJobRun({
      windowStartMs: ist('2026-11-23 06:00').getTime(),
      windowEndMs: ist('2026-11-23 10:00').getTime(),
      nowMs: ist('2026-11-23 11:00').getTime(),
      route,
      fixes,
      disposalEntriesMs: [],
      visitRule: { minStopS: 30 },
    });
    expect(r.checkpoints.map((c) => [c.name, c.via, c.dwellS, c.poiId, c.reachedAtMs !== null])).toEqual([
      ['A', 'gps', 120, '7', true],
      ['B', null, null, null, false],
      ['C', null, null, null, false],
    ]);
    expect(r).toMatchObject({ status: 'finished', checkpointsMet: 1, corridorExits: [] });
    expect(r.score).toBeCloseTo(1 / 3, 10);
  });
});

describe('corridor exits', () => {
  it('records the exit, the return and the furthest distance; a single stray fix is no exit', () => {
    const off = destinationPoint(along(0.4), 135, 250);
    const track = new Track({ startAt: ist('2026-11-23 06:00'), start: RAJWADA })
      .drive(along(0.4), 30)
      .drive(off, 30)
      .drive(along(0.45), 30)
      .jump(400)
      .drive(VIJAY_NAGAR, 30);
    const fixes = fixesOf(track);
    const exits = corridorExits(path, 50, fixes);
    expect(exits).toHaveLength(1);
    const [exit] = exits;
    expect(exit?.maxDistanceM).toBe(250);
    expect(iso(exit?.exitedAtMs)).toBe(iso(fixes.find((f) => f.t > (exit?.exitedAtMs ?? 0) - 1)?.t));
    expect(exit?.returnedAtMs).not.toBeNull();
    expect((exit?.returnedAtMs ?? 0) - (exit?.exitedAtMs ?? 0)).toBeGreaterThan(30_000);
    // Still out at the end: no return yet.
    const stillOut = corridorExits(
      path,
      50,
      fixesOf(new Track({ startAt: ist('2026-11-23 06:00') }).drive(off, 30)),
    );
    expect(stillOut.map((e) => e.returnedAtMs)).toEqual([null]);
  });
});
