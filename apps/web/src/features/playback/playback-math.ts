/**
 * The pure part of route playback: time ↔ fix lookup by binary search, the interpolated position between two fixes,
 * speed bands and the coloured track as few GeoJSON lines as possible. Points are the contract's columnar arrays
 * (playback.contract.ts PlaybackPoints): `t` in epoch ms, sorted ascending.
 */
import type { PlaybackPoints } from '@civicfleet/shared';
import type { Feature, FeatureCollection, LineString } from 'geojson';

/** Playback speeds offered (× real time). */
export const PLAYBACK_SPEEDS = [1, 2, 4, 8, 16, 32, 64] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

/**
 * A silence longer than this between two fixes is a gap (device off, no network without history): the marker waits at
 * the last fix instead of gliding across it, and the track draws the gap dashed.
 */
export const GAP_MS = 5 * 60_000;

/** Speed bands of the track (km/h, lower bound inclusive), slow to fast; the legend lists them. */
export const SPEED_BANDS = [
  { id: 'crawl', minKph: 0, colour: '#9e9e9e' },
  { id: 'slow', minKph: 5, colour: '#1e88e5' },
  { id: 'urban', minKph: 20, colour: '#43a047' },
  { id: 'fast', minKph: 40, colour: '#fb8c00' },
  { id: 'veryFast', minKph: 60, colour: '#e53935' },
] as const;
export type SpeedBandId = (typeof SPEED_BANDS)[number]['id'] | 'gap';
export const GAP_COLOUR = '#757575';

export function speedBand(speedKph: number | null): SpeedBandId {
  const speed = speedKph ?? 0;
  let band: SpeedBandId = 'crawl';
  for (const b of SPEED_BANDS) if (speed >= b.minKph) band = b.id;
  return band;
}

/** Index of the last fix at or before `ms` (0 before the first fix, the last index after the last). -1 when empty. */
export function indexAtTime(t: readonly number[], ms: number): number {
  const n = t.length;
  if (n === 0) return -1;
  if (ms <= (t[0] ?? 0)) return 0;
  if (ms >= (t[n - 1] ?? 0)) return n - 1;
  let lo = 0;
  let hi = n - 1;
  // Invariant: t[lo] <= ms < t[hi].
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if ((t[mid] ?? 0) <= ms) lo = mid;
    else hi = mid;
  }
  return lo;
}

export interface PlaybackPosition {
  /** The fix at or before the time (what the list and the readout name). */
  index: number;
  lat: number;
  lon: number;
  /** Degrees clockwise from north; null when neither the fixes nor the movement tell. */
  headingDeg: number | null;
  speedKph: number | null;
  ignition: boolean | null;
}

const at = (values: readonly number[], i: number): number => values[i] ?? 0;

/** Initial bearing from a to b in degrees clockwise from north (0–360). */
export function bearingDeg(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const toRad = Math.PI / 180;
  const y = Math.sin((lon2 - lon1) * toRad) * Math.cos(lat2 * toRad);
  const x =
    Math.cos(lat1 * toRad) * Math.sin(lat2 * toRad) -
    Math.sin(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.cos((lon2 - lon1) * toRad);
  return (((Math.atan2(y, x) / toRad) % 360) + 360) % 360;
}

/** Angle between a and b by the short way round, at fraction f. */
export function lerpAngle(a: number, b: number, f: number): number {
  const delta = ((b - a + 540) % 360) - 180;
  return (a + delta * f + 360) % 360;
}

/**
 * Where the vehicle was at `ms`: linear between the fixes around it (never across a gap longer than GAP_MS), the
 * heading turning the short way, the speed blended. Null when there are no points.
 */
export function positionAt(points: PlaybackPoints, ms: number): PlaybackPosition | null {
  const i = indexAtTime(points.t, ms);
  if (i < 0) return null;
  const j = i + 1;
  const t0 = at(points.t, i);
  const base = {
    index: i,
    lat: at(points.lat, i),
    lon: at(points.lon, i),
    speedKph: points.speedKph[i] ?? null,
    ignition: points.ignition[i] ?? null,
  };
  const heading0 = points.headingDeg[i] ?? null;
  if (j >= points.t.length || ms <= t0) return { ...base, headingDeg: heading0 };
  const t1 = at(points.t, j);
  if (t1 - t0 > GAP_MS || t1 <= t0) return { ...base, headingDeg: heading0 };
  const f = Math.min(1, (ms - t0) / (t1 - t0));
  const lat1 = at(points.lat, j);
  const lon1 = at(points.lon, j);
  const moved = lat1 !== base.lat || lon1 !== base.lon;
  const heading1 = points.headingDeg[j] ?? null;
  let headingDeg: number | null;
  if (heading0 !== null && heading1 !== null) headingDeg = lerpAngle(heading0, heading1, f);
  else if (moved) headingDeg = bearingDeg(base.lat, base.lon, lat1, lon1);
  else headingDeg = heading0 ?? heading1;
  const s0 = base.speedKph;
  const s1 = points.speedKph[j] ?? null;
  return {
    ...base,
    lat: base.lat + (lat1 - base.lat) * f,
    lon: base.lon + (lon1 - base.lon) * f,
    headingDeg,
    speedKph: s0 !== null && s1 !== null ? s0 + (s1 - s0) * f : s0,
  };
}

export interface TrackProperties {
  band: SpeedBandId;
}

/**
 * The track as LineStrings, one per run of consecutive segments in the same band (a day of 17k fixes becomes a few
 * hundred features: one source, one layer, colour by `band`). A segment's band is that of the mean speed of its
 * ends; a segment across a gap is its own 'gap' line.
 */
export function buildTrack(points: PlaybackPoints): FeatureCollection<LineString, TrackProperties> {
  const features: Array<Feature<LineString, TrackProperties>> = [];
  const n = points.t.length;
  let current: Feature<LineString, TrackProperties> | null = null;
  for (let i = 0; i + 1 < n; i++) {
    const isGap = at(points.t, i + 1) - at(points.t, i) > GAP_MS;
    const s0 = points.speedKph[i] ?? 0;
    const s1 = points.speedKph[i + 1] ?? 0;
    const band: SpeedBandId = isGap ? 'gap' : speedBand((s0 + s1) / 2);
    const from: [number, number] = [at(points.lon, i), at(points.lat, i)];
    const to: [number, number] = [at(points.lon, i + 1), at(points.lat, i + 1)];
    if (current && current.properties.band === band) {
      current.geometry.coordinates.push(to);
    } else {
      current = {
        type: 'Feature',
        properties: { band },
        geometry: { type: 'LineString', coordinates: [from, to] },
      };
      features.push(current);
    }
  }
  return { type: 'FeatureCollection', features };
}

/** [[west, south], [east, north]] of the fixes with index in [from, to] (default all); null when none. */
export function pointsBounds(
  points: PlaybackPoints,
  from = 0,
  to = points.t.length - 1,
): [[number, number], [number, number]] | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (let i = Math.max(0, from); i <= Math.min(to, points.t.length - 1); i++) {
    const lat = at(points.lat, i);
    const lon = at(points.lon, i);
    if (lon < west) west = lon;
    if (lon > east) east = lon;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  if (!Number.isFinite(west)) return null;
  return [
    [west, south],
    [east, north],
  ];
}

/** The fix time before (-1) or after (+1) `ms`: arrow-key stepping. */
export function stepTime(t: readonly number[], ms: number, direction: -1 | 1): number {
  const n = t.length;
  if (n === 0) return ms;
  const i = indexAtTime(t, ms);
  if (direction > 0) {
    const next = at(t, i) > ms ? i : Math.min(n - 1, i + 1);
    return at(t, next);
  }
  const previous = at(t, i) < ms ? i : Math.max(0, i - 1);
  return at(t, previous);
}
