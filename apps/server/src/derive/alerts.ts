/**
 * Alert episodes from the alarms the decoders report (packages/protocols ALARMS) and the speed: one SOS press is one
 * alert, not one per packet. Kinds of alarm:
 *  - SOS: `sos` opens; repeats extend it; `sosOff` closes it, or `sosQuietS` without a new `sos` closes it (closed at
 *    the last `sos` seen);
 *  - paired conditions: `powerCut`/`powerRestored` (also closed by a fix reporting main power back),
 *    `lowBattery`/`lowBatteryRemoved`, `gpsLost`/`gpsRestored`: the opener opens once, the closer closes;
 *  - overspeed: with a `speedLimitKph`, derived from speed (opens at the first fix above the limit once above for
 *    `overspeedMinDurationS`, closes at the first fix back at/below it once there for as long, or at a GPS gap); the
 *    device's own `overspeed` alarm is then ignored. Without a limit, the device's alarm is a one-shot;
 *  - state changes that are not alerts (`ignitionOn/Off`, the device's own `geofenceEnter/Exit`) are ignored;
 *  - anything else is a one-shot (open and close at once), repeats within `alarmDedupS` of the previous one folded in.
 * Late input (history packets, or a time before the last one) never touches the live episodes: each alarm becomes a
 * one-shot marked late (an SOS replayed after reconnection still raises an alert), deduplicated among late ones.
 */
import { stepOverspeed, type OverspeedState } from './overspeed.ts';
import type { DeriveSettings } from './settings.ts';

const PAIRS: ReadonlyMap<string, string> = new Map([
  ['powerCut', 'powerRestored'],
  ['lowBattery', 'lowBatteryRemoved'],
  ['gpsLost', 'gpsRestored'],
]);
const CLOSERS: ReadonlyMap<string, string> = new Map([...PAIRS].map(([opener, closer]) => [closer, opener]));
const NOT_ALERTS = new Set(['ignitionOn', 'ignitionOff', 'geofenceEnter', 'geofenceExit']);

export type AlertCloseReason = 'cleared' | 'quiet' | 'speed-normal' | 'gps-gap' | 'one-shot';

export interface AlertOpen {
  type: string;
  openedAt: Date;
  late: boolean;
  /** Overspeed: the highest speed above the limit when it opened. */
  speedKph: number | null;
}

export interface AlertClose {
  type: string;
  openedAt: Date;
  closedAt: Date;
  reason: AlertCloseReason;
  late: boolean;
  /** Overspeed: the highest speed during the episode. */
  maxSpeedKph: number | null;
}

/** Per-device alert state: plain JSON. */
export interface AlertState {
  v: 1;
  lastMs: number | null;
  sos: { openedMs: number; lastSeenMs: number } | null;
  /** Open paired conditions: opener type → opened at. */
  paired: Record<string, number>;
  overspeed: OverspeedState;
  /** One-shot alarms: type → last time seen (live), for deduplication. */
  lastSeen: Record<string, number>;
  /** Same for late alarms. */
  lateLastSeen: Record<string, number>;
}

export interface AlertSample {
  /** Speed of a valid fix; null/undefined when unknown (no effect on overspeed). */
  speedKph?: number | null;
  mainPower?: boolean | null;
  /** A history packet: never touches live episodes. */
  late?: boolean;
}

export interface AlertStep {
  state: AlertState;
  open: AlertOpen[];
  closed: AlertClose[];
}

export function initialAlertState(): AlertState {
  return {
    v: 1,
    lastMs: null,
    sos: null,
    paired: {},
    overspeed: { aboveSinceMs: null, aboveSpeedKph: null, belowSinceMs: null, lastSpeedMs: null, open: null },
    lastSeen: {},
    lateLastSeen: {},
  };
}

// Alarm names come from devices: read and write the JSON records as own properties only ('constructor',
// '__proto__' and friends must not reach Object.prototype).
function getOwn(record: Record<string, number>, key: string): number | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function setOwn(record: Record<string, number>, key: string, value: number): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

function copyState(state: AlertState): AlertState {
  return {
    ...state,
    sos: state.sos ? { ...state.sos } : null,
    paired: { ...state.paired },
    overspeed: { ...state.overspeed, open: state.overspeed.open ? { ...state.overspeed.open } : null },
    lastSeen: { ...state.lastSeen },
    lateLastSeen: { ...state.lateLastSeen },
  };
}

function oneShot(type: string, atMs: number, late: boolean): { open: AlertOpen; close: AlertClose } {
  const at = new Date(atMs);
  return {
    open: { type, openedAt: at, late, speedKph: null },
    close: { type, openedAt: at, closedAt: at, reason: 'one-shot', late, maxSpeedKph: null },
  };
}

function closeQuietSos(d: AlertState, atMs: number, settings: DeriveSettings, closed: AlertClose[]): void {
  if (d.sos && atMs - d.sos.lastSeenMs >= settings.sosQuietS * 1000) {
    closed.push({
      type: 'sos',
      openedAt: new Date(d.sos.openedMs),
      closedAt: new Date(d.sos.lastSeenMs),
      reason: 'quiet',
      late: false,
      maxSpeedKph: null,
    });
    d.sos = null;
  }
}

function stepLate(
  d: AlertState,
  alarms: readonly string[],
  atMs: number,
  settings: DeriveSettings,
): AlertStep {
  const open: AlertOpen[] = [];
  const closed: AlertClose[] = [];
  for (const type of new Set(alarms)) {
    if (NOT_ALERTS.has(type) || CLOSERS.has(type) || type === 'sosOff') continue;
    if (type === 'overspeed' && settings.speedLimitKph !== null) continue;
    const previous = getOwn(d.lateLastSeen, type);
    setOwn(d.lateLastSeen, type, atMs);
    if (previous !== undefined && Math.abs(atMs - previous) < settings.alarmDedupS * 1000) continue;
    const liveSos = type === 'sos' && d.sos && atMs >= d.sos.openedMs;
    if (liveSos) continue;
    const shot = oneShot(type, atMs, true);
    open.push(shot.open);
    closed.push(shot.close);
  }
  return { state: d, open, closed };
}

export function stepAlerts(
  state: AlertState,
  alarms: readonly string[],
  at: Date,
  settings: DeriveSettings,
  sample: AlertSample = {},
): AlertStep {
  const atMs = at.getTime();
  const d = copyState(state);
  if (sample.late === true || (d.lastMs !== null && atMs < d.lastMs))
    return stepLate(d, alarms, atMs, settings);
  d.lastMs = atMs;
  const open: AlertOpen[] = [];
  const closed: AlertClose[] = [];
  closeQuietSos(d, atMs, settings, closed);
  const types = new Set(alarms);
  if (sample.mainPower === true && !types.has('powerCut')) types.add('powerRestored');

  for (const type of types) {
    if (NOT_ALERTS.has(type)) continue;
    if (type === 'sos') {
      if (d.sos) d.sos.lastSeenMs = atMs;
      else {
        d.sos = { openedMs: atMs, lastSeenMs: atMs };
        open.push({ type, openedAt: at, late: false, speedKph: null });
      }
    } else if (type === 'sosOff') {
      if (d.sos) {
        closed.push({
          type: 'sos',
          openedAt: new Date(d.sos.openedMs),
          closedAt: at,
          reason: 'cleared',
          late: false,
          maxSpeedKph: null,
        });
        d.sos = null;
      }
    } else if (PAIRS.has(type)) {
      if (getOwn(d.paired, type) === undefined) {
        setOwn(d.paired, type, atMs);
        open.push({ type, openedAt: at, late: false, speedKph: null });
      }
    } else if (CLOSERS.has(type)) {
      const opener = CLOSERS.get(type);
      const openedMs = opener === undefined ? undefined : getOwn(d.paired, opener);
      if (opener !== undefined && openedMs !== undefined) {
        closed.push({
          type: opener,
          openedAt: new Date(openedMs),
          closedAt: at,
          reason: 'cleared',
          late: false,
          maxSpeedKph: null,
        });
        delete d.paired[opener];
      }
    } else if (type === 'overspeed' && settings.speedLimitKph !== null) {
      continue;
    } else {
      const previous = getOwn(d.lastSeen, type);
      setOwn(d.lastSeen, type, atMs);
      if (previous !== undefined && atMs - previous < settings.alarmDedupS * 1000) continue;
      const shot = oneShot(type, atMs, false);
      open.push(shot.open);
      closed.push(shot.close);
    }
  }
  if (sample.speedKph !== undefined && sample.speedKph !== null) {
    stepOverspeed(d.overspeed, sample.speedKph, atMs, settings, open, closed);
  }
  return { state: d, open, closed };
}

/**
 * For the worker's clock: closes an SOS that has gone quiet, without advancing the device's time (so a packet that
 * arrives afterwards with an earlier fix time is still live, not late).
 */
export function expireAlerts(state: AlertState, now: Date, settings: DeriveSettings): AlertStep {
  if (!state.sos) return { state, open: [], closed: [] };
  const d = copyState(state);
  const closed: AlertClose[] = [];
  closeQuietSos(d, now.getTime(), settings, closed);
  return { state: d, open: [], closed };
}

/** Open episodes (for "active alerts" and for restoring after a restart). */
export function openAlerts(state: AlertState): AlertOpen[] {
  const result: AlertOpen[] = [];
  if (state.sos)
    result.push({ type: 'sos', openedAt: new Date(state.sos.openedMs), late: false, speedKph: null });
  for (const [type, openedMs] of Object.entries(state.paired)) {
    result.push({ type, openedAt: new Date(openedMs), late: false, speedKph: null });
  }
  if (state.overspeed.open) {
    result.push({
      type: 'overspeed',
      openedAt: new Date(state.overspeed.open.openedMs),
      late: false,
      speedKph: null,
    });
  }
  return result;
}
