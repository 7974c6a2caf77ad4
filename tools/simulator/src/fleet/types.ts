/**
 * Fleet model types. The whole fleet state is plain data (no class instances, no functions), so it can be cloned,
 * serialised and compared; `tick` advances it in place and returns what the trackers would report.
 */
import type { DeviceReading, SimAlarm } from '../packets/reading.ts';
import type { LatLon } from './geo.ts';
import type { PlaceKind, ZoneId } from './indore-map.ts';
import type { Rng } from './prng.ts';

export const VEHICLE_KINDS = ['tipper', 'compactor', 'd2d'] as const;
export type VehicleKind = (typeof VEHICLE_KINDS)[number];

export const DEVICE_PROTOCOLS = ['ais140', 'gt06', 'teltonika'] as const;
export type DeviceProtocol = (typeof DEVICE_PROTOCOLS)[number];

export interface VehicleSpec {
  imei: string;
  protocol: DeviceProtocol;
  registrationNumber: string;
  kind: VehicleKind;
  label: string;
  /**
   * The vehicle's place in its demo fleet (demoFleet sets it): its zone, beat, crew cards, shift and random stream
   * follow it, so a subset of the fleet (a deleted demo vehicle, a test's slice) drives exactly as in the whole
   * fleet and matches what the demo seed registered. Default: the position in the list simulated.
   */
  fleetIndex?: number;
  zone?: ZoneId;
  /** Shift start as minutes after IST midnight; default per kind. */
  shiftStartMinuteIst?: number;
  shiftDurationMin?: number;
}

/** Expected occurrences per vehicle-hour. */
export interface AnomalyRates {
  sos: number;
  overspeed: number;
  tamper: number;
  powerCut: number;
  gpsLoss: number;
  networkLoss: number;
}

export const DEFAULT_ANOMALY_RATES: AnomalyRates = {
  sos: 0.02,
  overspeed: 0.15,
  tamper: 0.01,
  powerCut: 0.02,
  gpsLoss: 0.15,
  networkLoss: 0.08,
};

export interface FleetConfig {
  seed: number;
  /** Simulated time at which the fleet starts reporting (ms since epoch). */
  startMs: number;
  /** Report interval while the ignition is on, simulated seconds. */
  intervalS: number;
  /** Report interval while the ignition is off (AIS-140 sleep rate); default max(intervalS, 300). */
  idleIntervalS?: number;
  /** Heartbeat / health packet interval; default 180 s. */
  heartbeatIntervalS?: number;
  /**
   * `ist`: shifts follow the IST clock (tippers 06:00–14:00 …). `on-duty`: every vehicle's shift began shortly
   * before startMs, so a demo shows a moving fleet at any hour.
   */
  schedule?: 'ist' | 'on-duty';
  rates?: Partial<AnomalyRates>;
  /** Device overspeed threshold (AIS-140 `SL`), km/h; default 50. */
  overspeedLimitKph?: number;
}

export type ResolvedFleetConfig = Required<Omit<FleetConfig, 'rates'>> & { rates: AnomalyRates };

export type FleetEvent =
  | { type: 'position'; atMs: number; reading: DeviceReading }
  | { type: 'alarm'; atMs: number; alarm: SimAlarm; reading: DeviceReading }
  | { type: 'heartbeat'; atMs: number; reading: DeviceReading }
  /** The vehicle lost or regained mobile data; the device buffers while offline. */
  | { type: 'network'; atMs: number; isOnline: boolean }
  /** Trace of the duty cycle (not sent by any device); handy for tests and logs. */
  | { type: 'arrived' | 'departed'; atMs: number; placeId: string; placeKind: PlaceKind };

export interface VehicleEvents {
  index: number;
  imei: string;
  events: FleetEvent[];
}

export const ANOMALY_KINDS = ['sos', 'overspeed', 'tamper', 'powerCut', 'gpsLoss', 'networkLoss'] as const;
export type AnomalyKind = (typeof ANOMALY_KINDS)[number];

export interface AnomalyClock {
  /** When the next episode starts (Infinity: never). */
  nextAtMs: number;
  /** End of the running episode, null when none runs. */
  untilMs: number | null;
}

export interface Stop {
  placeId: string;
  placeKind: PlaceKind;
  dwellS: number;
}

export type Phase = 'parked' | 'warmup' | 'driving' | 'stopped' | 'shutdown';

export interface Leg {
  fromVertex: string;
  toVertex: string;
  progressM: number;
  /** Traffic-signal holds along the route (metres from the start, seconds). */
  holds: Array<{ atM: number; durationS: number }>;
  holdIndex: number;
  holdUntilMs: number | null;
  destination: Stop;
}

export interface VehicleState {
  index: number;
  spec: VehicleSpec;
  zone: ZoneId;
  depot: string;
  transferStation: string;
  shiftStartMinuteIst: number;
  shiftDurationMin: number;
  rng: Rng;
  clockMs: number;
  phase: Phase;
  /** End of parked / warmup / stopped / shutdown. */
  phaseUntilMs: number;
  shiftEndMs: number;
  tripsDone: number;
  tripStops: Stop[];
  /** The vehicle's beat (fleet/beat.ts): collection point ids in visiting order, the same every round. */
  beat: string[];
  /** Where the first round of the shift starts in the beat (on-duty demos start some rounds near the end). */
  firstRoundFrom: number;
  /** RFID cards of the crew (fleet/crew.ts): swiped at shift start; `relief` takes over at `driverChangeAtMs`. */
  crewTags: { driver: string; helper: string | null; relief: string | null };
  driverChangeAtMs: number | null;
  /** Cards swiped and not yet reported: each goes out with the next position report (DeviceReading.driverTag). */
  pendingTags: string[];
  isReturning: boolean;
  vertex: string;
  leg: Leg | null;
  position: LatLon;
  headingDeg: number;
  speedMps: number;
  cruiseKph: number;
  cruiseUntilMs: number;
  odometerM: number;
  ignition: boolean;
  /** Engine switched off for part of a long stop. */
  ignitionOffAtMs: number | null;
  ignitionOnAtMs: number | null;
  overspeedKph: number;
  isOverspeedAlarmed: boolean;
  lastValidFix: LatLon;
  satellites: number;
  gsmSignal: number;
  batteryV: number;
  anomalies: Record<AnomalyKind, AnomalyClock>;
  nextReportMs: number;
  nextHeartbeatMs: number;
  /** While false (warm-up before startMs) events are computed but dropped. */
  isReporting: boolean;
}

export interface FleetState {
  config: ResolvedFleetConfig;
  vehicles: VehicleState[];
}
