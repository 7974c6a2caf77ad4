/** Builds server → device frames: start, length, protocol number, content, serial, CRC-ITU, 0D 0A (§8.1). */
import { crc16Itu } from '../core/crc16-itu.ts';
import * as constants from './constants.ts';

// Read once: under tsx/esbuild every access to an imported binding is a getter call (per byte in the framer).
const { START_LONG, START_SHORT, STOP_CR, STOP_LF } = constants;

export function writeFrame(
  type: number,
  content: Uint8Array | null,
  serial: number,
  extended = false,
): Uint8Array {
  const contentBytes = content?.length ?? 0;
  const lengthField = 1 + contentBytes + 2 + 2;
  const headerBytes = extended ? 4 : 3;
  if (lengthField > (extended ? 0xffff : 0xff))
    throw new RangeError(`GT06 frame content too long: ${contentBytes}`);
  const out = new Uint8Array(headerBytes + lengthField + 2);
  const start = extended ? START_LONG : START_SHORT;
  out[0] = start;
  out[1] = start;
  let p = 2;
  if (extended) out[p++] = lengthField >> 8;
  out[p++] = lengthField & 0xff;
  out[p++] = type;
  if (content !== null) {
    out.set(content, p);
    p += content.length;
  }
  out[p++] = (serial >> 8) & 0xff;
  out[p++] = serial & 0xff;
  const crc = crc16Itu(out, 2, p);
  out[p++] = crc >> 8;
  out[p++] = crc & 0xff;
  out[p++] = STOP_CR;
  out[p] = STOP_LF;
  return out;
}
