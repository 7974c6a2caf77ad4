/**
 * GPS and LBS blocks shared by location (0x10/0x11/0x12/0x22/0x2D/0x37) and alarm frames, plus the model-specific
 * tails after a location's cell block (§8.2–8.3; tail variants keyed on length as Traccar does).
 */
import type { NormalisedMessage } from '../core/message.ts';
import type { ByteReader } from '../core/byte-reader.ts';
import { MSG } from './constants.ts';

/** Message types as a local object: under tsx/esbuild each access to an imported binding is a getter call. */
const T = MSG;
import * as mdate_time from './date-time.ts';
import * as mstatus_fields from './status-fields.ts';
import type { ParsedFrame } from './frame-parser.ts';

// Imported functions read once (a getter call per use under tsx/esbuild; see constants in framer.ts).
const { readDateTime } = mdate_time;
const { applyAlarmCode, applyGsmLevel, applyTerminalInfo } = mstatus_fields;

/** Date/time(6) + GPS info(1) + latitude(4) + longitude(4) + speed(1) + course/status(2). */
export const GPS_BYTES = 18;
/** Coordinates are degrees × 60 × 30 000. */
const COORDINATE_DIVISOR = 1_800_000;

export function readGps(r: ByteReader, offset: number, msg: NormalisedMessage): void {
  msg.fixTime = readDateTime(r, offset);
  msg.satellites = r.u8At(offset + 6) & 0x0f;
  let lat = r.u32At(offset + 7) / COORDINATE_DIVISOR;
  let lon = r.u32At(offset + 11) / COORDINATE_DIVISOR;
  msg.speedKph = r.u8At(offset + 15);
  const flags = r.u16At(offset + 16);
  const course = flags & 0x03ff;
  msg.headingDeg = course <= 360 ? course : null;
  msg.gpsValid = (flags & 0x1000) !== 0; // bit 12: positioned
  if ((flags & 0x0400) === 0) lat = -lat; // bit 10: 1 = north
  if ((flags & 0x0800) !== 0) lon = -lon; // bit 11: 1 = west
  if (Math.abs(lat) <= 90 && Math.abs(lon) <= 180) {
    msg.lat = lat;
    msg.lon = lon;
  } else {
    msg.gpsValid = false; // a u32 can encode up to 2386°: corrupt or zero-filled blocks
  }
  if ((flags & 0x4000) !== 0) msg.ignition = (flags & 0x8000) !== 0; // ACC in bit 15, valid when bit 14 set
}

/**
 * Cell block without its length byte: MCC(2) MNC(1, or 2 when MCC bit 15 is set or `wideMnc`) LAC(2) cell ID (the rest:
 * 3 bytes classic, 4 bytes on 4G/"SEEWORLD" firmwares; anything longer reads the first 3). Returns bytes consumed.
 */
export function readCell(
  r: ByteReader,
  offset: number,
  end: number,
  msg: NormalisedMessage,
  wideMnc = false,
): number {
  if (end - offset < 8) return 0;
  const mccField = r.u16At(offset);
  const mncBytes = wideMnc || (mccField & 0x8000) !== 0 ? 2 : 1;
  let p = offset + 2;
  const mnc = mncBytes === 2 ? r.u16At(p) : r.u8At(p);
  p += mncBytes;
  const lac = r.u16At(p);
  p += 2;
  if (end - p < 3) return 0;
  const cellBytes = end - p === 4 ? 4 : 3;
  msg.io.mcc = mccField & 0x7fff;
  msg.io.mnc = mnc;
  msg.io.lac = lac;
  msg.io.cellId = cellBytes === 4 ? r.u32At(p) : r.u24At(p);
  return p + cellBytes - offset;
}

/** Location frames: GPS, then (except 0x10) a cell block without length byte, then a model-specific tail. */
export function decodeLocation(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: start, contentEnd: end, type } = frame;
  if (end - start < GPS_BYTES)
    return `location 0x${type.toString(16)}: ${end - start} content bytes, need 18`;
  readGps(r, start, msg);
  let p = start + GPS_BYTES;
  const size = end - start;
  if (type === T.gpsLbs2 && size === SEEWORLD_22_CONTENT) return decodeSeeworld22(r, p, msg);
  if (type === 0x24 && size === SR411_CONTENT) {
    p += readCell(r, p, p + 8, msg);
    msg.ignition = r.u8At(p) > 0;
    msg.mainVoltageV = r.u16At(p + 1) / 100;
    msg.batteryVoltageV = r.u16At(p + 3) / 100;
    if (end > p + 5) msg.io.tailHex = r.hexAt(p + 5, end);
    return null;
  }
  if (type !== T.gps && end - p >= 8) {
    const wide = type === T.gpsLbs6;
    const lbsBytes = wide ? 10 : (r.u16At(p) & 0x8000) !== 0 ? 9 : 8;
    p += readCell(r, p, Math.min(end, p + lbsBytes), msg, wide);
  }
  if (type === T.gpsLbs && decode12Variant(r, p, end, size, msg)) return null;
  decodeLocationTail(r, p, end, type, msg);
  return null;
}

/** 0x22 of length 0x2F (SEEWORLD): 4-byte cell id, then ACC, mode, re-upload, mileage, travel time, temperature, humidity. */
const SEEWORLD_22_CONTENT = 0x2f - 5;
/** 0x24 of length 0x2E (SR411 mini): GPS, cell, ACC, power(2, 0.01 V), battery(2, 0.01 V). */
const SR411_CONTENT = 0x2e - 5;
/** 0x12 variants keyed on content size: S5 (length 0x2B), WeTrust (0x29), GT06E with card reader (≥ 0x71). */
const S5_CONTENT = 0x2b - 5;
const WETRUST_CONTENT = 0x29 - 5;
const CARD_MIN_CONTENT = 0x71 - 5;

function decodeSeeworld22(r: ByteReader, at: number, msg: NormalisedMessage): null {
  const p = at + readCell(r, at, at + 9, msg);
  msg.ignition = r.u8At(p) > 0;
  msg.io.uploadMode = r.u8At(p + 1);
  msg.history = r.u8At(p + 2) > 0;
  msg.odometerM = r.u32At(p + 3);
  msg.io.travelTimeS = r.u32At(p + 7);
  const raw = r.u16At(p + 11);
  const magnitude = (raw & 0x7fff) / 100;
  msg.io.temp1C = (raw & 0x8000) !== 0 ? -magnitude : magnitude;
  msg.io.humidityPct = r.u16At(p + 13) / 100;
  return null;
}

/** 0x12 tails with their own layout (sizes above); false when the frame is none of them. */
function decode12Variant(
  r: ByteReader,
  p: number,
  end: number,
  size: number,
  msg: NormalisedMessage,
): boolean {
  if (size === S5_CONTENT) {
    applyTerminalInfo(r.u8At(p), msg);
    msg.mainVoltageV = r.u16At(p + 1) / 100;
    applyGsmLevel(r.u8At(p + 3), msg);
    applyAlarmCode(r.u8At(p + 4), msg);
    msg.io.oil = r.u16At(p + 5);
    const t = r.u8At(p + 7);
    msg.io.temp1C = (t & 0x80) !== 0 ? -(t & 0x7f) : t;
    msg.odometerM = r.u32At(p + 8) * 10;
    return true;
  }
  if (size === WETRUST_CONTENT || size >= CARD_MIN_CONTENT) {
    msg.odometerM = r.u32At(p);
    const cardLength = r.u8At(p + 4);
    const card = r.latin1At(p + 5, p + 5 + cardLength).trim();
    if (!/^0*$/.test(card)) msg.io.driverId = card; // "0" / empty: no card
    const q = p + 5 + cardLength;
    msg.io.cardAlarm = r.u8At(q);
    msg.io.cardStatus = r.u8At(q + 1);
    if (size === WETRUST_CONTENT) msg.io.drivingTimeS = r.u16At(q + 2);
    return true;
  }
  return false;
}

function decodeLocationTail(
  r: ByteReader,
  p: number,
  end: number,
  type: number,
  msg: NormalisedMessage,
): void {
  const rest = end - p;
  if (rest <= 0) return;
  if (type === T.gpsLbs && rest === 5) {
    // VXT01-style 0x12 (length 0x24): terminal info, external voltage (0.01 V), GSM level, alarm extension.
    applyTerminalInfo(r.u8At(p), msg);
    msg.mainVoltageV = r.u16At(p + 1) / 100;
    applyGsmLevel(r.u8At(p + 3), msg);
    msg.io.alarmExtension = r.u8At(p + 4);
    return;
  }
  if (rest === 4) {
    msg.odometerM = r.u32At(p);
    return;
  }
  if (rest === 3 || (rest >= 7 && type === T.gpsLbs2)) {
    // 4G generation: ACC(1), upload mode(1), re-upload flag(1) [, mileage(4) in metres].
    msg.ignition = r.u8At(p) > 0;
    msg.io.uploadMode = r.u8At(p + 1);
    msg.history = r.u8At(p + 2) > 0;
    if (rest >= 7) msg.odometerM = r.u32At(p + 3);
    if (rest > 7) msg.io.tailHex = r.hexAt(p + 7, end);
    return;
  }
  msg.io.tailHex = r.hexAt(p, end);
}
