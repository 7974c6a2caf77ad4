/**
 * Text-bearing frames: 0x15 string information (command replies, ICCID), 0x21 information with an encoding byte
 * (0x7979), and 0x94 information transmission (sub-type + data). Layouts from §8.2 and Traccar's decoder.
 */
import type { NormalisedMessage } from '../core/message.ts';
import type { ByteReader } from '../core/byte-reader.ts';
import type { ParsedFrame } from './frame-parser.ts';

const ICCID_PREFIX = '<ICCID:';

function setReplyText(msg: NormalisedMessage, text: string): void {
  msg.text = text;
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

/**
 * 0x94. In a 0x7878 frame the content is a 2-byte external voltage (0.01 V). In 0x7979 frames: sub-type 0x00 external
 * voltage, 0x04 status sync text, 0x05 door status, 0x0A IMEI+IMSI+ICCID, 0x0D fuel sensor text, 0x1B RFID/driver ID.
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
  msg.io.infoType = subType;
  if (subType === 0x00 && e - p >= 2) msg.mainVoltageV = r.u16At(p) / 100;
  else if (subType === 0x04) msg.io.statusSync = r.latin1At(p, e);
  else if (subType === 0x05 && e - p >= 1) msg.io.doorOpen = (r.u8At(p) & 0x01) !== 0;
  else if (subType === 0x0a && e - p >= 26) {
    const imsi = readBcdDigits(r, p + 8, p + 16);
    msg.io.imsi = imsi.length === 16 && imsi.startsWith('0') ? imsi.slice(1) : imsi;
    msg.io.iccid = readBcdDigits(r, p + 16, p + 26);
  } else if (subType === 0x0d) msg.io.fuelText = r.latin1At(p, e);
  else if (subType === 0x1b && e - p >= 6) msg.io.driverId = r.hexAt(p + 2, p + 6);
  else msg.io.infoHex = r.hexAt(p, e);
  return null;
}
