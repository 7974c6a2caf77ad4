/**
 * Validates one GT06 frame (as the framer emits it, or any bytes a caller hands the decoder) and locates its parts.
 * Length field counts protocol number + content + serial + CRC; CRC-ITU covers length field .. serial (§8.1).
 */
import { crc16Itu } from '../core/crc16-itu.ts';
import { ByteReader } from '../core/byte-reader.ts';
import { MIN_LENGTH_FIELD, START_LONG, START_SHORT, STOP_CR, STOP_LF } from './constants.ts';

export interface ParsedFrame {
  /** `79 79` frame with a 2-byte length field. */
  extended: boolean;
  /** Protocol number (message type). */
  type: number;
  /** Content is bytes[contentStart, contentEnd): after the protocol number, before the serial. */
  contentStart: number;
  contentEnd: number;
  serial: number;
  checksumOk: boolean;
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
  if (lengthField < MIN_LENGTH_FIELD || total !== bytes.length) {
    return `length field ${lengthField} does not match frame of ${bytes.length} bytes`;
  }
  if (bytes[total - 2] !== STOP_CR || bytes[total - 1] !== STOP_LF) return 'missing 0D 0A stop bytes';
  const crcSent = r.u16At(total - 4);
  const crcComputed = crc16Itu(bytes, 2, total - 4);
  return {
    extended,
    type: r.u8At(headerBytes),
    contentStart: headerBytes + 1,
    contentEnd: total - 6,
    serial: r.u16At(total - 6),
    checksumOk: crcSent === crcComputed,
    crcSent,
    crcComputed,
  };
}
