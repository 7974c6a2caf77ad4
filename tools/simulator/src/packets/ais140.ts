/**
 * AIS-140 packets as an iStartek VT140 sends them (research protocols.md §2.1, §2.2 family "iStartek VT140 /
 * QuecPython", §4, §5): the `$,` start, vendor id `istartracker`, and the checksums of the vendor's reference client
 * (QuecPython/AIS-140 `code/ais.py`):
 *
 * - `$,LGN,<vendor>,<vehicle>,<imei>,<fw>,AIS140,<lat>,N,<lon>,E*` — login, once per TCP connection, no checksum.
 * - `$,NRM,<vendor>,<fw>,<type>,<alert>,<L|H>,<imei>,…,<DI>,<DO>,<frame>,<odometer km>,<XOR>*` — normal, history and
 *   alert packets in the de-facto field order of §2.1. XOR: 8-bit XOR of the text after `$,` up to (not including)
 *   the comma before the checksum, two upper-case hex digits. A reading with a driver tag adds the vendor extra
 *   `RFID:<hex>` after the odometer (VT140-style RFID readers; @civicfleet/protocols reads it as `io.driverId`).
 * - `$,EPB,<vendor>,EMR|SEM,<imei>,NM|SP,<ddMMyyyyHHmmss>,A|V,<lat>,N,<lon>,E,<alt>,<speed>,<distance>,G,<vehicle>,
 *   <reply no.>*<CRC32>` — emergency (panic button) start/stop; CRC-32 (IEEE) of `$` up to (not incl.) `*`, eight
 *   upper-case hex digits, the rule verified on the 3.2AIH `$EPB` sample (§2.5) and the standard's Table 4C wording.
 * - `$,HBT,<vendor>,<fw>,HP,<imei>,<bat>%,<low bat>%,<memory>%,<rate on s>,<rate off s>,<DI>,<DO>,<AI1>,<AI2>*` —
 *   health, exactly the VT140 document's example layout.
 *
 * All times are UTC (Table 4A). Builders are pure: the caller owns frame numbers.
 */
import { crc32, xor8 } from './checksums.ts';
import { DRIVER_TAG_PATTERN, type DeviceReading, type SimAlarm } from './reading.ts';

export interface Ais140Identity {
  imei: string;
  /** Vehicle registration as mapped in the device (`SET VN:`), e.g. MP09GA1234. */
  vehicleRegNo: string;
  vendorId?: string;
  firmware?: string;
}

export const AIS140_VENDOR_ID = 'istartracker';
export const AIS140_FIRMWARE = 'V100';

/** Packet type and alert id per event (§3.1, §3.2; iStartek VT140 table). */
export const AIS140_ALERT_CODES = {
  location: { type: 'NR', alertId: 1 },
  ignitionOn: { type: 'IN', alertId: 7 },
  ignitionOff: { type: 'IF', alertId: 8 },
  powerCut: { type: 'BD', alertId: 3 },
  powerRestored: { type: 'BR', alertId: 6 },
  tamper: { type: 'TA', alertId: 9 },
  sos: { type: 'EA', alertId: 10 },
  sosOff: { type: 'NR', alertId: 11 },
  overspeed: { type: 'OS', alertId: 17 },
} as const satisfies Record<SimAlarm | 'location', { type: string; alertId: number }>;

export interface Ais140LocationOptions {
  /** What triggered the packet: a periodic location or an alert. */
  event: SimAlarm | 'location';
  /** `H`: stored while the network was down, replayed later. */
  isHistory: boolean;
  /** 1–999999, per device, wraps. */
  frameNumber: number;
}

export function buildAis140Login(
  identity: Ais140Identity,
  lastFix: Pick<DeviceReading, 'lat' | 'lon'>,
): string {
  const { vendorId = AIS140_VENDOR_ID, firmware = AIS140_FIRMWARE } = identity;
  const [lat, ns, lon, ew] = coordinates(lastFix);
  return `$,LGN,${vendorId},${identity.vehicleRegNo},${identity.imei},${firmware},AIS140,${lat},${ns},${lon},${ew}*`;
}

export function buildAis140Location(
  identity: Ais140Identity,
  reading: DeviceReading,
  options: Ais140LocationOptions,
): string {
  const { vendorId = AIS140_VENDOR_ID, firmware = AIS140_FIRMWARE } = identity;
  const code = AIS140_ALERT_CODES[options.event];
  const [lat, ns, lon, ew] = coordinates(reading);
  const { cell } = reading;
  const fields = [
    '$',
    'NRM',
    vendorId,
    firmware,
    code.type,
    pad(code.alertId, 2),
    options.isHistory ? 'H' : 'L',
    identity.imei,
    identity.vehicleRegNo,
    reading.gpsValid ? '1' : '0',
    ddmmyyyy(reading.fixTimeMs),
    hhmmss(reading.fixTimeMs),
    lat,
    ns,
    lon,
    ew,
    reading.speedKph.toFixed(1),
    reading.headingDeg.toFixed(2),
    pad(reading.satellites, 2),
    reading.altitudeM.toFixed(1),
    reading.pdop.toFixed(2),
    reading.hdop.toFixed(2),
    cell.operator,
    bit(reading.ignition),
    bit(reading.mainPower),
    reading.mainVoltageV.toFixed(1),
    reading.batteryVoltageV.toFixed(1),
    bit(reading.isEmergency),
    reading.isTamperOpen ? 'O' : 'C',
    String(Math.round(reading.gsmSignal)),
    String(cell.mcc),
    pad(cell.mnc, 2),
    hex(cell.lac),
    hex(cell.cellId),
    ...neighbourCells(reading),
    digitalInputs(reading),
    '00',
    pad(options.frameNumber % 1_000_000, 6),
    (reading.odometerM / 1000).toFixed(1),
  ];
  if (reading.driverTag !== undefined) {
    if (!DRIVER_TAG_PATTERN.test(reading.driverTag))
      throw new RangeError(`driver tag ${reading.driverTag} is not hex`);
    fields.push(`RFID:${reading.driverTag}`);
  }
  const body = fields.join(',');
  return `${body},${hex(xor8(body.slice(2)), 2)}*`;
}

export interface Ais140EmergencyOptions {
  /** `EMR` while the panic button is active, `SEM` when the emergency ends. */
  state: 'EMR' | 'SEM';
  isHistory: boolean;
  /** Distance from the previous fix (Table 4C field 13). */
  distanceM: number;
  /** Mobile number for test responses; empty when none is configured. */
  replyNumber?: string;
}

export function buildAis140Emergency(
  identity: Ais140Identity,
  reading: DeviceReading,
  options: Ais140EmergencyOptions,
): string {
  const { vendorId = AIS140_VENDOR_ID } = identity;
  const [lat, ns, lon, ew] = coordinates(reading);
  const body = [
    '$',
    'EPB',
    vendorId,
    options.state,
    identity.imei,
    options.isHistory ? 'SP' : 'NM',
    ddmmyyyy(reading.fixTimeMs) + hhmmss(reading.fixTimeMs),
    reading.gpsValid ? 'A' : 'V',
    lat,
    ns,
    lon,
    ew,
    reading.altitudeM.toFixed(1),
    reading.speedKph.toFixed(1),
    (options.distanceM / 1000).toFixed(3),
    'G',
    identity.vehicleRegNo,
    options.replyNumber ?? '',
  ].join(',');
  return `${body}*${hex(crc32(body), 8)}`;
}

export interface Ais140Health {
  batteryPercent: number;
  lowBatteryThresholdPercent: number;
  memoryUsedPercent: number;
  updateRateIgnitionOnS: number;
  updateRateIgnitionOffS: number;
  digitalInputs: string;
  digitalOutputs: string;
  analogInput1V: number;
  analogInput2V: number;
}

export function buildAis140Health(identity: Ais140Identity, health: Ais140Health): string {
  const { vendorId = AIS140_VENDOR_ID, firmware = AIS140_FIRMWARE } = identity;
  return [
    '$',
    'HBT',
    vendorId,
    firmware,
    'HP',
    identity.imei,
    `${Math.round(health.batteryPercent)}%`,
    `${Math.round(health.lowBatteryThresholdPercent)}%`,
    `${health.memoryUsedPercent.toFixed(2)}%`,
    String(health.updateRateIgnitionOnS),
    String(health.updateRateIgnitionOffS),
    health.digitalInputs,
    health.digitalOutputs,
    health.analogInput1V.toFixed(1),
    `${health.analogInput2V.toFixed(1)}*`,
  ].join(',');
}

/** Health figures derived from a reading, as the device would report them. */
export function healthFromReading(
  reading: DeviceReading,
  rates: { onS: number; offS: number },
): Ais140Health {
  // Li-ion backup cell: 3.4 V empty .. 4.2 V full.
  const batteryMv = Math.round(reading.batteryVoltageV * 1000);
  const batteryPercent = Math.min(100, Math.max(0, ((batteryMv - 3400) * 100) / 800));
  return {
    batteryPercent,
    lowBatteryThresholdPercent: 20,
    memoryUsedPercent: 0,
    updateRateIgnitionOnS: rates.onS,
    updateRateIgnitionOffS: rates.offS,
    digitalInputs: digitalInputs(reading),
    digitalOutputs: '00',
    analogInput1V: 0,
    analogInput2V: 0,
  };
}

/** The server replies a Wetrack-style family expects (§6.1); anything else is ignored by the device. */
export type Ais140Reply =
  { kind: 'login'; serverTime: string } | { kind: 'heartbeat' } | { kind: 'other'; text: string };

export function parseAis140Reply(text: string): Ais140Reply {
  const login = /^\$LGN(\d{14})\*$/.exec(text);
  if (login?.[1] !== undefined) return { kind: 'login', serverTime: login[1] };
  if (text === '$HBT*') return { kind: 'heartbeat' };
  return { kind: 'other', text };
}

function coordinates(reading: Pick<DeviceReading, 'lat' | 'lon'>): [string, string, string, string] {
  return [
    Math.abs(reading.lat).toFixed(6),
    reading.lat < 0 ? 'S' : 'N',
    Math.abs(reading.lon).toFixed(6),
    reading.lon < 0 ? 'W' : 'E',
  ];
}

/** Serving cell's neighbours, LAC,CID,RSSI each (the iStartek order, §2.3). */
function neighbourCells(reading: DeviceReading): string[] {
  const { cell } = reading;
  const fields: string[] = [];
  for (let n = 1; n <= 4; n++) {
    fields.push(
      hex(cell.lac),
      hex((cell.cellId + n * 7) & 0xffff),
      String(Math.max(0, reading.gsmSignal - 2 * n)),
    );
  }
  return fields;
}

/** DI1 is wired to ignition, DI2 to the panic button; DI3/DI4 unused. */
function digitalInputs(reading: DeviceReading): string {
  return `${bit(reading.ignition)}${bit(reading.isEmergency)}00`;
}

function ddmmyyyy(ms: number): string {
  const d = new Date(ms);
  return pad(d.getUTCDate(), 2) + pad(d.getUTCMonth() + 1, 2) + String(d.getUTCFullYear());
}

function hhmmss(ms: number): string {
  const d = new Date(ms);
  return pad(d.getUTCHours(), 2) + pad(d.getUTCMinutes(), 2) + pad(d.getUTCSeconds(), 2);
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function hex(value: number, width = 4): string {
  return value.toString(16).toUpperCase().padStart(width, '0');
}

function bit(flag: boolean): '0' | '1' {
  return flag ? '1' : '0';
}
