/**
 * Heartbeat/status (0x13, GK310 0x23) and alarm frames (0x16, 0x26, 0x27 with GPS; 0x19 LBS-only), §8.2–8.3.
 * Alarm frames are read from both ends: GPS from the start, the fixed status tail from the end, and the cell block
 * in between, because firmwares disagree on the cell block (length byte 08 or 09, 3- or 4-byte cell ID).
 */
import type { NormalisedMessage } from '../core/message.ts';
import type { ByteReader } from '../core/byte-reader.ts';
import { MSG } from './constants.ts';

/** Message types as a local object: under tsx/esbuild each access to an imported binding is a getter call. */
const T = MSG;
import * as mdecode_location from './decode-location.ts';
import type { ParsedFrame } from './frame-parser.ts';
import * as mdecode_lbs from './decode-lbs.ts';
import * as mstatus_fields from './status-fields.ts';

// Imported functions read once (a getter call per use under tsx/esbuild; see constants in framer.ts).
const { GPS_BYTES, readCell, readGps } = mdecode_location;
const { decodeMultiLbs } = mdecode_lbs;
const { applyAlarmCode, applyGsmLevel, applyTerminalInfo, applyVoltageLevel } = mstatus_fields;

/** 0x13: terminal info, voltage level, GSM level, alarm, language (5 bytes) or the 14-byte "OBD6" layout. */
export function decodeStatus(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s, contentEnd: e } = frame;
  const size = e - s;
  if (size < 1) return 'status 0x13: empty content';
  applyTerminalInfo(r.u8At(s), msg);
  if (size === 14) {
    // OBD6 (length 0x13): info, signal word (satellites in bits 5–14, RSSI 0–31 in bits 0–4), alarm, language,
    // battery %, working mode, voltage (0.01 V, Traccar "power"), reserved.
    const signal = r.u16At(s + 1);
    msg.satellites = ((signal >> 10) & 0x1f) + ((signal >> 5) & 0x1f);
    msg.gsmSignal = signal & 0x1f;
    applyAlarmCode(r.u8At(s + 3), msg);
    msg.io.batteryLevelPct = r.u8At(s + 5);
    const mode = r.u8At(s + 6);
    msg.io.workingMode = mode;
    msg.mainVoltageV = r.u16At(s + 7) / 100;
    // Working mode 4 (temperature sensor): the last word is the temperature, signed, 0.1 °C.
    if (mode === 4) msg.io.temp1C = ((r.u16At(s + 12) << 16) >> 16) / 10;
    return null;
  }
  if (size === TEMPERATURE_STATUS_BYTES) {
    // Temperature-sensor status (length 0x15): info, satellites(2), alarm, language, battery %, working mode,
    // voltage(2), reserved, working times(2), working time(2), temperature (bit 15 set = above zero, 0.1 °C).
    applyAlarmCode(r.u8At(s + 3), msg);
    msg.io.batteryLevelPct = r.u8At(s + 5);
    msg.io.workingMode = r.u8At(s + 6);
    const raw = r.u16At(s + 14);
    const magnitude = (raw & 0x7fff) / 10;
    msg.io.temp1C = (raw & 0x8000) !== 0 ? magnitude : -magnitude;
    return null;
  }
  if (size >= 2) applyVoltageLevel(r.u8At(s + 1), msg);
  if (size >= 3) applyGsmLevel(r.u8At(s + 2), msg);
  if (size >= 4) applyAlarmCode(r.u8At(s + 3), msg);
  return null;
}

const TEMPERATURE_STATUS_BYTES = 16;

/** 0x23 (GK310): terminal info, battery voltage (0.01 V), GSM level, language. */
export function decodeHeartbeat(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s, contentEnd: e } = frame;
  if (e - s < 1) return 'heartbeat 0x23: empty content';
  applyTerminalInfo(r.u8At(s), msg);
  if (e - s >= 3) msg.batteryVoltageV = r.u16At(s + 1) / 100;
  if (e - s >= 4) applyGsmLevel(r.u8At(s + 3), msg);
  return null;
}

/** 0x19 of length ≥ 0x17 is the SPACE10X multi-LBS list, not an alarm (it raised a spurious vibration). */
const MULTI_LBS_MIN_CONTENT = 0x17 - 5;
/** 0x16 of length 0x24 (VXT01). */
const VXT01_ALARM_CONTENT = 0x24 - 5;

/** Status tail at the end of alarm frames: info, voltage level, GSM level, alarm code, language (1, or 2 on 0x27). */
function statusTailBytes(type: number): number {
  return type === T.gpsLbsStatus3 ? 6 : 5;
}

export function decodeAlarmFrame(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s, contentEnd: e, type } = frame;
  if (type === T.lbsStatus && e - s >= MULTI_LBS_MIN_CONTENT) return decodeMultiLbs(r, frame, msg);
  const hasGps = type !== T.lbsStatus;
  const tail = statusTailBytes(type);
  const need = (hasGps ? GPS_BYTES : 0) + tail;
  if (e - s < need) return `alarm 0x${type.toString(16)}: ${e - s} content bytes, need ${need}`;
  let p = s;
  if (hasGps) {
    readGps(r, p, msg);
    p += GPS_BYTES;
  }
  const cellEnd = e - tail;
  const cellBytes = cellEnd - p;
  // With GPS the cell block starts with a length byte (0 = no cell), except the 8-byte "VXT01" 0x16 layout.
  if (hasGps && cellBytes > 8) {
    if (r.u8At(p) > 0) readCell(r, p + 1, cellEnd, msg);
  } else if (cellBytes >= 8) {
    readCell(r, p, cellEnd, msg);
  }
  applyTerminalInfo(r.u8At(cellEnd), msg);
  applyVoltageLevel(r.u8At(cellEnd + 1), msg);
  applyGsmLevel(r.u8At(cellEnd + 2), msg);
  // VXT01 0x16 (length 0x24) has no alarm byte there (Traccar skips it too): reading it raised geofenceEnter.
  if (type === T.gpsLbsStatus && !frame.extended && e - s === VXT01_ALARM_CONTENT)
    msg.io.alarmExtension = r.u8At(cellEnd + 3);
  else applyAlarmCode(r.u8At(cellEnd + 3), msg);
  return null;
}
