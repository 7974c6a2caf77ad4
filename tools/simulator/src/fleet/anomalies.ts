/**
 * Occasional trouble, as Poisson processes per vehicle-hour: panic button, overspeed, box opened, main power cut,
 * GNSS outage, mobile-data outage. Each kind runs at most one episode at a time; the next one is drawn when it ends.
 */
import type { SimAlarm } from '../packets/reading.ts';
import { exponentialMs, intBetween } from './prng.ts';
import { ANOMALY_KINDS, type AnomalyKind, type ResolvedFleetConfig, type VehicleState } from './types.ts';

const DURATION_S: Record<AnomalyKind, readonly [number, number]> = {
  sos: [60, 180],
  overspeed: [30, 90],
  tamper: [120, 600],
  powerCut: [300, 1800],
  gpsLoss: [60, 300],
  networkLoss: [120, 1200],
};

const START_ALARM: Partial<Record<AnomalyKind, SimAlarm>> = {
  sos: 'sos',
  tamper: 'tamper',
  powerCut: 'powerCut',
};
const END_ALARM: Partial<Record<AnomalyKind, SimAlarm>> = { sos: 'sosOff', powerCut: 'powerRestored' };

export interface AnomalyChange {
  kind: AnomalyKind;
  isStart: boolean;
  alarm: SimAlarm | null;
}

export function scheduleNext(
  vehicle: VehicleState,
  kind: AnomalyKind,
  fromMs: number,
  config: ResolvedFleetConfig,
) {
  const waitMs = exponentialMs(vehicle.rng, config.rates[kind]);
  vehicle.anomalies[kind].nextAtMs = Number.isFinite(waitMs)
    ? fromMs + Math.ceil(waitMs / 1000) * 1000
    : waitMs;
}

/** Ends and starts the episodes that are due at `nowMs`. */
export function updateAnomalies(
  vehicle: VehicleState,
  nowMs: number,
  config: ResolvedFleetConfig,
): AnomalyChange[] {
  const changes: AnomalyChange[] = [];
  for (const kind of ANOMALY_KINDS) {
    const clock = vehicle.anomalies[kind];
    if (clock.untilMs !== null) {
      if (nowMs < clock.untilMs) continue;
      clock.untilMs = null;
      scheduleNext(vehicle, kind, nowMs, config);
      changes.push({ kind, isStart: false, alarm: END_ALARM[kind] ?? null });
    } else if (nowMs >= clock.nextAtMs) {
      if (!isEligible(vehicle, kind)) {
        scheduleNext(vehicle, kind, nowMs, config);
        continue;
      }
      const [min, max] = DURATION_S[kind];
      clock.untilMs = nowMs + intBetween(vehicle.rng, min, max) * 1000;
      clock.nextAtMs = Number.POSITIVE_INFINITY;
      if (kind === 'overspeed')
        vehicle.overspeedKph = config.overspeedLimitKph + intBetween(vehicle.rng, 3, 12);
      changes.push({ kind, isStart: true, alarm: START_ALARM[kind] ?? null });
    }
  }
  return changes;
}

/** A panic press needs a crew on board; overspeed needs a moving vehicle. The rest can happen any time. */
function isEligible(vehicle: VehicleState, kind: AnomalyKind): boolean {
  if (kind === 'sos') return vehicle.ignition;
  if (kind === 'overspeed') return vehicle.phase === 'driving' && vehicle.leg?.holdUntilMs === null;
  return true;
}

/** Earliest time at which an anomaly starts or ends. */
export function nextAnomalyMs(vehicle: VehicleState): number {
  let next = Number.POSITIVE_INFINITY;
  for (const kind of ANOMALY_KINDS) {
    const clock = vehicle.anomalies[kind];
    next = Math.min(next, clock.untilMs ?? clock.nextAtMs);
  }
  return next;
}
