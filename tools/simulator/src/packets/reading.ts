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
  /**
   * Driver-id read (RFID card / iButton) carried with this reading, upper-case hex. Each protocol pads it on the left
   * with zeros to its field: GT06 0x94/0x1B holds 4 bytes (≤ 8 digits), Teltonika AVL 78 (iButton) 8 bytes (≤ 16),
   * AIS-140 sends the text as the vendor extra `RFID:<hex>`. The gateway drops leading zero bytes again
   * (`normaliseDriverTag` of @civicfleet/protocols), so an 8-digit tag reads back the same on every protocol.
   */
  driverTag?: string;
}

/** Upper-case hex with an even number of digits (1–16), the form of `DeviceReading.driverTag`. */
export const DRIVER_TAG_PATTERN = /^(?:[0-9A-F]{2}){1,8}$/;

/** The tag's bytes left-padded with zeros to `width` bytes; throws when it is not hex or does not fit. */
export function driverTagBytes(tag: string, width: number): Uint8Array {
  if (!DRIVER_TAG_PATTERN.test(tag) || tag.length > width * 2)
    throw new RangeError(`driver tag ${tag} is not upper-case hex of at most ${width} bytes`);
  const digits = tag.padStart(width * 2, '0');
  const out = new Uint8Array(width);
  for (let i = 0; i < width; i++) out[i] = Number.parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  return out;
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
