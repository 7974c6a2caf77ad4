/**
 * Derived overspeed (when the vehicle has a speed limit): opens at the first fix above the limit once the speed has
 * stayed above it for `overspeedMinDurationS`, closes at the first fix back at or below it once it has stayed there as
 * long; a GPS gap (no speed for more than `gpsGapS`) closes it at the last fix with a speed.
 */
import type { AlertClose, AlertOpen } from './alerts.ts';
import type { DeriveSettings } from './settings.ts';

export interface OverspeedState {
  aboveSinceMs: number | null;
  /** Highest speed since `aboveSinceMs`. */
  aboveSpeedKph: number | null;
  belowSinceMs: number | null;
  lastSpeedMs: number | null;
  open: { openedMs: number; maxSpeedKph: number } | null;
}

/** Updates the working copy `o` (callers pass a copy of their state) and appends what opened or closed. */
export function stepOverspeed(
  o: OverspeedState,
  speedKph: number,
  atMs: number,
  settings: DeriveSettings,
  open: AlertOpen[],
  closed: AlertClose[],
): void {
  const limit = settings.speedLimitKph;
  if (limit === null) return;
  const minMs = settings.overspeedMinDurationS * 1000;
  if (o.lastSpeedMs !== null && atMs - o.lastSpeedMs > settings.gpsGapS * 1000) {
    if (o.open) {
      closed.push({
        type: 'overspeed',
        openedAt: new Date(o.open.openedMs),
        closedAt: new Date(o.lastSpeedMs),
        reason: 'gps-gap',
        late: false,
        maxSpeedKph: o.open.maxSpeedKph,
      });
    }
    Object.assign(o, { aboveSinceMs: null, aboveSpeedKph: null, belowSinceMs: null, open: null });
  }
  o.lastSpeedMs = atMs;
  if (speedKph > limit) {
    o.belowSinceMs = null;
    o.aboveSinceMs ??= atMs;
    o.aboveSpeedKph = Math.max(o.aboveSpeedKph ?? speedKph, speedKph);
    if (o.open) {
      o.open.maxSpeedKph = Math.max(o.open.maxSpeedKph, speedKph);
    } else if (atMs - o.aboveSinceMs >= minMs) {
      o.open = { openedMs: o.aboveSinceMs, maxSpeedKph: o.aboveSpeedKph };
      open.push({
        type: 'overspeed',
        openedAt: new Date(o.aboveSinceMs),
        late: false,
        speedKph: o.aboveSpeedKph,
      });
    }
    return;
  }
  o.aboveSinceMs = null;
  o.aboveSpeedKph = null;
  if (!o.open) return;
  o.belowSinceMs ??= atMs;
  if (atMs - o.belowSinceMs >= minMs) {
    closed.push({
      type: 'overspeed',
      openedAt: new Date(o.open.openedMs),
      closedAt: new Date(o.belowSinceMs),
      reason: 'speed-normal',
      late: false,
      maxSpeedKph: o.open.maxSpeedKph,
    });
    o.open = null;
    o.belowSinceMs = null;
  }
}
