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
import {
  findCoordinates,
  isImei,
  isoFromDigits,
  joinTokens,
  parseCoordinate,
  parseDecimal,
  parseFlag,
} from './fields.ts';

/** Index of the `EMR`/`SEM` field when this is an emergency message, else -1. */
export function emergencyIndex(env: Envelope): number {
  const b = env.base;
  const at = env.fields[b];
  if (at === 'EMR' || at === 'SEM') return b;
  const next = env.fields[b + 1];
  return next === 'EMR' || next === 'SEM' ? b + 1 : -1;
}

export function decodeEmergency(env: Envelope, m: number): NormalisedMessage | string {
  const f = env.fields;
  const imei = f[m + 1];
  if (!isImei(imei)) return 'emergency message without an IMEI after EMR/SEM';
  const msg = emptyMessage('ais140', 'alarm', imei);
  const io = msg.io;
  io.header = env.header;
  if (m > env.base) io.vendor = f[env.base] ?? '';
  io.packetType = f[m] ?? '';
  io.epbType = f[m + 2] ?? '';
  msg.history = f[m + 2] === 'SP';
  msg.alarms = [f[m] === 'SEM' ? 'sosOff' : 'sos'];

  const k = findCoordinates(f, m + 4, m + 12);
  if (k < 0) return msg; // the alarm stands even without a readable position
  let last = k;
  const validity = parseFlag(f[k - 1]);
  if (validity !== null) last--;
  msg.gpsValid = validity;
  msg.fixTime = isoFromDigits(joinTokens(f, m + 3, last));
  msg.lat = parseCoordinate(f[k], f[k + 1], 90);
  msg.lon = parseCoordinate(f[k + 2], f[k + 3], 180);
  const p = k + 4;
  msg.altitudeM = parseDecimal(f[p]);
  msg.speedKph = parseDecimal(f[p + 1]);
  io.distance = parseDecimal(f[p + 2]);
  io.provider = f[p + 3] ?? null;
  io.vehicleRegNo = f[p + 4] ?? null;
  io.replyNumber = f[p + 5] ?? null;

  const csIndex = checksumFieldIndex(env);
  const extras: string[] = [];
  for (let i = p + 6; i < f.length; i++) if (i !== csIndex && f[i] !== '') extras.push(f[i] ?? '');
  if (extras.length === 4 && extras[0]?.length === 3) readServingCell(extras, 0, io);
  else if (extras.length > 0) io.extras = extras.join(',');
  return msg;
}
