/**
 * Validates one GT06 frame (as the framer emits it, or any bytes a caller hands the decoder) and locates its parts.
 * Length field counts protocol number + content + serial + CRC; CRC-ITU covers length field .. serial (§8.1).
 */
import { crc16Itu } from '../core/crc16-itu.ts';
import { ByteReader } from '../core/byte-reader.ts';
import * as constants from './constants.ts';
import { wifiFrameLength } from './terminator.ts';

// Read once: under tsx/esbuild every access to an imported binding is a getter call (per byte in the framer).
const { MAX_FRAME_BYTES, MIN_LENGTH_FIELD, START_LONG, START_SHORT, STOP_CR, STOP_LF } = constants;

export interface ParsedFrame {
  /** `79 79` frame with a 2-byte length field. */
  extended: boolean;
  /** Protocol number (message type). */
  type: number;
  /** Content is bytes[contentStart, contentEnd): after the protocol number, before the serial. */
  contentStart: number;
  contentEnd: number;
  serial: number;
  /** null for Wi-Fi frames, which carry no serial and no CRC (terminator.ts). */
  checksumOk: boolean | null;
  /**
   * How the frame was delimited: `length` (its length field), `wifi` (the 0x17/0x69 Wi-Fi layout: length byte = access
   * point count, no serial, no CRC) or `terminator` (length field wrong, ends at 0D 0A; serial and CRC still last).
   */
  framing: 'length' | 'wifi' | 'terminator';
  /** The length field as sent. */
  lengthField: number;
  /** CRC carried by the frame and CRC computed here (for the error text). */
  crcSent: number;
  crcComputed: number;
}

/** Returns the parsed frame, or a reason string when the bytes are not a well-formed GT06 frame. */
export function parseFrame(bytes: Uint8Array): ParsedFrame | string {
  const start = bytes[0];
  if ((start !== START_SHORT && start !== START_LONG) || bytes[1] !== start) return 'bad start bytes';
  const extended = start === START_LONG;
  const headerBytes = extended ? 4 : 3;
  if (bytes.length < headerBytes + MIN_LENGTH_FIELD + 2) return 'frame too short';
  const r = new ByteReader(bytes);
  const lengthField = extended ? r.u16At(2) : r.u8At(2);
  const total = headerBytes + lengthField + 2;
  if (bytes[bytes.length - 2] !== STOP_CR || bytes[bytes.length - 1] !== STOP_LF)
    return 'missing 0D 0A stop bytes';
  let framing: ParsedFrame['framing'] = 'length';
  if (lengthField < MIN_LENGTH_FIELD || total !== bytes.length) {
    if (!extended && wifiFrameLength(bytes, 0, bytes.length, MAX_FRAME_BYTES) === bytes.length) {
      return {
        extended,
        type: r.u8At(3),
        contentStart: 4,
        contentEnd: bytes.length - 2,
        serial: 0,
        checksumOk: null,
        crcSent: 0,
        crcComputed: 0,
        framing: 'wifi',
        lengthField,
      };
    }
    if (extended) return `length field ${lengthField} does not match frame of ${bytes.length} bytes`;
    framing = 'terminator';
  }
  const end = bytes.length;
  const crcSent = r.u16At(end - 4);
  const crcComputed = crc16Itu(bytes, 2, end - 4);
  // A terminator-framed frame whose CRC does not check may have no serial/CRC at all: give the decoder everything.
  const contentEnd = framing === 'terminator' && crcSent !== crcComputed ? end - 2 : end - 6;
  return {
    extended,
    type: r.u8At(headerBytes),
    contentStart: headerBytes + 1,
    contentEnd,
    serial: r.u16At(end - 6),
    checksumOk: crcSent === crcComputed,
    crcSent,
    crcComputed,
    framing,
    lengthField,
  };
}
