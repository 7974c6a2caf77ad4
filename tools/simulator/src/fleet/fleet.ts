/**
 * The fleet model's entry points: `createFleet` and `tick`. Pure in the sense that matters for tests: no I/O, no
 * wall clock, no Math.random — the same specs, config and tick times always give the same events. `tick` mutates
 * the state it is given (cheap for thousands of vehicles); clone it first (structuredClone) to branch.
 */
import { createVehicle, advanceVehicle } from './vehicle.ts';
import {
  DEFAULT_ANOMALY_RATES,
  type FleetConfig,
  type FleetEvent,
  type FleetState,
  type ResolvedFleetConfig,
  type VehicleEvents,
  type VehicleSpec,
} from './types.ts';

export function resolveFleetConfig(config: FleetConfig): ResolvedFleetConfig {
  if (!(config.intervalS > 0)) throw new RangeError('intervalS must be positive');
  return {
    seed: config.seed,
    startMs: Math.floor(config.startMs / 1000) * 1000,
    intervalS: config.intervalS,
    idleIntervalS: config.idleIntervalS ?? Math.max(config.intervalS, 300),
    heartbeatIntervalS: config.heartbeatIntervalS ?? 180,
    schedule: config.schedule ?? 'ist',
    overspeedLimitKph: config.overspeedLimitKph ?? 50,
    rates: { ...DEFAULT_ANOMALY_RATES, ...config.rates },
  };
}

/** Builds the fleet and silently simulates whatever part of the current shift lies before `startMs`. */
export function createFleet(specs: readonly VehicleSpec[], config: FleetConfig): FleetState {
  const resolved = resolveFleetConfig(config);
  const vehicles = specs.map((spec, index) => {
    const vehicle = createVehicle(index, spec, resolved);
    advanceVehicle(vehicle, resolved.startMs, resolved, []);
    vehicle.isReporting = true;
    // Cards swiped during the warm-up go out with a report in the first interval, not after a parked 5-min wait.
    if (vehicle.pendingTags.length > 0)
      vehicle.nextReportMs = Math.min(
        vehicle.nextReportMs,
        resolved.startMs + (1 + (index % resolved.intervalS)) * 1000,
      );
    return vehicle;
  });
  return { config: resolved, vehicles };
}

/** Advances every vehicle to `nowMs`; returns the events of the vehicles that had any, in time order per vehicle. */
export function tick(fleet: FleetState, nowMs: number): VehicleEvents[] {
  const result: VehicleEvents[] = [];
  for (const vehicle of fleet.vehicles) {
    const events: FleetEvent[] = [];
    advanceVehicle(vehicle, nowMs, fleet.config, events);
    if (events.length > 0) result.push({ index: vehicle.index, imei: vehicle.spec.imei, events });
  }
  return result;
}
