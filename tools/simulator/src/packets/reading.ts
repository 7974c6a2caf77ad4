/**
 * What a tracker's sensors read at one instant: the input of every packet builder. Units are in the names; times are
 * ms since the epoch (UTC); coordinates are signed degrees (south and west negative).
 */
export interface CellInfo {
  /** Operator name as the modem reports it (AIS-140 sends it as text). */
  operator: string;
  mcc: number;
  mnc: number;
  lac: number;
  cellId: number;
}

export interface DeviceReading {
  /** GNSS time of the fix (or of the reading when there is no fix). */
  fixTimeMs: number;
  lat: number;
  lon: number;
  altitudeM: number;
  speedKph: number;
  headingDeg: number;
  satellites: number;
  hdop: number;
  pdop: number;
  /** false while the receiver has no fix: lat/lon are then the last valid position, speed 0. */
  gpsValid: boolean;
  ignition: boolean;
  /** Vehicle battery connected to the tracker's main input. */
  mainPower: boolean;
  mainVoltageV: number;
  /** Tracker's internal backup battery. */
  batteryVoltageV: number;
  /** 0–31 (CSQ scale); each protocol converts to its own scale. */
  gsmSignal: number;
  odometerM: number;
  isMoving: boolean;
  /** Panic button state (AIS-140 "emergency status"). */
  isEmergency: boolean;
  /** Tracker box opened (AIS-140 tamper field `O`). */
  isTamperOpen: boolean;
  cell: CellInfo;
}

/** Device alarms the simulator can raise; names follow the normalised alarm catalogue of @civicfleet/protocols. */
export const SIM_ALARMS = [
  'ignitionOn',
  'ignitionOff',
  'sos',
  'sosOff',
  'overspeed',
  'tamper',
  'powerCut',
  'powerRestored',
] as const;
export type SimAlarm = (typeof SIM_ALARMS)[number];

/** A plausible reading for tests and for a device that has not moved yet. */
export function sampleReading(overrides: Partial<DeviceReading> = {}): DeviceReading {
  return {
    fixTimeMs: Date.UTC(2025, 0, 15, 4, 30, 5),
    lat: 22.718601,
    lon: 75.855302,
    altitudeM: 553.4,
    speedKph: 23.4,
    headingDeg: 87.5,
    satellites: 11,
    hdop: 0.9,
    pdop: 1.6,
    gpsValid: true,
    ignition: true,
    mainPower: true,
    mainVoltageV: 27.6,
    batteryVoltageV: 4.1,
    gsmSignal: 24,
    odometerM: 123_456,
    isMoving: true,
    isEmergency: false,
    isTamperOpen: false,
    cell: { operator: 'AIRTEL', mcc: 404, mnc: 93, lac: 0x1a2b, cellId: 0x3c4d },
    ...overrides,
  };
}
