/**
 * 0x7979 frames built from typed modules or text (layouts as Traccar reads them, checked on the fixtures):
 *
 * - 0x70 modular GPS: modules type(2) length(2) value; decoded: 0x03 ICCID, 0x09/0x0A satellites used/visible,
 *   0x11 cell (MCC 2, MNC 2, LAC 2, id 3, signal 1), 0x18 battery (0.01 V), 0x28 HDOP (×0.1), 0x29 index,
 *   0x2A inputs (low nibble door, high nibble tamper), 0x2B event (0x11 low battery, 0x13 power cut, 0x14 removal),
 *   0x2C time (s since epoch, device clock), 0x2E odometer (m), 0x33 GPS (time s, satellites,
 *   altitude, latitude, longitude, speed, course/status), 0x7F BLE tag (id 6, battery mV, level %, temperature
 *   0.1 °C signed, humidity, status).
 * - 0x9B serial passthrough: device type(1) + the sensor's bytes: text when printable (fuel sensors), else hex;
 *   an STX "10 hex digits + 2 hex checksum" ETX block (125 kHz RFID readers) whose XOR checksum matches → driver id.
 * - 0x8C OBD: time(6), ACC(1), `key=value` pairs (hex keys/values, ×0.01), then satellites(1) lat(4) lon(4)
 *   speed(1) course/status(2).
 * - 0xF2 peripherals: time(4, s), then status entries id(2): 0x000A BLE peripheral event, 0x000C external battery;
 *   others length(1) + value, skipped.
 */
import type { ByteReader } from '../core/byte-reader.ts';
import type { NormalisedMessage } from '../core/message.ts';
import * as mdate_time from './date-time.ts';
import type { ParsedFrame } from './frame-parser.ts';
import * as mnetwork from './network.ts';
import * as mstatus_fields from './status-fields.ts';

// Imported functions read once (a getter call per use under tsx/esbuild; see constants in framer.ts).
const { isoFromEpochSeconds, readDateTime } = mdate_time;
const { dbm, i16At, macAt, markNoFix, setServingCell } = mnetwork;
const { addAlarm } = mstatus_fields;

const COORDINATE_DIVISOR = 1_800_000;

const epochIso = isoFromEpochSeconds;

function applyLatLonFlags(lat0: number, lon0: number, flags: number, msg: NormalisedMessage): void {
  const lat = (flags & 0x0400) === 0 && lat0 !== 0 ? -lat0 : lat0;
  const lon = (flags & 0x0800) !== 0 && lon0 !== 0 ? -lon0 : lon0;
  const course = flags & 0x03ff;
  msg.headingDeg = course <= 360 ? course : null;
  msg.gpsValid = (flags & 0x1000) !== 0;
  if (Math.abs(lat) <= 90 && Math.abs(lon) <= 180) {
    msg.lat = lat;
    msg.lon = lon;
  } else {
    msg.gpsValid = false;
  }
}

const MODULAR_EVENTS = new Map([
  [0x11, 'lowBattery'],
  [0x13, 'powerCut'],
  [0x14, 'tamper'],
] as const);

export function decodeModular(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s, contentEnd: e } = frame;
  let p = s;
  while (p + 4 <= e) {
    const type = r.u16At(p);
    const length = r.u16At(p + 2);
    const v = p + 4;
    p = v + length;
    if (p > e) return `0x70 module 0x${type.toString(16)} runs past the content`;
    switch (type) {
      case 0x03:
        msg.io.iccid = r.hexAt(v, v + 10);
        break;
      case 0x09:
        msg.satellites = r.u8At(v);
        break;
      case 0x0a:
        msg.io.satellitesVisible = r.u8At(v);
        break;
      case 0x11:
        if (r.u24At(v + 6) > 0) {
          setServingCell(msg, {
            mcc: r.u16At(v),
            mnc: r.u16At(v + 2),
            lac: r.u16At(v + 4),
            cellId: r.u24At(v + 6),
            rssi: dbm(r.u8At(v + 9)),
          });
        }
        break;
      case 0x18:
        msg.batteryVoltageV = r.u16At(v) / 100;
        break;
      case 0x28:
        msg.hdop = r.u8At(v) / 10;
        break;
      case 0x29:
        msg.io.index = r.u32At(v);
        break;
      case 0x2a: {
        const input = r.u8At(v);
        msg.io.doorOpen = (input & 0x0f) > 0;
        msg.io.tamper = input >> 4 > 0;
        break;
      }
      case 0x2b: {
        const event = r.u8At(v);
        msg.io.eventId = event;
        addAlarm(msg, MODULAR_EVENTS.get(event as 0x11) ?? null);
        break;
      }
      case 0x2c:
        msg.io.deviceTime = epochIso(r.u32At(v));
        break;
      case 0x2e:
        // Big-endian like every other field: the fixtures' values grow over the weeks between them only read this
        // way (Traccar reads little-endian here, which gives 1.5 million km).
        msg.odometerM = r.u32At(v);
        break;
      case 0x33:
        msg.fixTime = epochIso(r.u32At(v));
        msg.satellites = r.u8At(v + 4);
        msg.altitudeM = i16At(r, v + 5);
        msg.speedKph = r.u8At(v + 15);
        applyLatLonFlags(
          r.u32At(v + 7) / COORDINATE_DIVISOR,
          r.u32At(v + 11) / COORDINATE_DIVISOR,
          r.u16At(v + 16),
          msg,
        );
        break;
      case 0x7f:
        msg.io.tag1Id = r.hexAt(v, v + 6);
        msg.io.tag1BatteryV = r.u16At(v + 6) / 1000;
        msg.io.tag1BatteryPct = r.u8At(v + 8);
        msg.io.temp1C = i16At(r, v + 9) / 10;
        msg.io.tag1Humidity = i16At(r, v + 11);
        msg.io.tag1Status = r.u8At(v + 13);
        break;
      default:
        break;
    }
  }
  if (msg.fixTime === null) msg.kind = msg.alarms.length > 0 ? 'alarm' : 'health';
  else msg.kind = msg.alarms.length > 0 ? 'alarm' : 'position';
  return null;
}

function isPrintable(r: ByteReader, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const b = r.u8At(i);
    if ((b < 0x20 || b > 0x7e) && b !== 0x0d && b !== 0x0a) return false;
  }
  return true;
}

/** STX + 10 hex digits + 2 hex digits XOR checksum + ETX (EM4100 readers such as RDM6300). */
function rfidCard(r: ByteReader, from: number, to: number): string | null {
  if (to - from !== 14 || r.u8At(from) !== 0x02 || r.u8At(to - 1) !== 0x03) return null;
  const text = r.latin1At(from + 1, to - 1);
  if (!/^[0-9A-Fa-f]{12}$/.test(text)) return null;
  let xor = 0;
  for (let i = 0; i < 10; i += 2) xor ^= parseInt(text.slice(i, i + 2), 16);
  return xor === parseInt(text.slice(10, 12), 16) ? text.slice(0, 10).toUpperCase() : null;
}

export function decodeSerial(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s, contentEnd: e } = frame;
  msg.io.serialType = r.u8At(s);
  const card = rfidCard(r, s + 1, e);
  if (card !== null) msg.io.driverId = card;
  if (isPrintable(r, s + 1, e)) msg.io.serialText = r.latin1At(s + 1, e).trim();
  else msg.io.serialHex = r.hexAt(s + 1, e);
  return null;
}

const OBD_KEYS = new Map<number, [key: string, scale: number]>([
  [0x28, ['obdOdometerKm', 0.01]],
  [0x2b, ['fuelLevelPct', 0.01]],
  [0x2d, ['coolantTempC', 0.01]],
  [0x35, ['obdSpeedKph', 0.01]],
  [0x36, ['rpm', 0.01]],
  [0x47, ['fuelUsedL', 0.01]],
  [0x49, ['engineHours', 0.01]],
]);

export function decodeObd(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s, contentEnd: e } = frame;
  const time = readDateTime(r, s);
  msg.ignition = r.u8At(s + 6) > 0;
  const gpsAt = e - 12;
  const text = r.latin1At(s + 7, gpsAt);
  for (const pair of text.split(',')) {
    const [key = '', value = ''] = pair.split('=');
    if (key.length < 2 || value === '') continue;
    const id = parseInt(key.slice(0, 2), 16);
    if (id === 0x4a) {
      msg.io.vin = value;
      continue;
    }
    const mapped = OBD_KEYS.get(id);
    const raw = parseInt(value, 16);
    if (mapped !== undefined && Number.isFinite(raw))
      msg.io[mapped[0]] = Math.round(raw * mapped[1] * 100) / 100;
  }
  msg.fixTime = time;
  msg.satellites = r.u8At(gpsAt) & 0x0f;
  msg.speedKph = r.u8At(gpsAt + 9);
  applyLatLonFlags(
    r.u32At(gpsAt + 1) / COORDINATE_DIVISOR,
    r.u32At(gpsAt + 5) / COORDINATE_DIVISOR,
    r.u16At(gpsAt + 10),
    msg,
  );
  if (msg.lat === null) markNoFix(msg, time);
  return null;
}

export function decodePeripheral(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s, contentEnd: e } = frame;
  msg.io.deviceTime = epochIso(r.u32At(s));
  let p = s + 4;
  while (p + 3 <= e) {
    const id = r.u16At(p);
    p += 2;
    if (id === 0x0a) {
      const length = r.u16At(p);
      msg.io.bleMac = macAt(r, p + 3);
      msg.io.eventId = r.u8At(p + 9);
      msg.io.eventData = r.u8At(p + 10);
      msg.io.dataType = r.u8At(p + 11);
      msg.io.dataText = r.latin1At(p + 12, p + 2 + length);
      p += 2 + length;
    } else if (id === 0x0c) {
      msg.io.externalBatteryPct = r.u8At(p + 1);
      msg.io.externalBatteryCharging = r.u8At(p + 2) > 0;
      msg.io.externalBatteryCycles = r.u16At(p + 3);
      p += 11;
    } else {
      const length = r.u8At(p);
      p += 1 + (length === 0 ? 1 + r.u8At(p + 1) : length);
    }
  }
  return null;
}
