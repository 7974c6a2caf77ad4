/**
 * The one normalised message every decoder produces (telematics issue, "Normalised message"). Units are in the names;
 * times are ISO-8601 UTC strings; coordinates are signed degrees (south and west negative).
 */
export const PROTOCOLS = ['ais140', 'gt06', 'teltonika'] as const;
export type Protocol = (typeof PROTOCOLS)[number];

export const MESSAGE_KINDS = [
  'login',
  'position',
  'heartbeat',
  'health',
  'alarm',
  'command-response',
  'unknown',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** One alarm catalogue for all protocols. */
export const ALARMS = [
  'sos',
  'sosOff',
  'overspeed',
  'tamper',
  'boxOpened',
  'wireCut',
  'powerCut',
  'powerRestored',
  'lowBattery',
  'lowBatteryRemoved',
  'ignitionOn',
  'ignitionOff',
  'harshBraking',
  'harshAcceleration',
  'harshCornering',
  'otaChange',
  'gpsLost',
  'gpsRestored',
  'geofenceEnter',
  'geofenceExit',
  'vibration',
  'movement',
  'towing',
  'accident',
  'jamming',
] as const;
export type Alarm = (typeof ALARMS)[number];

/** One entry of an io list: a cell tower (`mcc`, `mnc`, `lac`, `cellId`, `rssi`) or a Wi-Fi access point (`mac`, `rssi`). */
export type IoListEntry = Readonly<Record<string, string | number | null>>;
export type IoValue = string | number | boolean | null | readonly IoListEntry[];

/** A serving or neighbour cell: MCC, MNC, LAC (TAC on LTE), cell id (ECI on LTE), signal in dBm when sent. */
export type CellTower = {
  mcc: number;
  mnc: number;
  lac: number;
  cellId: number;
  rssi: number | null;
};

/** A Wi-Fi access point seen by the device: MAC as lower-case `aa:bb:cc:dd:ee:ff`, signal in dBm when sent. */
export type WifiAccessPoint = {
  mac: string;
  rssi: number | null;
};

export interface NormalisedMessage {
  protocol: Protocol;
  kind: MessageKind;
  /** 15-digit IMEI as text; null when the frame does not carry it and the session has not identified the device. */
  imei: string | null;
  /** GNSS fix time; null for messages without a fix (login, heartbeat, health). */
  fixTime: string | null;
  lat: number | null;
  lon: number | null;
  speedKph: number | null;
  headingDeg: number | null;
  altitudeM: number | null;
  satellites: number | null;
  hdop: number | null;
  gpsValid: boolean | null;
  /** AIS-140 `H` (stored, replayed) packets and Teltonika/GT06 records flagged as buffered. */
  history: boolean;
  ignition: boolean | null;
  mainPower: boolean | null;
  mainVoltageV: number | null;
  batteryVoltageV: number | null;
  /** 0–31 (AIS-140/CSQ scale) as sent; GT06 0–4 and Teltonika 0–5 scales are kept in io and mapped to 0–31. */
  gsmSignal: number | null;
  alarms: Alarm[];
  odometerM: number | null;
  /**
   * Everything else the frame carried, under protocol-specific keys (documented in each protocol README). Lists of
   * records (`cells`, `wifi`) are the only non-scalar values.
   */
  io: Record<string, IoValue>;
  /** false when the frame's checksum did not match (the message is still decoded unless the device is strict). */
  checksumOk: boolean | null;
  /** Command reply text for kind 'command-response'. */
  text?: string;
}

/** A message with every optional field empty: decoders spread this and fill what they know. */
export function emptyMessage(protocol: Protocol, kind: MessageKind, imei: string | null): NormalisedMessage {
  return {
    protocol,
    kind,
    imei,
    fixTime: null,
    lat: null,
    lon: null,
    speedKph: null,
    headingDeg: null,
    altitudeM: null,
    satellites: null,
    hdop: null,
    gpsValid: null,
    history: false,
    ignition: null,
    mainPower: null,
    mainVoltageV: null,
    batteryVoltageV: null,
    gsmSignal: null,
    alarms: [],
    odometerM: null,
    io: {},
    checksumOk: null,
  };
}
