/**
 * Normal, history and alert packets: the de-facto field order of protocols.md §2.1, located by anchors instead of
 * fixed indices so that every family in §2.2 fits:
 *   status `L|H` followed by the 15-digit IMEI (packet type and optional alert id just before it);
 *   the `lat,N|S,lon,E|W` quadruple (vehicle, fix flag and 1/2/6 date-time tokens between IMEI and it);
 *   the `DI(4),DO(2)` pair after the serving cell (neighbour cells in between, any count).
 */
import { emptyMessage } from '../core/message.ts';
import type { NormalisedMessage } from '../core/message.ts';
import { alarmsFor } from './alarms.ts';
import { readNeighbours, readServingCell } from './cells.ts';
import { isoFromTokens } from './date-time.ts';
import type { Envelope } from './envelope.ts';
import { checksumFieldIndex } from './envelope.ts';
import type { FieldList } from './field-list.ts';
import { readTail } from './tail.ts';

/** Decodes a tracking packet; a string is the reason it could not. */
export function decodeTracking(env: Envelope): NormalisedMessage | string {
  const f = env.fields;
  const b = env.base;
  let s = -1;
  for (let i = b + 1; i <= b + 5 && i + 1 < f.length; i++) {
    if ((f.is(i, 'L') || f.is(i, 'H')) && f.isImei(i + 1)) {
      s = i;
      break;
    }
  }
  if (s < 0) return 'no L/H status followed by an IMEI';
  const hasAlertId = s - 1 > b && f.size(s - 1) <= 3 && f.isDigits(s - 1);
  const alertId = hasAlertId ? f.int(s - 1) : null;
  const typeAt = hasAlertId ? s - 2 : s - 1;
  const packetType = typeAt >= b ? f.get(typeAt) : '';

  const msg = emptyMessage('ais140', 'position', f.get(s + 1));
  const io = msg.io;
  io.header = env.header;
  if (typeAt - b >= 2) io.vendor = f.get(b);
  if (typeAt - b >= 1) io.firmware = f.get(typeAt - 1);
  io.packetType = packetType;
  io.alertId = alertId;
  msg.history = f.is(s, 'H') || alertId === 2;

  const k = f.findCoordinates(s + 3, s + 12);
  if (k < 0) return 'no latitude/longitude fields';
  readFixAndTime(f, s + 2, k, msg);
  msg.lat = f.coordinate(k, 90);
  msg.lon = f.coordinate(k + 2, 180);
  const p = k + 4;
  msg.speedKph = f.num(p);
  msg.headingDeg = f.num(p + 1);
  msg.satellites = f.int(p + 2);
  msg.altitudeM = f.num(p + 3);
  io.pdop = f.num(p + 4);
  msg.hdop = f.num(p + 5);

  msg.alarms = alarmsFor(packetType, alertId);
  if (msg.alarms.length > 0) msg.kind = 'alarm';
  if (f.length > p + 7) readStatus(env, p + 6, msg);
  return msg;
}

/** Vehicle, fix flag and date-time between the IMEI and the coordinates. */
function readFixAndTime(f: FieldList, from: number, to: number, msg: NormalisedMessage): void {
  let hasVehicle = true;
  let first = from + 1;
  let last = to;
  let fix: boolean | null = null;
  if (last - first >= 2 && f.flag(first) !== null) {
    fix = f.flag(first); // standard: fix, date, time
    first++;
  } else if (last - first >= 2 && f.flag(last - 1) !== null) {
    fix = f.flag(last - 1); // RLP: date, time, fix
    last--;
  } else if (f.flag(from) !== null) {
    fix = f.flag(from); // no vehicle field: the fix flag follows the IMEI directly
    hasVehicle = false;
  }
  if (hasVehicle) msg.io.vehicleRegNo = f.get(from);
  msg.gpsValid = fix;
  msg.fixTime = isoFromTokens(f, first, last);
}

/** Operator through digital outputs, then the tail. */
function readStatus(env: Envelope, o: number, msg: NormalisedMessage): void {
  const f = env.fields;
  const io = msg.io;
  let opEnd = o; // the operator may contain commas in theory; find the ignition/main-power pair after it
  while (opEnd < o + 3 && !(isBit(f, opEnd + 1) && isBit(f, opEnd + 2))) opEnd++;
  if (!(isBit(f, opEnd + 1) && isBit(f, opEnd + 2))) opEnd = o;
  io.operator = f.join(o, opEnd + 1);
  msg.ignition = f.flag(opEnd + 1);
  msg.mainPower = f.flag(opEnd + 2);
  msg.mainVoltageV = f.num(opEnd + 3);
  msg.batteryVoltageV = f.num(opEnd + 4);
  io.emergency = f.flag(opEnd + 5);
  let t = opEnd + 6;
  if (f.has(t) && !f.isDigits(t)) {
    io.tamper = f.get(t); // `C`/`O`, other letters, or empty; absent in some firmwares
    t++;
  }
  const gsm = f.int(t);
  msg.gsmSignal = gsm !== null && gsm <= 31 ? gsm : null;
  if (gsm !== null && gsm > 31) io.gsmSignalRaw = gsm;
  if (t + 4 >= f.length) return;
  readServingCell(f, t + 1, io);
  const nmrFrom = t + 5;
  const di = findDigitalIo(f, nmrFrom);
  readNeighbours(f, nmrFrom, di < 0 ? f.length : di, io);
  if (di < 0) return;
  io.digitalInputs = f.get(di);
  io.digitalOutputs = f.get(di + 1);
  const vendor = typeof io.vendor === 'string' ? io.vendor : '';
  readTail(f, di + 2, { header: env.header, vendor, checksumIndex: checksumFieldIndex(env) }, msg);
}

function isBit(f: FieldList, i: number): boolean {
  if (f.size(i) !== 1) return false;
  const c = f.first(i);
  return c === 48 || c === 49;
}

/** Index of the DI field: 12 fields after the serving cell when four neighbour triples are sent, else searched. */
function findDigitalIo(f: FieldList, from: number): number {
  if (isDi(f, from + 12) && isDo(f, from + 13)) return from + 12;
  for (let i = from; i + 1 < f.length; i++) {
    if (isDi(f, i) && isDo(f, i + 1)) return i;
  }
  return -1;
}

/** Four digital inputs `0`/`1` (Traccar also accepts `2`). */
function isDi(f: FieldList, i: number): boolean {
  if (f.size(i) !== 4) return false;
  const start = f.start(i);
  for (let k = start; k < start + 4; k++) {
    const c = f.text.charCodeAt(k);
    if (c < 48 || c > 50) return false;
  }
  return true;
}

/** `00`, `01`, `10` or `11`. */
function isDo(f: FieldList, i: number): boolean {
  if (f.size(i) !== 2) return false;
  const start = f.start(i);
  const a = f.text.charCodeAt(start);
  const b = f.text.charCodeAt(start + 1);
  return (a === 48 || a === 49) && (b === 48 || b === 49);
}
