/**
 * Login messages (protocols.md §5.1): vehicle registration, IMEI, firmware, protocol version and the last valid
 * location. Forms seen:
 *   `$,LGN,<vendor>,<vehicle>,<imei>,<fw>,<proto>,<lat>,N,<lon>,E`        iStartek, MARK, QuecPython
 *   `$LGN,<vehicle>,<imei>,<fw>,[<proto>,]<lat>,N,<lon>,E[,<crc>]`         nnAIH, WTEX, TNT
 *   `$Header,<vendor>,<vehicle>,<imei>,<fw>,AIS140,<lat>,N,<lon>,E`        iTriangle, Navitech
 *   `$,,<imei>,<fw>,VERSION1.0,<lat>,N,<lon>,E`                            ATL
 *   `$,01,<vendor>,<fw>,<imei>,<vehicle>,`                                 XYZ123 numeric headers
 *   `$DeviceName - <veh>$IMEI - <imei>$Firmware - ..$Protocol - ..$LastValidLocation - 28.35N076.92E` (CTPL)
 * The last valid location goes to lat/lon; fixTime stays null because logins carry no time.
 */
import { emptyMessage } from '../core/message.ts';
import type { NormalisedMessage } from '../core/message.ts';
import type { Envelope } from './envelope.ts';
import { isImei, parseCoordinate } from './fields.ts';

export function decodeLogin(env: Envelope): NormalisedMessage | string {
  const f = env.fields;
  const b = env.base;
  let imeiAt = -1;
  for (let i = b; i < f.length && i <= b + 4; i++) {
    if (f.isImei(i)) {
      imeiAt = i;
      break;
    }
  }
  if (imeiAt < 0) return 'login without an IMEI';
  const msg = emptyMessage('ais140', 'login', f.get(imeiAt));
  const io = msg.io;
  io.header = env.header;
  if (env.header === '01') {
    io.vendor = f.get(b);
    io.firmware = f.get(b + 1);
    io.vehicleRegNo = f.get(imeiAt + 1);
    return msg;
  }
  const before = imeiAt - b; // fields between the header and the IMEI: [vendor,] vehicle
  if (before >= 2) io.vendor = f.get(b);
  if (before >= 1) io.vehicleRegNo = f.get(imeiAt - 1);
  io.firmware = f.get(imeiAt + 1);
  const k = f.findCoordinates(imeiAt + 2, imeiAt + 4);
  if (k < 0) return msg;
  if (k > imeiAt + 2) io.protocolVersion = f.get(imeiAt + 2);
  msg.lat = f.coordinate(k, 90);
  msg.lon = f.coordinate(k + 2, 180);
  return msg;
}

const LABELS: Readonly<Record<string, string>> = {
  DeviceName: 'vehicleRegNo',
  Firmware: 'firmware',
  Protocol: 'protocolVersion',
};

/** The standard's bullet list sent literally: `$Label - value` repeated (one CTPL capture). */
export function decodeLiteralLogin(text: string): NormalisedMessage | string {
  let imei: string | null = null;
  const io: NormalisedMessage['io'] = { header: 'DeviceName' };
  let location = '';
  for (const part of text.split('$')) {
    const dash = part.indexOf(' - ');
    if (dash < 0) continue;
    const label = part.slice(0, dash);
    const value = part.slice(dash + 3).trim();
    if (label === 'IMEI') imei = value;
    else if (label === 'LastValidLocation') location = value;
    else {
      const key = LABELS[label];
      if (key !== undefined) io[key] = value;
    }
  }
  if (!isImei(imei ?? undefined)) return 'literal login without an IMEI';
  const msg = emptyMessage('ais140', 'login', imei);
  msg.io = io;
  const ns = Math.max(location.indexOf('N'), location.indexOf('S'));
  if (ns > 0) {
    const lonText = location.slice(ns + 1, -1);
    msg.lat = parseCoordinate(location.slice(0, ns), location.charAt(ns), 90);
    msg.lon = parseCoordinate(lonText, location.charAt(location.length - 1), 180);
  }
  return msg;
}
