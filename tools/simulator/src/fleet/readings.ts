/**
 * What the tracker reads from the vehicle state: GNSS (with a little noise while moving, frozen without a fix),
 * supply voltages, backup battery, GSM signal and the serving cell.
 */
import type { CellInfo, DeviceReading } from '../packets/reading.ts';
import { offsetM, type LatLon } from './geo.ts';
import { between, intBetween } from './prng.ts';
import { KIND_PROFILES } from './profiles.ts';
import type { VehicleState } from './types.ts';

/** Madhya Pradesh circle operators (MCC/MNC). */
export const OPERATORS: ReadonlyArray<Omit<CellInfo, 'lac' | 'cellId'>> = [
  { operator: 'AIRTEL', mcc: 404, mnc: 93 },
  { operator: 'IDEA', mcc: 404, mnc: 78 },
  { operator: 'BSNL MP', mcc: 404, mnc: 58 },
  { operator: 'JIO 4G', mcc: 405, mnc: 863 },
];

/** Metres of GNSS scatter while moving (a parked receiver reports a steady position). */
const GNSS_NOISE_M = 2;

export function takeReading(vehicle: VehicleState, nowMs: number): DeviceReading {
  const { rng } = vehicle;
  const isFixValid = vehicle.anomalies.gpsLoss.untilMs === null;
  const isMoving = vehicle.speedMps > 0.5;
  const isPowerCut = vehicle.anomalies.powerCut.untilMs !== null;
  const profile = KIND_PROFILES[vehicle.spec.kind];

  vehicle.satellites = Math.min(16, Math.max(5, vehicle.satellites + intBetween(rng, -1, 1)));
  vehicle.gsmSignal = Math.min(31, Math.max(8, vehicle.gsmSignal + intBetween(rng, -2, 2)));

  let fix: LatLon = vehicle.lastValidFix;
  if (isFixValid) {
    fix = isMoving
      ? offsetM(
          vehicle.position,
          between(rng, -GNSS_NOISE_M, GNSS_NOISE_M),
          between(rng, -GNSS_NOISE_M, GNSS_NOISE_M),
        )
      : vehicle.position;
    vehicle.lastValidFix = fix;
  }
  const hdop = isFixValid ? Math.round(between(rng, 0.6, 1.3) * 100) / 100 : 99;
  const nominalV = vehicle.ignition ? profile.runningV : profile.restingV;

  return {
    fixTimeMs: nowMs,
    lat: round(fix.lat, 7),
    lon: round(fix.lon, 7),
    altitudeM: round(altitudeAt(vehicle.position), 1),
    speedKph: isFixValid ? round(vehicle.speedMps * 3.6, 1) : 0,
    headingDeg: round(vehicle.headingDeg, 1),
    satellites: isFixValid ? vehicle.satellites : intBetween(rng, 0, 2),
    hdop,
    pdop: isFixValid ? round(hdop * 1.6, 2) : 99,
    gpsValid: isFixValid,
    ignition: vehicle.ignition,
    mainPower: !isPowerCut,
    mainVoltageV: isPowerCut ? 0 : round(nominalV + between(rng, -0.2, 0.2), 1),
    batteryVoltageV: round(vehicle.batteryV, 2),
    gsmSignal: vehicle.gsmSignal,
    odometerM: Math.round(vehicle.odometerM),
    isMoving,
    isEmergency: vehicle.anomalies.sos.untilMs !== null,
    isTamperOpen: vehicle.anomalies.tamper.untilMs !== null,
    cell: cellAt(vehicle.position, vehicle.index),
  };
}

/** Serving cell from a ~1 km grid (LAC from a ~5 km grid), stable per position and operator. */
export function cellAt(point: LatLon, vehicleIndex: number): CellInfo {
  const operator = OPERATORS[vehicleIndex % OPERATORS.length] ?? { operator: 'AIRTEL', mcc: 404, mnc: 93 };
  const gx = Math.floor((point.lon - 75.7) / 0.01);
  const gy = Math.floor((point.lat - 22.6) / 0.01);
  const lac =
    0x2100 + Math.floor(gy / 5) * 16 + Math.floor(gx / 5) + (vehicleIndex % OPERATORS.length) * 0x100;
  const cellId = 0x4000 + ((gy * 131 + gx * 17 + (vehicleIndex % OPERATORS.length) * 7919) & 0x3fff);
  return { ...operator, lac: lac & 0xffff, cellId };
}

/** Indore sits on the Malwa plateau at ~550 m; a gentle made-up relief. */
function altitudeAt(point: LatLon): number {
  return 553 + 12 * Math.sin(point.lat * 400) + 8 * Math.cos(point.lon * 300);
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
