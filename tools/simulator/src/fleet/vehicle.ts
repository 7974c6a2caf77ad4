/**
 * One vehicle's day as a state machine: parked → warmup (ignition on) → driving ⇄ stopped … → back at the depot →
 * shutdown (ignition off) → parked until the next shift. Time advances in 1 s steps while driving and in jumps to
 * the next due moment otherwise, so the result does not depend on how often `tick` is called.
 */
import type { SimAlarm } from '../packets/reading.ts';
import { nextAnomalyMs, scheduleNext, updateAnomalies } from './anomalies.ts';
import { istShiftOf, vehicleBeat } from './beat.ts';
import { vehicleCrew } from './crew.ts';
import { depotStop, planTrip, startLeg } from './duty.ts';
import { ZONE_IDS, ZONES } from './indore-map.ts';
import { driveStep } from './motion.ts';
import { chance, createRng, deriveSeed, intBetween } from './prng.ts';
import { ENGINE_OFF_MIN_DWELL_S, ENGINE_OFF_PROBABILITY, KIND_PROFILES } from './profiles.ts';
import { takeReading } from './readings.ts';
import { istMinuteOfDay, nextShiftStartMs, shiftAt } from './schedule.ts';
import {
  ANOMALY_KINDS,
  type AnomalyClock,
  type AnomalyKind,
  type FleetEvent,
  type ResolvedFleetConfig,
  type Stop,
  type VehicleSpec,
  type VehicleState,
} from './types.ts';
import { roadGraph } from './world.ts';

const DRIVE_STEP_MS = 1000;
/** A vehicle found mid-shift at start is simulated from at most this long before, so it is somewhere on its round. */
const MAX_WARMUP_MS = 2 * 3_600_000;
/** On-duty demos: every third vehicle starts its first round at the last beat point, so it unloads within minutes. */
const SHORT_FIRST_ROUND_EVERY = 3;
/** On-duty demos: the relief driver takes over this long after the fleet starts (+1 min per vehicle index). */
const ON_DUTY_DRIVER_CHANGE_MS = 8 * 60_000;

export function createVehicle(index: number, spec: VehicleSpec, config: ResolvedFleetConfig): VehicleState {
  // Who the vehicle is (zone, beat, crew, shift, randomness) follows its place in the demo fleet, not in this list.
  const identity = spec.fleetIndex ?? index;
  const rng = createRng(deriveSeed(config.seed, identity));
  const profile = KIND_PROFILES[spec.kind];
  const zoneId = spec.zone ?? ZONE_IDS[identity % ZONE_IDS.length] ?? 'central';
  const zone = ZONES.find((candidate) => candidate.id === zoneId) ?? ZONES[0];
  if (zone === undefined) throw new Error('no zones defined');
  const shiftDurationMin = spec.shiftDurationMin ?? profile.shiftDurationMin;
  const onDutyOffsetMs = intBetween(rng, 5, 60) * 60_000;
  const shiftStartMinuteIst =
    spec.shiftStartMinuteIst ??
    (config.schedule === 'on-duty'
      ? istMinuteOfDay(config.startMs - onDutyOffsetMs)
      : istShiftOf(identity, spec.kind).startMinuteIst);

  const shift = shiftAt(config.startMs, shiftStartMinuteIst, shiftDurationMin);
  const warmupMs = shift === null ? 0 : Math.min(MAX_WARMUP_MS, config.startMs - shift.startMs);
  const clockMs = config.startMs - Math.floor(warmupMs / 1000) * 1000;
  const depot = roadGraph().places.get(zone.depot);
  if (depot === undefined) throw new Error(`unknown depot ${zone.depot}`);

  const beat = vehicleBeat(identity, spec.kind, zone.id).points.map((point) => point.placeId);
  const crew = vehicleCrew(identity, spec.imei, spec.kind);
  const isShortFirstRound = config.schedule === 'on-duty' && identity % SHORT_FIRST_ROUND_EVERY === 0;

  const noClock = (): AnomalyClock => ({ nextAtMs: Number.POSITIVE_INFINITY, untilMs: null });
  const anomalies = Object.fromEntries(ANOMALY_KINDS.map((kind) => [kind, noClock()])) as Record<
    AnomalyKind,
    AnomalyClock
  >;
  const vehicle: VehicleState = {
    index,
    spec,
    zone: zone.id,
    depot: zone.depot,
    transferStation: zone.transferStation,
    shiftStartMinuteIst,
    shiftDurationMin,
    rng,
    clockMs,
    phase: 'parked',
    phaseUntilMs: shift === null ? nextShiftStartMs(clockMs, shiftStartMinuteIst) : clockMs,
    shiftEndMs: shift?.endMs ?? clockMs,
    tripsDone: 0,
    tripStops: [],
    beat,
    firstRoundFrom: isShortFirstRound ? Math.max(0, beat.length - 1) : 0,
    crewTags: { driver: crew.driver.tag, helper: crew.helper?.tag ?? null, relief: crew.relief?.tag ?? null },
    driverChangeAtMs: null,
    pendingTags: [],
    isReturning: false,
    vertex: zone.depot,
    leg: null,
    position: { lat: depot.lat, lon: depot.lon },
    headingDeg: 0,
    speedMps: 0,
    cruiseKph: 0,
    cruiseUntilMs: clockMs,
    odometerM: intBetween(rng, 8_000, 90_000) * 1000,
    ignition: false,
    ignitionOffAtMs: null,
    ignitionOnAtMs: null,
    overspeedKph: 0,
    isOverspeedAlarmed: false,
    lastValidFix: { lat: depot.lat, lon: depot.lon },
    satellites: intBetween(rng, 8, 13),
    gsmSignal: intBetween(rng, 14, 28),
    batteryV: 4.1,
    anomalies,
    // Stagger reports so a thousand devices do not all send in the same second.
    nextReportMs: config.startMs + intBetween(rng, 0, Math.max(0, config.intervalS - 1)) * 1000,
    nextHeartbeatMs: config.startMs + intBetween(rng, 1, config.heartbeatIntervalS) * 1000,
    isReporting: false,
  };
  for (const kind of ANOMALY_KINDS) scheduleNext(vehicle, kind, config.startMs, config);
  return vehicle;
}

/** Advances the vehicle up to `nowMs`, appending what its tracker reports. */
export function advanceVehicle(
  vehicle: VehicleState,
  nowMs: number,
  config: ResolvedFleetConfig,
  out: FleetEvent[],
): void {
  for (;;) {
    const nextMs = nextStepMs(vehicle);
    if (nextMs > nowMs) return;
    step(vehicle, nextMs, config, out);
  }
}

function nextStepMs(vehicle: VehicleState): number {
  if (vehicle.phase === 'driving') return vehicle.clockMs + DRIVE_STEP_MS;
  const next = Math.min(
    vehicle.phaseUntilMs,
    vehicle.nextReportMs,
    vehicle.nextHeartbeatMs,
    vehicle.ignitionOffAtMs ?? Number.POSITIVE_INFINITY,
    vehicle.ignitionOnAtMs ?? Number.POSITIVE_INFINITY,
    nextAnomalyMs(vehicle),
  );
  return Math.max(next, vehicle.clockMs + DRIVE_STEP_MS);
}

function step(vehicle: VehicleState, nowMs: number, config: ResolvedFleetConfig, out: FleetEvent[]): void {
  const dtS = (nowMs - vehicle.clockMs) / 1000;
  vehicle.clockMs = nowMs;

  const isPowerCut = vehicle.anomalies.powerCut.untilMs !== null;
  vehicle.batteryV = isPowerCut
    ? Math.max(3.5, vehicle.batteryV - (0.3 / 3600) * dtS)
    : Math.min(4.15, vehicle.batteryV + (0.6 / 3600) * dtS);

  if (vehicle.phase === 'driving') {
    const outcome = driveStep(vehicle, dtS, nowMs);
    if (outcome === 'arrived' && vehicle.leg !== null) arrive(vehicle, vehicle.leg.destination, nowMs, out);
  }

  for (const change of updateAnomalies(vehicle, nowMs, config)) {
    if (change.kind === 'networkLoss')
      emit(vehicle, out, { type: 'network', atMs: nowMs, isOnline: !change.isStart });
    if (change.alarm !== null) raise(vehicle, out, nowMs, change.alarm);
  }

  if (vehicle.ignitionOffAtMs !== null && nowMs >= vehicle.ignitionOffAtMs) {
    vehicle.ignitionOffAtMs = null;
    setIgnition(vehicle, false, nowMs, config, out);
  }
  if (vehicle.ignitionOnAtMs !== null && nowMs >= vehicle.ignitionOnAtMs) {
    vehicle.ignitionOnAtMs = null;
    setIgnition(vehicle, true, nowMs, config, out);
  }
  if (vehicle.phase !== 'driving' && nowMs >= vehicle.phaseUntilMs) endPhase(vehicle, nowMs, config, out);
  if (
    vehicle.driverChangeAtMs !== null &&
    nowMs >= vehicle.driverChangeAtMs &&
    vehicle.crewTags.relief !== null
  ) {
    vehicle.driverChangeAtMs = null;
    vehicle.pendingTags.push(vehicle.crewTags.relief);
  }

  const speedKph = vehicle.speedMps * 3.6;
  // The tracker alarms a clear 1 km/h above the limit (on GNSS speed, so only with a fix) and re-arms 5 km/h below.
  const hasFix = vehicle.anomalies.gpsLoss.untilMs === null;
  if (!vehicle.isOverspeedAlarmed && hasFix && speedKph >= config.overspeedLimitKph + 1) {
    vehicle.isOverspeedAlarmed = true;
    raise(vehicle, out, nowMs, 'overspeed');
  } else if (vehicle.isOverspeedAlarmed && speedKph < config.overspeedLimitKph - 5) {
    vehicle.isOverspeedAlarmed = false;
  }

  if (nowMs >= vehicle.nextReportMs) {
    const reading = takeReading(vehicle, nowMs);
    // A swiped card goes out with the next report the server sees (kept while warming up before startMs).
    const tag = vehicle.isReporting ? vehicle.pendingTags.shift() : undefined;
    if (tag !== undefined) reading.driverTag = tag;
    emit(vehicle, out, { type: 'position', atMs: nowMs, reading });
    vehicle.nextReportMs = nowMs + reportIntervalMs(vehicle, config);
  }
  if (nowMs >= vehicle.nextHeartbeatMs) {
    emit(vehicle, out, { type: 'heartbeat', atMs: nowMs, reading: takeReading(vehicle, nowMs) });
    vehicle.nextHeartbeatMs = nowMs + config.heartbeatIntervalS * 1000;
  }
}

/** Appends an event unless the vehicle is still warming up (before the fleet's start time). */
function emit(vehicle: VehicleState, out: FleetEvent[], event: FleetEvent): void {
  if (vehicle.isReporting) out.push(event);
}

function raise(vehicle: VehicleState, out: FleetEvent[], nowMs: number, alarm: SimAlarm): void {
  if (vehicle.isReporting)
    out.push({ type: 'alarm', atMs: nowMs, alarm, reading: takeReading(vehicle, nowMs) });
}

function endPhase(
  vehicle: VehicleState,
  nowMs: number,
  config: ResolvedFleetConfig,
  out: FleetEvent[],
): void {
  switch (vehicle.phase) {
    case 'parked': {
      const shift = shiftAt(nowMs, vehicle.shiftStartMinuteIst, vehicle.shiftDurationMin);
      vehicle.shiftEndMs = shift?.endMs ?? nowMs + vehicle.shiftDurationMin * 60_000;
      vehicle.tripsDone = 0;
      vehicle.tripStops = [];
      vehicle.isReturning = false;
      // The crew swipes in at shift start; on relief vehicles the driver hands over mid-shift.
      const { driver, helper, relief } = vehicle.crewTags;
      vehicle.pendingTags = helper === null ? [driver] : [driver, helper];
      vehicle.driverChangeAtMs =
        relief === null
          ? null
          : config.schedule === 'on-duty'
            ? Math.max(nowMs, config.startMs) + ON_DUTY_DRIVER_CHANGE_MS + vehicle.index * 60_000
            : nowMs + (vehicle.shiftDurationMin * 60_000) / 2;
      setIgnition(vehicle, true, nowMs, config, out);
      vehicle.phase = 'warmup';
      vehicle.phaseUntilMs = nowMs + intBetween(vehicle.rng, 60, 240) * 1000;
      return;
    }
    case 'warmup':
      departToNext(vehicle, nowMs);
      return;
    case 'stopped':
      if (vehicle.ignitionOnAtMs !== null || !vehicle.ignition)
        setIgnition(vehicle, true, nowMs, config, out);
      vehicle.ignitionOnAtMs = null;
      vehicle.ignitionOffAtMs = null;
      emit(vehicle, out, {
        type: 'departed',
        atMs: nowMs,
        placeId: vehicle.vertex,
        placeKind: placeKindOf(vehicle.vertex),
      });
      departToNext(vehicle, nowMs);
      return;
    case 'shutdown':
      setIgnition(vehicle, false, nowMs, config, out);
      vehicle.phase = 'parked';
      vehicle.phaseUntilMs = nextShiftStartMs(nowMs + 60_000, vehicle.shiftStartMinuteIst);
      return;
    case 'driving':
      return;
  }
}

function departToNext(vehicle: VehicleState, nowMs: number): void {
  let stop = vehicle.tripStops.shift();
  if (stop === undefined) {
    const profile = KIND_PROFILES[vehicle.spec.kind];
    const hasTimeForTrip = nowMs + profile.tripEstimateS * 1000 <= vehicle.shiftEndMs;
    if (vehicle.tripsDone === 0 || (hasTimeForTrip && vehicle.tripsDone < profile.maxTrips)) {
      vehicle.tripStops = planTrip(vehicle);
      vehicle.tripsDone++;
      stop = vehicle.tripStops.shift();
    }
  }
  if (stop === undefined) {
    vehicle.isReturning = true;
    stop = depotStop(vehicle);
  }
  startLeg(vehicle, stop, nowMs);
}

function arrive(vehicle: VehicleState, stop: Stop, nowMs: number, out: FleetEvent[]): void {
  vehicle.vertex = stop.placeId;
  vehicle.leg = null;
  vehicle.speedMps = 0;
  emit(vehicle, out, { type: 'arrived', atMs: nowMs, placeId: stop.placeId, placeKind: stop.placeKind });
  if (vehicle.isReturning) {
    vehicle.phase = 'shutdown';
    vehicle.phaseUntilMs = nowMs + intBetween(vehicle.rng, 30, 120) * 1000;
    return;
  }
  vehicle.phase = 'stopped';
  vehicle.phaseUntilMs = nowMs + stop.dwellS * 1000;
  // Long waits (unloading queue at the trenching ground) often switch the engine off.
  if (stop.dwellS >= ENGINE_OFF_MIN_DWELL_S && chance(vehicle.rng, ENGINE_OFF_PROBABILITY)) {
    vehicle.ignitionOffAtMs = nowMs + 20_000;
    vehicle.ignitionOnAtMs = vehicle.phaseUntilMs - 30_000;
  }
}

function setIgnition(
  vehicle: VehicleState,
  isOn: boolean,
  nowMs: number,
  config: ResolvedFleetConfig,
  out: FleetEvent[],
): void {
  if (vehicle.ignition === isOn) return;
  vehicle.ignition = isOn;
  raise(vehicle, out, nowMs, isOn ? 'ignitionOn' : 'ignitionOff');
  vehicle.nextReportMs = nowMs + reportIntervalMs(vehicle, config);
}

function reportIntervalMs(vehicle: VehicleState, config: ResolvedFleetConfig): number {
  return (vehicle.ignition ? config.intervalS : config.idleIntervalS) * 1000;
}

function placeKindOf(placeId: string): Stop['placeKind'] {
  return roadGraph().places.get(placeId)?.kind ?? 'collection';
}
