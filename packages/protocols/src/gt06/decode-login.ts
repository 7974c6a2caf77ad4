/**
 * Login 0x01 (§8.2): terminal ID as 8 bytes BCD (IMEI behind one leading nibble, usually 0); newer firmwares add a
 * type ID (2) and a timezone/language word (2): upper 12 bits = hours × 100 + minutes, bit 3 = west (negative).
 */
import type { NormalisedMessage } from '../core/message.ts';
import type { ByteReader } from '../core/byte-reader.ts';
import type { ParsedFrame } from './frame-parser.ts';

/** The 15-digit IMEI, or null when a nibble is not a decimal digit. */
export function readImei(r: ByteReader, offset: number): string | null {
  let imei = '';
  for (let i = 0; i < 8; i++) {
    const byte = r.u8At(offset + i);
    const high = byte >> 4;
    const low = byte & 0x0f;
    if (high > 9 || low > 9) return null;
    if (i > 0) imei += String(high);
    imei += String(low);
  }
  return imei;
}

export function decodeLogin(
  r: ByteReader,
  frame: ParsedFrame,
  msg: NormalisedMessage,
): { imei: string | null; problem: string | null } {
  const { contentStart: s, contentEnd: e } = frame;
  if (e - s < 8) return { imei: null, problem: `login: ${e - s} content bytes, need 8` };
  const imei = readImei(r, s);
  if (imei === null) return { imei: null, problem: 'login: terminal ID is not BCD' };
  msg.imei = imei;
  if (e - s >= 10) msg.io.typeId = r.u16At(s + 8);
  if (e - s >= 12) {
    const word = r.u16At(s + 10);
    const hhmm = word >> 4;
    const minutes = Math.floor(hhmm / 100) * 60 + (hhmm % 100);
    msg.io.timezoneOffsetMin = (word & 0x08) !== 0 ? -minutes : minutes;
  }
  return { imei, problem: null };
}
