/**
 * Pure parts of playback: state intervals clipped to the range → stops and run / idle / stop / offline totals
 * (docs/derivations.md "Motion"). An interval still open (ended_at null: an offline span the worker opened) runs to
 * the end of the range or now, whichever is earlier.
 */
import type { IntervalRow } from './playback.repository.ts';

export interface ClippedStop {
  kind: 'stop' | 'idle';
  fromMs: number;
  toMs: number;
  durationS: number;
  lat: number | null;
  lon: number | null;
}

export interface IntervalSummary {
  stops: ClippedStop[];
  runS: number;
  idleS: number;
  stopS: number;
  offlineS: number;
  /** Distance of the moving intervals inside the range (a clipped interval counts its share by time). */
  movingDistanceM: number;
}

export function summariseIntervals(
  intervals: readonly IntervalRow[],
  fromMs: number,
  toMs: number,
  nowMs: number,
): IntervalSummary {
  const summary: IntervalSummary = {
    stops: [],
    runS: 0,
    idleS: 0,
    stopS: 0,
    offlineS: 0,
    movingDistanceM: 0,
  };
  for (const interval of intervals) {
    const startMs = interval.startedAt.getTime();
    const endMs = interval.endedAt?.getTime() ?? Math.max(startMs, Math.min(nowMs, toMs));
    const clippedFrom = Math.max(startMs, fromMs);
    const clippedTo = Math.min(endMs, toMs);
    if (clippedTo <= clippedFrom) continue;
    const seconds = (clippedTo - clippedFrom) / 1000;
    switch (interval.kind) {
      case 'moving':
        summary.runS += seconds;
        summary.movingDistanceM +=
          endMs > startMs ? (interval.distanceM * (clippedTo - clippedFrom)) / (endMs - startMs) : 0;
        break;
      case 'offline':
        summary.offlineS += seconds;
        break;
      case 'idle':
      case 'stopped': {
        const kind = interval.kind === 'idle' ? 'idle' : 'stop';
        if (kind === 'idle') summary.idleS += seconds;
        else summary.stopS += seconds;
        summary.stops.push({
          kind,
          fromMs: clippedFrom,
          toMs: clippedTo,
          durationS: Math.round(seconds),
          lat: interval.startLat,
          lon: interval.startLon,
        });
        break;
      }
    }
  }
  summary.runS = Math.round(summary.runS);
  summary.idleS = Math.round(summary.idleS);
  summary.stopS = Math.round(summary.stopS);
  summary.offlineS = Math.round(summary.offlineS);
  return summary;
}

/** Moving distance ÷ run time in km/h (one decimal); null without run time. */
export function averageMovingSpeedKph(movingDistanceM: number, runS: number): number | null {
  return runS > 0 ? Math.round((movingDistanceM / runS) * 36) / 10 : null;
}

/**
 * Stored intervals plus the devices' open intervals (from their derive state), without duplicates: an open interval
 * is added only when it starts after every stored one of the vehicle.
 */
export function withOpenIntervals(stored: IntervalRow[], open: readonly IntervalRow[]): IntervalRow[] {
  const lastStartMs = stored.reduce((max, i) => Math.max(max, i.startedAt.getTime()), -Infinity);
  const extra = open.filter((i) => i.startedAt.getTime() > lastStartMs);
  if (extra.length === 0) return stored;
  return [...stored, ...extra].sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
}
