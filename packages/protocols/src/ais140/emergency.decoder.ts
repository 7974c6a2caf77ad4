/**
 * Emergency messages (standard Table 4C / 6F, protocols.md §4): `EPB`, then `EMR` (emergency) or `SEM` (stop),
 * IMEI, `NM` live / `SP` stored, date-time (one 14-digit field, DDMMYYYY + hhmmss, or six fields), `A`/`V`,
 * lat, N/S, lon, E/W, altitude (m), speed (km/h), distance from the previous fix, provider `G`/`N`, vehicle
 * registration, reply number, then optional MCC/MNC/LAC/CID (nnAIH) and checksum. Variants put a vendor id between
 * `EPB` and `EMR` (iStartek, iTriangle) or send `EMR` under `$Header,<vendor>`.
 */
import { emptyMessage } from '../core/message.ts';
import type { NormalisedMessage } from '../core/message.ts';
import { readServingCell } from './cells.ts';
import type { Envelope } from './envelope.ts';
import { checksumFieldIndex } from './envelope.ts';
import { isoFromTokens } from './date-time.ts';

/** Index of the `EMR`/`SEM` field when this is an emergency message, else -1. */
export function emergencyIndex(env: Envelope): number {
  const f = env.fields;
  const b = env.base;
  if (f.is(b, 'EMR') || f.is(b, 'SEM')) return b;
  return f.is(b + 1, 'EMR') || f.is(b + 1, 'SEM') ? b + 1 : -1;
}

export function decodeEmergency(env: Envelope, m: number): NormalisedMessage | string {
  const f = env.fields;
  if (!f.isImei(m + 1)) return 'emergency message without an IMEI after EMR/SEM';
  const msg = emptyMessage('ais140', 'alarm', f.get(m + 1));
  const io = msg.io;
  io.header = env.header;
  if (m > env.base) io.vendor = f.get(env.base);
  io.packetType = f.get(m);
  io.epbType = f.get(m + 2);
  msg.history = f.is(m + 2, 'SP');
  msg.alarms = [f.is(m, 'SEM') ? 'sosOff' : 'sos'];

  const k = f.findCoordinates(m + 4, m + 12);
  if (k < 0) return msg; // the alarm stands even without a readable position
  const validity = f.flag(k - 1);
  msg.gpsValid = validity;
  msg.fixTime = isoFromTokens(f, m + 3, validity === null ? k : k - 1);
  msg.lat = f.coordinate(k, 90);
  msg.lon = f.coordinate(k + 2, 180);
  const p = k + 4;
  msg.altitudeM = f.num(p);
  msg.speedKph = f.num(p + 1);
  io.distance = f.num(p + 2);
  io.provider = f.has(p + 3) ? f.get(p + 3) : null;
  io.vehicleRegNo = f.has(p + 4) ? f.get(p + 4) : null;
  io.replyNumber = f.has(p + 5) ? f.get(p + 5) : null;

  const csIndex = checksumFieldIndex(env);
  const extras: number[] = [];
  for (let i = p + 6; i < f.length; i++) if (i !== csIndex && f.size(i) > 0) extras.push(i);
  const [mcc = -1, mnc = -1, lac = -1, cid = -1] = extras;
  if (extras.length === 4 && f.size(mcc) === 3 && mnc === mcc + 1 && lac === mcc + 2 && cid === mcc + 3) {
    readServingCell(f, mcc, io);
  } else if (extras.length > 0) {
    io.extras = extras.map((i) => f.get(i)).join(',');
  }
  return msg;
}
