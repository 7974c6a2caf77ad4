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
import type { Envelope } from './envelope.ts';
import { checksumFieldIndex } from './envelope.ts';
import {
  findCoordinates,
  isDigits,
  isImei,
  isoFromDigits,
  joinTokens,
  parseCoordinate,
  parseDecimal,
  parseDigits,
  parseFlag,
} from './fields.ts';
import { readTail } from './tail.ts';

/** Decodes a tracking packet; a string is the reason it could not. */
export function decodeTracking(env: Envelope): NormalisedMessage | string {
  const f = env.fields;
  const b = env.base;
  let s = -1;
  for (let i = b + 1; i <= b + 5 && i + 1 < f.length; i++) {
    const v = f[i];
    if ((v === 'L' || v === 'H') && isImei(f[i + 1])) {
      s = i;
      break;
    }
  }
  if (s < 0) return 'no L/H status followed by an IMEI';
  const imei = f[s + 1] ?? '';
  const alertField = f[s - 1] ?? '';
  const hasAlertId = s - 1 > b && alertField.length <= 3 && isDigits(alertField);
  const alertId = hasAlertId ? Number(alertField) : null;
  const typeAt = hasAlertId ? s - 2 : s - 1;
  const packetType = typeAt >= b ? (f[typeAt] ?? '') : '';

  const msg = emptyMessage('ais140', 'position', imei);
  const io = msg.io;
  io.header = env.header;
  if (typeAt - b >= 2) io.vendor = f[b] ?? '';
  if (typeAt - b >= 1) io.firmware = f[typeAt - 1] ?? '';
  io.packetType = packetType;
  io.alertId = alertId;
  msg.history = f[s] === 'H' || alertId === 2;

  const k = findCoordinates(f, s + 3, s + 12);
  if (k < 0) return 'no latitude/longitude fields';
  readFixAndTime(f, s + 2, k, msg);
  msg.lat = parseCoordinate(f[k], f[k + 1], 90);
  msg.lon = parseCoordinate(f[k + 2], f[k + 3], 180);
  const p = k + 4;
  msg.speedKph = parseDecimal(f[p]);
  msg.headingDeg = parseDecimal(f[p + 1]);
  msg.satellites = parseDigits(f[p + 2]);
  msg.altitudeM = parseDecimal(f[p + 3]);
  io.pdop = parseDecimal(f[p + 4]);
  msg.hdop = parseDecimal(f[p + 5]);

  msg.alarms = alarmsFor(packetType, alertId);
  if (msg.alarms.length > 0) msg.kind = 'alarm';
  if (f.length > p + 7) readStatus(env, p + 6, msg);
  return msg;
}

/** Vehicle, fix flag and date-time between the IMEI and the coordinates. */
function readFixAndTime(f: readonly string[], from: number, to: number, msg: NormalisedMessage): void {
  let vehicle: string | undefined = f[from];
  let first = from + 1;
  let last = to;
  let fix: boolean | null = null;
  if (last - first >= 2 && parseFlag(f[first]) !== null) {
    fix = parseFlag(f[first]); // standard: fix, date, time
    first++;
  } else if (last - first >= 2 && parseFlag(f[last - 1]) !== null) {
    fix = parseFlag(f[last - 1]); // RLP: date, time, fix
    last--;
  } else if (parseFlag(vehicle) !== null) {
    fix = parseFlag(vehicle); // no vehicle field: the fix flag follows the IMEI directly
    vehicle = undefined;
  }
  if (vehicle !== undefined) msg.io.vehicleRegNo = vehicle;
  msg.gpsValid = fix;
  msg.fixTime = isoFromDigits(joinTokens(f, first, last));
}

/** Operator through digital outputs, then the tail. */
function readStatus(env: Envelope, o: number, msg: NormalisedMessage): void {
  const f = env.fields;
  const io = msg.io;
  let opEnd = o; // the operator may contain commas in theory; find the ignition/main-power pair after it
  while (opEnd < o + 3 && !(isBit(f[opEnd + 1]) && isBit(f[opEnd + 2]))) opEnd++;
  if (!(isBit(f[opEnd + 1]) && isBit(f[opEnd + 2]))) opEnd = o;
  io.operator = opEnd === o ? (f[o] ?? '') : f.slice(o, opEnd + 1).join(',');
  msg.ignition = parseFlag(f[opEnd + 1]);
  msg.mainPower = parseFlag(f[opEnd + 2]);
  msg.mainVoltageV = parseDecimal(f[opEnd + 3]);
  msg.batteryVoltageV = parseDecimal(f[opEnd + 4]);
  io.emergency = parseFlag(f[opEnd + 5]);
  let t = opEnd + 6;
  const tamper = f[t];
  if (tamper !== undefined && (tamper === '' || !isDigits(tamper))) {
    io.tamper = tamper;
    t++;
  }
  const gsm = parseDigits(f[t]);
  msg.gsmSignal = gsm !== null && gsm <= 31 ? gsm : null;
  if (gsm !== null && gsm > 31) io.gsmSignalRaw = gsm;
  if (t + 4 >= f.length) return;
  readServingCell(f, t + 1, io);
  const nmrFrom = t + 5;
  const di = findDigitalIo(f, nmrFrom);
  readNeighbours(f, nmrFrom, di < 0 ? f.length : di, io);
  if (di < 0) return;
  io.digitalInputs = f[di] ?? '';
  io.digitalOutputs = f[di + 1] ?? '';
  const tailCtx = { header: env.header, vendor: String(io.vendor ?? ''), checksumIndex: checksumFieldIndex(env) };
  readTail(f, di + 2, tailCtx, msg);
}

function isBit(s: string | undefined): boolean {
  return s === '0' || s === '1';
}

/** Index of the DI field: 12 fields after the serving cell when four neighbour triples are sent, else searched. */
function findDigitalIo(f: readonly string[], from: number): number {
  if (isDi(f[from + 12]) && isDo(f[from + 13])) return from + 12;
  for (let i = from; i + 1 < f.length; i++) {
    if (isDi(f[i]) && isDo(f[i + 1])) return i;
  }
  return -1;
}

function isDi(s: string | undefined): boolean {
  if (s === undefined || s.length !== 4) return false;
  for (let i = 0; i < 4; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 50) return false;
  }
  return true;
}

function isDo(s: string | undefined): boolean {
  return s === '00' || s === '01' || s === '10' || s === '11';
}
