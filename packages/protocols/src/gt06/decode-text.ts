/**
 * Text-bearing frames: 0x15 string information (command replies, ICCID), 0x21 information with an encoding byte
 * (0x7979), and 0x94 information transmission (sub-type + data). Layouts from §8.2 and Traccar's decoder.
 */
import type { NormalisedMessage } from '../core/message.ts';
import type { ByteReader } from '../core/byte-reader.ts';
import type { ParsedFrame } from './frame-parser.ts';
import * as mdate_time from './date-time.ts';

// Imported functions read once (a getter call per use under tsx/esbuild; see constants in framer.ts).
const { readDateTime } = mdate_time;

const ICCID_PREFIX = '<ICCID:';

function setReplyText(msg: NormalisedMessage, text: string): void {
  msg.text = text;
  applyPositionText(text, msg);
  if (text.startsWith(ICCID_PREFIX)) msg.io.iccid = text.slice(ICCID_PREFIX.length, ICCID_PREFIX.length + 20);
}

/** 0x15: command length (= 4 + text), server flag (4), ASCII text, [language (2)]. Length 0 = "rest is text". */
export function decodeString(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s, contentEnd: e } = frame;
  if (e - s < 5) return `string 0x15: ${e - s} content bytes, need 5`;
  const commandLength = r.u8At(s);
  msg.io.serverFlag = r.u16At(s + 1) * 0x10000 + r.u16At(s + 3);
  const textEnd =
    commandLength >= 4 && s + 1 + commandLength <= e ? s + 1 + commandLength : Math.max(s + 5, e - 2);
  setReplyText(msg, r.latin1At(s + 5, textEnd));
  return null;
}

function readUtf16(r: ByteReader, start: number, end: number): string {
  let out = '';
  for (let i = start; i + 1 < end; i += 2) out += String.fromCharCode(r.u16At(i));
  let stop = out.length;
  while (stop > 0 && out.charCodeAt(stop - 1) === 0) stop--;
  return out.slice(0, stop);
}

/** 0x21: server flag (4), encoding (1 = ASCII, 2 = UTF-16BE), text. */
export function decodeStringInfo(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s, contentEnd: e } = frame;
  if (e - s < 5) return `string 0x21: ${e - s} content bytes, need 5`;
  msg.io.serverFlag = r.u16At(s) * 0x10000 + r.u16At(s + 2);
  const encoding = r.u8At(s + 4);
  msg.io.textEncoding = encoding;
  setReplyText(msg, encoding === 2 ? readUtf16(r, s + 5, e) : r.latin1At(s + 5, e));
  return null;
}

/** BCD digits with the F padding nibbles dropped (ICCID, IMSI). */
function readBcdDigits(r: ByteReader, start: number, end: number): string {
  let out = '';
  for (let i = start; i < end; i++) {
    const byte = r.u8At(i);
    if (byte >> 4 <= 9) out += String(byte >> 4);
    if ((byte & 0x0f) <= 9) out += String(byte & 0x0f);
  }
  return out;
}

/** `!AIOIL,addr,output,temperature,version,status,measured,movement,excited,checksum` (ultrasonic fuel sensor). */
function applyFuelText(text: string, msg: NormalisedMessage): void {
  msg.io.fuelText = text;
  const fields = text.startsWith('!AIOIL,') ? text.split(',') : [];
  const temperature = Number(fields[3]);
  const level = Number(fields[6]);
  if (fields.length >= 9 && Number.isFinite(temperature)) msg.io.temp1C = temperature;
  if (fields.length >= 9 && Number.isFinite(level)) msg.io.fuelLevel = level;
}

function isLetter(byte: number): boolean {
  return (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);
}

/**
 * 0x94. In a 0x7878 frame the content is a 2-byte external voltage (0.01 V). In 0x7979 frames: sub-type 0x00 external
 * voltage, 0x04 status sync text, 0x05 door status ([time(6)] flags: bit 0 door, bit 2 input 1), 0x0A IMEI+IMSI+ICCID,
 * 0x0B network technology (1 byte: 0 2G, else 4G) or external voltage (2 bytes), 0x0D fuel sensor text ([time(6)]
 * `!AIOIL,…`), 0x1B RFID reader (text `RFID:<id>` or binary header, type, 4-byte id, checksum, footer),
 * 0x1E temperature + humidity (signed 4 bytes each, 0.1 units).
 */
export function decodeInfo(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s, contentEnd: e } = frame;
  if (!frame.extended && e - s === 2) {
    msg.mainVoltageV = r.u16At(s) / 100;
    return null;
  }
  if (e - s < 1) return 'info 0x94: empty content';
  const subType = r.u8At(s);
  const p = s + 1;
  const size = e - p;
  msg.io.infoType = subType;
  if (subType === 0x00 && size >= 2) msg.mainVoltageV = r.u16At(p) / 100;
  else if (subType === 0x04) msg.io.statusSync = r.latin1At(p, e);
  else if (subType === 0x05 && size >= 1) {
    const flags = r.u8At(size >= 7 ? p + 6 : p);
    if (size >= 7) msg.fixTime = readDateTime(r, p);
    msg.io.doorOpen = (flags & 0x01) !== 0;
    msg.io.input1 = (flags & 0x04) !== 0;
  } else if (subType === 0x0a && size >= 26) {
    const imsi = readBcdDigits(r, p + 8, p + 16);
    msg.io.imsi = imsi.length === 16 && imsi.startsWith('0') ? imsi.slice(1) : imsi;
    msg.io.iccid = readBcdDigits(r, p + 16, p + 26);
  } else if (subType === 0x0b && size === 1) msg.io.networkTechnology = r.u8At(p) > 0 ? '4G' : '2G';
  else if (subType === 0x0b && size === 2) msg.mainVoltageV = r.u16At(p) / 100;
  else if (subType === 0x0d) applyFuelText(r.latin1At(r.u8At(p) === 0x21 ? p : p + 6, e), msg);
  else if (subType === 0x1b && size >= 1 && isLetter(r.u8At(p))) {
    const text = r.latin1At(p, e).trim();
    msg.io.rfidText = text;
    const match = /^RFID:([0-9A-Fa-f]+)$/.exec(text);
    if (match?.[1] !== undefined) msg.io.driverId = match[1].toUpperCase();
  } else if (subType === 0x1b && size >= 6) msg.io.driverId = r.hexAt(p + 2, p + 6);
  else if (subType === 0x1e && size >= 8) {
    msg.io.temp1C = (r.u32At(p) | 0) / 10;
    msg.io.humidityPct = (r.u32At(p + 4) | 0) / 10;
  } else msg.io.infoHex = r.hexAt(p, e);
  return null;
}

/**
 * `Current position!Lat:N54.739332,Lon:E25.273270,Course:126.53,Speed:0.0000,DateTime:2017-05-26  10:27:47`: the
 * device's text reply to `WHERE#` (0x15/0x21), turned into a fix (speed taken as km/h, time as UTC like every GT06
 * time).
 */
const CURRENT_POSITION =
  /^Current position!\s*Lat:([NS])(\d+\.\d+),Lon:([EW])(\d+\.\d+),Course:(\d+(?:\.\d+)?),Speed:(\d+(?:\.\d+)?),DateTime:(\d{4})-(\d\d)-(\d\d) +(\d\d):(\d\d):(\d\d)/;

export function applyPositionText(text: string, msg: NormalisedMessage): boolean {
  const m = CURRENT_POSITION.exec(text);
  if (m === null) return false;
  const [, ns, lat, ew, lon, course, speed, y, mo, d, h, mi, sec] = m;
  const latDeg = Number(lat) * (ns === 'S' ? -1 : 1);
  const lonDeg = Number(lon) * (ew === 'W' ? -1 : 1);
  if (Math.abs(latDeg) > 90 || Math.abs(lonDeg) > 180) return false;
  msg.lat = latDeg;
  msg.lon = lonDeg;
  msg.headingDeg = Number(course);
  msg.speedKph = Number(speed);
  msg.gpsValid = true;
  msg.fixTime = `${y}-${mo}-${d}T${h}:${mi}:${sec}.000Z`;
  return true;
}
