/**
 * GT06/Concox frames as a 4G-generation GT06 (GT06E-like) sends them (research protocols.md §8):
 * `78 78 <len> <protocol no.> <content> <serial 2> <CRC-ITU 2> 0D 0A`, len = protocol no. .. CRC (total − 5), CRC-ITU
 * over len .. serial. Times are UTC, coordinates degrees × 1 800 000 with hemisphere bits in the course/status word.
 *
 * - 0x01 login: IMEI as 8 bytes BCD with a leading 0 nibble.
 * - 0x22 GPS + LBS: date-time, GPS info, lat, lon, speed, course/status, MCC, MNC, LAC, cell (3), ACC, upload mode,
 *   re-upload flag (1 for records buffered while offline).
 * - 0x13 heartbeat: terminal info, voltage level 0–6, GSM level 0–4, alarm/language (2).
 * - 0x16 (or 0x26) alarm: GPS part, LBS length 0x09 + LBS, terminal info, voltage level, GSM level, alarm, language.
 * - 0x94 information, sub-type 0x1B (RFID reader, long 0x7979 frame): header 0x02, type 0x08, card id (4 bytes),
 *   XOR of the id bytes, footer 0x03 — the layout of Traccar's `Gt06ProtocolDecoderTest` capture
 *   `7979000e941b02084277efef350303eadaed0d0a`. It carries no position: the server places it at the last fix.
 *
 * 4G generation (VL103 / JM-VL03 / LL301 class; `Gt06Variant` '4g'), with an LTE cell (TAC 4 bytes, ECI 8 bytes):
 * - 0xA0 GPS + 4G cell: GPS part, MCC, MNC, TAC(4), ECI(8), ACC, upload mode, re-upload flag.
 * - 0xA4 alarm: GPS part, cell block led by its length (0x10, counting itself), terminal info, voltage level, GSM
 *   level, alarm, language, fence id (0xFF: none).
 * - 0xA1 cells only (no fix): time, MCC, MNC, 7 × (TAC(4), ECI(8), signal(1)), timing advance, language(2).
 *
 * The caller owns serial numbers (1..0xFFFF, wrapping); the server echoes them in its replies.
 */
import { crcItu } from './checksums.ts';
import { driverTagBytes, type DeviceReading, type SimAlarm } from './reading.ts';

export const GT06_LOGIN = 0x01;
export const GT06_HEARTBEAT = 0x13;
export const GT06_ALARM = 0x16;
export const GT06_ALARM_4G = 0x26;
export const GT06_LOCATION_4G = 0x22;
export const GT06_STRING_INFO = 0x15;
export const GT06_SERVER_COMMAND = 0x80;
export const GT06_INFO = 0x94;
export const GT06_INFO_RFID = 0x1b;
export const GT06_LOCATION_LTE = 0xa0;
export const GT06_LBS_LTE = 0xa1;
export const GT06_ALARM_LTE = 0xa4;

/** Which GT06 generation a simulated device speaks: classic 0x22/0x26 frames or the 4G 0xA0/0xA4/0xA1 family. */
export type Gt06Variant = 'classic' | '4g';

/** Alarm byte of 0x16/0x26 (Traccar's mapping, §8.3). Ignition has no alarm code: it is the ACC byte of 0x22. */
export const GT06_ALARM_CODES = {
  sos: 0x01,
  powerCut: 0x02,
  overspeed: 0x06,
  tamper: 0x13,
} as const satisfies Partial<Record<SimAlarm, number>>;
export type Gt06AlarmEvent = keyof typeof GT06_ALARM_CODES;

/** Terminal info bits 3–5 (alarm kind shown in status); Traccar: 2 power cut, 4 SOS. */
const TERMINAL_ALARM_BITS: Record<Gt06AlarmEvent, number> = { sos: 4, powerCut: 2, overspeed: 0, tamper: 0 };

/** Upload mode byte of 0x22: why the record was sent. */
export const GT06_UPLOAD_MODE = { interval: 0x00, accChange: 0x03 } as const;

export function buildGt06Login(imei: string, serial: number): Uint8Array {
  const digits = `0${imei}`.padStart(16, '0').slice(-16);
  const content = new Uint8Array(8);
  for (let i = 0; i < 8; i++) content[i] = Number.parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  return frame(GT06_LOGIN, content, serial);
}

export interface Gt06LocationOptions {
  serial: number;
  /** Buffered while offline and sent later: sets the re-upload flag. */
  isReupload: boolean;
  uploadMode?: number;
}

export function buildGt06Location(reading: DeviceReading, options: Gt06LocationOptions): Uint8Array {
  const content = concat(
    gpsPart(reading),
    lbsPart(reading),
    Uint8Array.of(
      reading.ignition ? 1 : 0,
      options.uploadMode ?? GT06_UPLOAD_MODE.interval,
      options.isReupload ? 1 : 0,
    ),
  );
  return frame(GT06_LOCATION_4G, content, options.serial);
}

export function buildGt06Heartbeat(reading: DeviceReading, serial: number): Uint8Array {
  const content = Uint8Array.of(
    terminalInfo(reading, 0),
    voltageLevel(reading),
    gsmLevel(reading),
    0x00,
    0x02,
  );
  return frame(GT06_HEARTBEAT, content, serial);
}

export interface Gt06AlarmOptions {
  serial: number;
  /** 0x16 (classic) or 0x26 (4G); same layout. */
  protocolNumber?: typeof GT06_ALARM | typeof GT06_ALARM_4G;
}

export function buildGt06Alarm(
  reading: DeviceReading,
  alarm: Gt06AlarmEvent,
  options: Gt06AlarmOptions,
): Uint8Array {
  const content = concat(
    gpsPart(reading),
    Uint8Array.of(0x09),
    lbsPart(reading),
    Uint8Array.of(
      terminalInfo(reading, TERMINAL_ALARM_BITS[alarm]),
      voltageLevel(reading),
      gsmLevel(reading),
      GT06_ALARM_CODES[alarm],
      0x02,
    ),
  );
  return frame(options.protocolNumber ?? GT06_ALARM, content, options.serial);
}

/** 0xA0: GPS + LTE cell + ACC, upload mode, re-upload flag. */
export function buildGt06Location4g(reading: DeviceReading, options: Gt06LocationOptions): Uint8Array {
  const content = concat(
    gpsPart(reading),
    lteCellPart(reading),
    Uint8Array.of(
      reading.ignition ? 1 : 0,
      options.uploadMode ?? GT06_UPLOAD_MODE.interval,
      options.isReupload ? 1 : 0,
    ),
  );
  return frame(GT06_LOCATION_LTE, content, options.serial);
}

/** 0xA4: GPS, sized LTE cell, status, fence id. */
export function buildGt06Alarm4g(reading: DeviceReading, alarm: Gt06AlarmEvent, serial: number): Uint8Array {
  const cell = lteCellPart(reading);
  const content = concat(
    gpsPart(reading),
    Uint8Array.of(cell.length + 1),
    cell,
    Uint8Array.of(
      terminalInfo(reading, TERMINAL_ALARM_BITS[alarm]),
      voltageLevel(reading),
      gsmLevel(reading),
      GT06_ALARM_CODES[alarm],
      0x02,
      0xff,
    ),
  );
  return frame(GT06_ALARM_LTE, content, serial);
}

/** 0xA1: no fix, the serving LTE cell (the other six neighbour slots empty). */
export function buildGt06CellsOnly4g(reading: DeviceReading, serial: number): Uint8Array {
  const cells = new Uint8Array(7 * 13);
  const serving = lteCellPart(reading).subarray(3); // TAC + ECI
  cells.set(serving, 0);
  cells[12] = Math.min(113, Math.max(51, 113 - reading.gsmSignal * 2)); // −dBm from CSQ
  const content = concat(
    timePart(reading.fixTimeMs),
    lteCellPart(reading).subarray(0, 3),
    cells,
    Uint8Array.of(0xff, 0x00, 0x02),
  );
  return frame(GT06_LBS_LTE, content, serial);
}

/** 0x94/0x1B: a driver swiped an RFID card (tag ≤ 8 hex digits, zero-padded to 4 bytes). */
export function buildGt06DriverId(tag: string, serial: number): Uint8Array {
  const id = driverTagBytes(tag, 4);
  const check = id.reduce((x, byte) => x ^ byte, 0);
  const content = concat(Uint8Array.of(GT06_INFO_RFID, 0x02, 0x08), id, Uint8Array.of(check, 0x03));
  return frameLong(GT06_INFO, content, serial);
}

/** Device reply to a server command (0x80): 0x15 string information echoing the server flag. */
export function buildGt06StringInfo(serverFlag: number, text: string, serial: number): Uint8Array {
  const ascii = new TextEncoder().encode(text);
  const content = new Uint8Array(1 + 4 + ascii.length);
  content[0] = 4 + ascii.length;
  new DataView(content.buffer).setUint32(1, serverFlag >>> 0);
  content.set(ascii, 5);
  return frame(GT06_STRING_INFO, content, serial);
}

/** Builds one short (0x7878) frame. */
export function frame(protocolNumber: number, content: Uint8Array, serial: number): Uint8Array {
  const length = 1 + content.length + 2 + 2;
  const out = new Uint8Array(length + 5);
  out[0] = 0x78;
  out[1] = 0x78;
  out[2] = length;
  out[3] = protocolNumber;
  out.set(content, 4);
  const serialAt = 4 + content.length;
  out[serialAt] = (serial >> 8) & 0xff;
  out[serialAt + 1] = serial & 0xff;
  const crc = crcItu(out.subarray(2, serialAt + 2));
  out[serialAt + 2] = crc >> 8;
  out[serialAt + 3] = crc & 0xff;
  out[serialAt + 4] = 0x0d;
  out[serialAt + 5] = 0x0a;
  return out;
}

/** Builds one long (0x7979) frame: 2-byte length, otherwise as `frame`. */
export function frameLong(protocolNumber: number, content: Uint8Array, serial: number): Uint8Array {
  const length = 1 + content.length + 2 + 2;
  const out = new Uint8Array(length + 6);
  const view = new DataView(out.buffer);
  out[0] = 0x79;
  out[1] = 0x79;
  view.setUint16(2, length);
  out[4] = protocolNumber;
  out.set(content, 5);
  const serialAt = 5 + content.length;
  view.setUint16(serialAt, serial);
  view.setUint16(serialAt + 2, crcItu(out.subarray(2, serialAt + 2)));
  out[serialAt + 4] = 0x0d;
  out[serialAt + 5] = 0x0a;
  return out;
}

function timePart(timeMs: number): Uint8Array {
  const d = new Date(timeMs);
  return Uint8Array.of(
    d.getUTCFullYear() % 100,
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  );
}

/** MCC(2) MNC(1) TAC(4) ECI(8): the simulated cell as an LTE cell. */
function lteCellPart(reading: DeviceReading): Uint8Array {
  const { cell } = reading;
  const part = new Uint8Array(15);
  const view = new DataView(part.buffer);
  view.setUint16(0, cell.mcc);
  part[2] = cell.mnc & 0xff;
  view.setUint32(3, cell.lac >>> 0);
  view.setUint32(7, Math.floor(cell.cellId / 0x1_0000_0000));
  view.setUint32(11, cell.cellId >>> 0);
  return part;
}

function gpsPart(reading: DeviceReading): Uint8Array {
  const part = new Uint8Array(18);
  const view = new DataView(part.buffer);
  part.set(timePart(reading.fixTimeMs), 0);
  // High nibble: length of the GPS information (12 bytes); low nibble: satellites in use.
  part[6] = 0xc0 | Math.min(15, Math.max(0, Math.round(reading.satellites)));
  view.setUint32(7, Math.round(Math.abs(reading.lat) * 1_800_000));
  view.setUint32(11, Math.round(Math.abs(reading.lon) * 1_800_000));
  part[15] = Math.min(255, Math.round(reading.speedKph));
  const course = Math.round(reading.headingDeg) % 360;
  const status =
    course |
    (reading.lat >= 0 ? 1 << 10 : 0) |
    (reading.lon < 0 ? 1 << 11 : 0) |
    (reading.gpsValid ? 1 << 12 : 0);
  view.setUint16(16, status);
  return part;
}

function lbsPart(reading: DeviceReading): Uint8Array {
  const { cell } = reading;
  const part = new Uint8Array(8);
  const view = new DataView(part.buffer);
  view.setUint16(0, cell.mcc);
  part[2] = cell.mnc & 0xff;
  view.setUint16(3, cell.lac & 0xffff);
  part[5] = (cell.cellId >> 16) & 0xff;
  view.setUint16(6, cell.cellId & 0xffff);
  return part;
}

/** bit0 armed, bit1 ACC, bit2 charging (main power in), bits 3–5 alarm, bit6 GPS tracking on, bit7 fuel cut. */
function terminalInfo(reading: DeviceReading, alarmBits: number): number {
  return (
    (reading.ignition ? 0x02 : 0) |
    (reading.mainPower ? 0x04 : 0) |
    ((alarmBits & 0x07) << 3) |
    (reading.gpsValid ? 0x40 : 0)
  );
}

/** 0–6 from the backup cell voltage (3.4 V empty .. 4.2 V full). */
export function voltageLevel(reading: DeviceReading): number {
  const fraction = (reading.batteryVoltageV - 3.4) / 0.8;
  return Math.min(6, Math.max(0, Math.round(fraction * 6)));
}

/** 0–4 from CSQ 0–31. */
export function gsmLevel(reading: DeviceReading): number {
  const csq = reading.gsmSignal;
  if (csq <= 0) return 0;
  if (csq < 8) return 1;
  if (csq < 14) return 2;
  if (csq < 20) return 3;
  return 4;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
