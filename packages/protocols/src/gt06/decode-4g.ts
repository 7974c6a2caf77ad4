/**
 * 4G generation frames (VL103/JM-VL03/LL301/GK310/LW4G class) and other GPS+cell variants. The 4G cell block is
 * MCC(2) MNC(1, 2 when MCC bit 15) LAC/TAC(4) cell id/ECI(8). Layouts as Traccar's decoder reads them, checked on the
 * fixtures (README "Message types"):
 *
 * - 0xA0 GPS + 4G cell + ACC, upload mode, re-upload flag [+ mileage(4)].
 * - 0xA2 of length 0x40 (LW4G): GPS + 4G cell + network, terminal info, power(2, 0.01 V), battery, signal, alarm,
 *   language, mileage(4), working time(4, s), terminal id(8), inputs(2).
 * - 0xA3 (single fence), 0xA4 (multi fence): GPS + cell (A3: a fence byte then 4G cell; A4: cell with length byte)
 *   + terminal info, voltage level, GSM level, alarm, language [+ fence id on A4].
 * - 0xA5 (LBS alarm): 4G cell + status; 0xA7 (address request): 4G cell + phone number text + language.
 * - 0x38: GPS, upload mode, re-upload, cell type(1) + cell (type ≥ 3: LAC(4) id(8) signal(2); else LAC(2) id(3)
 *   signal(1)), then modules type(2) length(1) value.
 * - 0x61 (iButton): IMEI(8), GPS, MCC MNC LAC(2) cell id(4), driver id(6, a 48-bit number).
 * - 0x17 of length 0x28 (RFID): GPS, cell (8), card id(8, hex), validity(1).
 */
import type { ByteReader } from '../core/byte-reader.ts';
import type { CellTower, NormalisedMessage } from '../core/message.ts';
import * as mdecode_location from './decode-location.ts';
import type { ParsedFrame } from './frame-parser.ts';
import * as mnetwork from './network.ts';
import * as mstatus_fields from './status-fields.ts';

// Imported functions read once (a getter call per use under tsx/esbuild; see constants in framer.ts).
const { GPS_BYTES, readGps } = mdecode_location;
const { dbm, setServingCell, u64At } = mnetwork;
const { applyAlarmCode, applyGsmLevel, applyTerminalInfo, applyVoltageLevel } = mstatus_fields;

/** 4G cell without a length byte; returns the cell and the offset after it. */
export function read4gCell(r: ByteReader, at: number): { cell: CellTower; next: number } {
  const mccField = r.u16At(at);
  const wide = (mccField & 0x8000) !== 0;
  const mnc = wide ? r.u16At(at + 2) : r.u8At(at + 2);
  const p = at + 2 + (wide ? 2 : 1);
  return {
    cell: { mcc: mccField & 0x7fff, mnc, lac: r.u32At(p), cellId: u64At(r, p + 4), rssi: null },
    next: p + 12,
  };
}

/**
 * Cell block led by a length byte that counts itself: the LAC/cell id widths follow from the length (5 → 2+3,
 * 6 → 2+4, 12 → 4+8). Returns the offset after the block (length 0 = no cell).
 */
export function readSizedCell(r: ByteReader, at: number, msg: NormalisedMessage): number {
  const length = r.u8At(at);
  if (length === 0) return at + 1;
  const mccField = r.u16At(at + 1);
  const wide = (mccField & 0x8000) !== 0;
  const mnc = wide ? r.u16At(at + 3) : r.u8At(at + 3);
  const p = at + 3 + (wide ? 2 : 1);
  const rest = at + length - p;
  const lacBytes = rest === 12 ? 4 : 2;
  const lac = lacBytes === 4 ? r.u32At(p) : r.u16At(p);
  const cellId = rest === 12 ? u64At(r, p + 4) : rest === 6 ? r.u32At(p + 2) : r.u24At(p + 2);
  setServingCell(msg, { mcc: mccField & 0x7fff, mnc, lac, cellId, rssi: null });
  return at + length;
}

/** Terminal info, voltage level, GSM level, alarm code, language at `at`. */
function readStatus(r: ByteReader, at: number, msg: NormalisedMessage): void {
  applyTerminalInfo(r.u8At(at), msg);
  applyVoltageLevel(r.u8At(at + 1), msg);
  applyGsmLevel(r.u8At(at + 2), msg);
  applyAlarmCode(r.u8At(at + 3), msg);
}

function kindByAlarms(msg: NormalisedMessage): void {
  msg.kind = msg.alarms.length > 0 ? 'alarm' : 'position';
}

/** 0xA0. */
export function decodeGpsLbs4g(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s, contentEnd: e } = frame;
  readGps(r, s, msg);
  const { cell, next } = read4gCell(r, s + GPS_BYTES);
  setServingCell(msg, cell);
  const rest = e - next;
  if (rest === 3 || rest === 7) {
    msg.ignition = r.u8At(next) > 0;
    msg.io.uploadMode = r.u8At(next + 1);
    msg.history = r.u8At(next + 2) > 0;
    if (rest === 7) msg.odometerM = r.u32At(next + 3);
  } else if (rest > 0) {
    msg.io.tailHex = r.hexAt(next, e);
  }
  return null;
}

/** 0xA2 of length 0x40 (LW4G). */
export function decodeLw4g(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s } = frame;
  readGps(r, s, msg);
  const { cell, next: p } = read4gCell(r, s + GPS_BYTES);
  setServingCell(msg, cell);
  msg.io.networkIndicator = r.u8At(p);
  applyTerminalInfo(r.u8At(p + 1), msg);
  msg.mainVoltageV = r.u16At(p + 2) / 100;
  applyVoltageLevel(r.u8At(p + 4), msg);
  msg.io.rssi = r.u8At(p + 5);
  applyAlarmCode(r.u8At(p + 6), msg);
  msg.odometerM = r.u32At(p + 8);
  msg.io.workingTimeS = r.u32At(p + 12);
  msg.io.inputs = r.u16At(p + 24);
  kindByAlarms(msg);
  return null;
}

/** 0xA3 (single fence): GPS, fence byte, 4G cell, status. SEEWORLD GL21L 0xA3 of length 0x0C is a status frame. */
export function decodeFenceSingle(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s, contentEnd: e } = frame;
  if (e - s === 0x0c - 5) {
    // GL21L status: terminal info then bytes whose meaning is not documented publicly; kept raw.
    applyTerminalInfo(r.u8At(s), msg);
    msg.io.statusHex = r.hexAt(s + 1, e);
    msg.kind = 'heartbeat';
    return null;
  }
  readGps(r, s, msg);
  msg.io.geofenceId = r.u8At(s + GPS_BYTES);
  const { cell } = read4gCell(r, s + GPS_BYTES + 1);
  setServingCell(msg, cell);
  readStatus(r, e - 5, msg);
  kindByAlarms(msg);
  return null;
}

/** 0xA4 (multi fence): GPS, sized cell, status, fence id. */
export function decodeFenceMulti(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s, contentEnd: e } = frame;
  readGps(r, s, msg);
  readSizedCell(r, s + GPS_BYTES, msg);
  readStatus(r, e - 6, msg);
  msg.io.geofenceId = r.u8At(e - 1);
  kindByAlarms(msg);
  return null;
}

/** 0xA5 (LBS alarm, no time): 4G cell + status. */
export function decodeLbsAlarm(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s, contentEnd: e } = frame;
  const { cell } = read4gCell(r, s);
  setServingCell(msg, cell);
  readStatus(r, e - 5, msg);
  msg.gpsValid = false;
  return null;
}

/** 0xA7 (address request by SMS): 4G cell, phone number text, language(2). */
export function decodeAddressRequest(
  r: ByteReader,
  frame: ParsedFrame,
  msg: NormalisedMessage,
): string | null {
  const { contentStart: s, contentEnd: e } = frame;
  const { cell, next } = read4gCell(r, s);
  setServingCell(msg, cell);
  msg.io.request = 'address';
  msg.io.phone = r.latin1At(next, e - 2);
  return null;
}

/** 0x38: GPS, upload mode, re-upload, typed cell, modules. */
export function decodeGpsLbs8(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s, contentEnd: e } = frame;
  readGps(r, s, msg);
  let p = s + GPS_BYTES;
  msg.io.uploadMode = r.u8At(p);
  msg.history = r.u8At(p + 1) > 0;
  p += 2;
  const cellType = r.u8At(p);
  const wide = cellType >= 3;
  const mccField = r.u16At(p + 1);
  const wideMnc = (mccField & 0x8000) !== 0;
  const mnc = wideMnc ? r.u16At(p + 3) : r.u8At(p + 3);
  p += 3 + (wideMnc ? 2 : 1);
  const lac = wide ? r.u32At(p) : r.u16At(p);
  p += wide ? 4 : 2;
  const cellId = wide ? u64At(r, p) : r.u24At(p);
  p += wide ? 8 : 3;
  const rssi = wide ? r.u16At(p) : r.u8At(p);
  p += wide ? 2 : 1;
  setServingCell(msg, { mcc: mccField & 0x7fff, mnc, lac, cellId, rssi: dbm(rssi) });
  msg.io.cellType = cellType;
  while (p + 3 <= e) {
    const module = r.u16At(p);
    const length = r.u8At(p + 2);
    p += 3;
    if (module === 0x2e && length === 4) msg.odometerM = r.u32At(p);
    else if (module === 0x3b && length === 2) msg.io.accuracyM = r.u16At(p) / 100;
    p += length;
  }
  return null;
}

/** 0x61 (iButton): IMEI, GPS, cell with 4-byte id, 48-bit driver id. */
export function decodeIButton(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s } = frame;
  readGps(r, s + 8, msg);
  let p = s + 8 + GPS_BYTES;
  const mccField = r.u16At(p);
  const wideMnc = (mccField & 0x8000) !== 0;
  const mnc = wideMnc ? r.u16At(p + 2) : r.u8At(p + 2);
  p += 2 + (wideMnc ? 2 : 1);
  setServingCell(msg, { mcc: mccField & 0x7fff, mnc, lac: r.u16At(p), cellId: r.u32At(p + 2), rssi: null });
  p += 6;
  const driverId = r.u32At(p) * 0x10000 + r.u16At(p + 4);
  if (driverId > 0) msg.io.driverId = String(driverId);
  return null;
}

/** 0x17 of length 0x28 (RFID reader): GPS, cell, card id (8 bytes, hex), validity. */
export function decodeGpsRfid(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s } = frame;
  readGps(r, s, msg);
  const p = s + GPS_BYTES;
  setServingCell(msg, {
    mcc: r.u16At(p) & 0x7fff,
    mnc: r.u8At(p + 2),
    lac: r.u16At(p + 3),
    cellId: r.u24At(p + 5),
    rssi: null,
  });
  msg.io.driverId = r.hexAt(p + 8, p + 16);
  msg.io.cardValid = r.u8At(p + 16);
  return null;
}

/** 0x36 (Jimi IoT 4G status): terminal info, battery level, GSM level, alarm, language, then modules. */
export function decodeStatusModules(
  r: ByteReader,
  frame: ParsedFrame,
  msg: NormalisedMessage,
): string | null {
  const { contentStart: s, contentEnd: e } = frame;
  readStatus(r, s, msg);
  let p = s + 5;
  while (p + 3 <= e) {
    const module = r.u16At(p);
    const length = r.u8At(p + 2);
    p += 3;
    if (module === 0x18 && length === 2) msg.batteryVoltageV = r.u16At(p) / 100;
    else if (module === 0x32 && length === 1) msg.io.startupStatus = r.u8At(p);
    else if (module === 0x6a && length === 1) msg.io.batteryLevelPct = r.u8At(p);
    p += length;
  }
  return null;
}
