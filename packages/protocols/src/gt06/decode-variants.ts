/**
 * Model families with their own layouts (Traccar's names; checked on the fixtures):
 *
 * - AZ735 (0x7979 0x32 location, 0x33 alarm): time(6), GPS length(1, 0 = no fix) + satellites, lat, lon, speed,
 *   course/status, cell length(1, counts itself; 0 = none) + MCC MNC LAC(2) id(3), signal(1), neighbour cells
 *   length(1) + [LAC(2) id(3) signal(1)]…, Wi-Fi length(1) + [mac(6) signal(1)]…, status(1), extension length(1) + …
 *   Status on 0x33: A0 armed, A1 disarmed, A2/A3 low battery, A4 alarm, A5 door.
 * - SL4X (0x7878 0x31 length 0x2A, 0x32 length 0x27/0x29): GPS, cell with MNC(2) (0x32: led by a length byte)
 *   and id(3), signal(1), then 0x31: ACC, event, archive, mileage(4), altitude(2); 0x32: terminal info, voltage,
 *   GSM level, alarm, language [, altitude(2)].
 * - X1 (0x7878 0x34): data/alarm word(4), GPS, terminal info(2), mileage(4), MCC(2) MNC(1) LAC(2) id(4),
 *   driver id(4), battery(2, 0.01 V), power(2, 0.01 V), port info(4), inputs(1), outputs(1), ADCs(2, 0.01 V) × the
 *   count in port-info bits 20–23.
 */
import type { ByteReader } from '../core/byte-reader.ts';
import type { CellTower, NormalisedMessage, WifiAccessPoint } from '../core/message.ts';
import { readDateTime } from './date-time.ts';
import { GPS_BYTES, readGps } from './decode-location.ts';
import type { ParsedFrame } from './frame-parser.ts';
import { dbm, i16At, markNoFix, readWifiList, setCells, setServingCell, setWifi } from './network.ts';
import {
  addAlarm,
  applyGsmLevel,
  applyTerminalInfo,
  applyVoltageLevel,
  applyAlarmCode,
} from './status-fields.ts';

export function decodeAz735(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s, contentEnd: e, type } = frame;
  const time = readDateTime(r, s);
  let p = s + 6;
  const gpsLength = r.u8At(p);
  if (gpsLength === 0) {
    markNoFix(msg, time);
    p += 1;
  } else {
    // The GPS block sits one byte later than readGps's layout (after the length byte): read from s + 1 and take the
    // time from s.
    readGps(r, s + 1, msg);
    msg.fixTime = time;
    p += 1 + gpsLength;
  }
  const cells: CellTower[] = [];
  const cellLength = r.u8At(p);
  if (cellLength > 0) {
    const mccField = r.u16At(p + 1);
    const mcc = mccField & 0x7fff;
    const mnc = r.u8At(p + 3);
    setServingCell(msg, { mcc, mnc, lac: r.u16At(p + 4), cellId: r.u24At(p + 6), rssi: null });
    p += cellLength;
    msg.io.rssi = r.u8At(p);
    p += 1;
    const neighbours = r.u8At(p);
    for (let q = p + 1; q + 6 <= p + 1 + neighbours; q += 6) {
      cells.push({ mcc, mnc, lac: r.u16At(q), cellId: r.u24At(q + 2), rssi: dbm(r.u8At(q + 5)) });
    }
    p += 1 + neighbours;
  } else {
    p += 1;
    p += 1 + r.u8At(p);
  }
  const wifiBytes = r.u8At(p);
  const wifi: WifiAccessPoint[] = [];
  readWifiList(r, p + 1, Math.floor(wifiBytes / 7), wifi);
  p += 1 + wifiBytes;
  setCells(msg, cells);
  setWifi(msg, wifi);
  if (p < e) {
    const status = r.u8At(p);
    msg.io.status = status;
    if (type === 0x33) {
      if (status === 0xa0) msg.io.armed = true;
      else if (status === 0xa1) msg.io.armed = false;
      else if (status === 0xa2 || status === 0xa3) addAlarm(msg, 'lowBattery');
      else if (status === 0xa5) msg.io.doorOpen = true;
    }
  }
  msg.kind = msg.alarms.length > 0 ? 'alarm' : 'position';
  return null;
}

/** SL4X 0x31 / 0x32 in 0x7878 frames. */
export function decodeSl4x(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s, contentEnd: e, type } = frame;
  readGps(r, s, msg);
  let p = s + GPS_BYTES;
  if (type === 0x32) p += 1; // cell length byte (always 0x0A: it counts itself)
  setServingCell(msg, {
    mcc: r.u16At(p) & 0x7fff,
    mnc: r.u16At(p + 2),
    lac: r.u16At(p + 4),
    cellId: r.u24At(p + 6),
    rssi: null,
  });
  msg.io.rssi = r.u8At(p + 9);
  p += 10;
  if (type === 0x31) {
    msg.ignition = r.u8At(p) > 0;
    msg.io.eventId = r.u8At(p + 1);
    msg.history = r.u8At(p + 2) > 0;
    p += 3;
    if (e - p >= 6) {
      msg.odometerM = r.u32At(p);
      p += 4;
    }
  } else {
    applyTerminalInfo(r.u8At(p), msg);
    applyVoltageLevel(r.u8At(p + 1), msg);
    applyGsmLevel(r.u8At(p + 2), msg);
    applyAlarmCode(r.u8At(p + 3), msg);
    p += 5;
    msg.kind = msg.alarms.length > 0 ? 'alarm' : 'position';
  }
  if (e - p === 2) msg.altitudeM = i16At(r, p);
  return null;
}

/** X1 0x34. */
export function decodeX1(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s } = frame;
  msg.io.dataAlarm = r.u32At(s);
  readGps(r, s + 4, msg);
  let p = s + 4 + GPS_BYTES;
  msg.io.terminalInfo = r.u16At(p);
  msg.odometerM = r.u32At(p + 2);
  p += 6;
  setServingCell(msg, {
    mcc: r.u16At(p),
    mnc: r.u8At(p + 2),
    lac: r.u16At(p + 3),
    cellId: r.u32At(p + 5),
    rssi: null,
  });
  p += 9;
  const driverId = r.u32At(p);
  if (driverId > 0) msg.io.driverId = String(driverId);
  msg.batteryVoltageV = r.u16At(p + 4) / 100;
  msg.mainVoltageV = r.u16At(p + 6) / 100;
  const portInfo = r.u32At(p + 8);
  msg.io.inputs = r.u8At(p + 12);
  msg.io.outputs = r.u8At(p + 13);
  p += 14;
  const adcCount = (portInfo >>> 20) & 0x0f;
  for (let i = 1; i <= adcCount; i++, p += 2) msg.io[`adc${i}V`] = r.u16At(p) / 100;
  return null;
}
