/**
 * @civicfleet/simulator: virtual AIS-140, GT06 and Teltonika trackers on an Indore-like municipal waste fleet.
 * See README.md for the model and the CLI.
 */
export { demoFleet, demoImei, type DemoVehicle, type DemoFleetOptions } from './fleet/demo-fleet.ts';
export { createFleet, resolveFleetConfig, tick } from './fleet/fleet.ts';
export {
  crewTags,
  RELIEF_VEHICLE_INDICES,
  vehicleCrew,
  type CrewMember,
  type CrewRole,
  type VehicleCrew,
} from './fleet/crew.ts';
export {
  BEAT_SKIP_PROBABILITY,
  DISPOSAL_TRIPS_PER_SHIFT,
  istShiftOf,
  vehicleBeat,
  type BeatPoint,
  type VehicleBeat,
} from './fleet/beat.ts';
export type {
  AnomalyRates,
  DeviceProtocol,
  FleetConfig,
  FleetEvent,
  FleetState,
  VehicleEvents,
  VehicleKind,
  VehicleSpec,
} from './fleet/types.ts';
export {
  DEFAULT_PORTS,
  startSimulator,
  type SimulatorHandle,
  type SimulatorOptions,
} from './runtime/start-simulator.ts';
export { formatSummary, type SimulatorStats } from './runtime/stats.ts';
export type { DeviceReading, SimAlarm } from './packets/reading.ts';
