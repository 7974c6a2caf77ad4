/**
 * Codec 8 / 8E / 16 over UDP (no framer: one datagram is one packet, and there is no CRC):
 * length (2, bytes that follow) · packet id (2) · not-usable byte 0x01 · AVL packet id (1) · IMEI length (2) · IMEI ·
 * codec id · number of data 1 · records · number of data 2.
 * Server ack: 00 05 · packet id (2) · 01 · AVL packet id · number of accepted records (1).
 */
import type { DecodeResult } from '../core/codec.ts';
import { readAvlRecordsAnyLayout } from './avl-record.decoder.ts';
import { recordToMessage } from './avl-record.mapper.ts';
import { ByteReader } from '../core/byte-reader.ts';
import { AVL_CODECS, CODEC_NAMES, IMEI_MAX_DIGITS, IMEI_MIN_DIGITS, isDigit } from './protocol.ts';

const UDP_NOT_USABLE_BYTE = 0x01;
/** length (2) + packet id (2) + not-usable byte + AVL packet id + IMEI length (2). */
const UDP_HEADER_BYTES = 8;

/** True when `frame` has the shape of a UDP datagram (the TCP framer never produces one). */
export function looksLikeUdpDatagram(frame: Uint8Array): boolean {
  if (frame.length < UDP_HEADER_BYTES + IMEI_MIN_DIGITS + 3) return false;
  const header = new ByteReader(frame);
  const imeiLength = header.u16At(6, 'IMEI length');
  return (
    header.u16At(0, 'length') === frame.length - 2 &&
    frame[4] === UDP_NOT_USABLE_BYTE &&
    imeiLength >= IMEI_MIN_DIGITS &&
    imeiLength <= IMEI_MAX_DIGITS
  );
}

export function decodeUdpDatagram(frame: Uint8Array): DecodeResult {
  const reader = new ByteReader(frame);
  const errors: string[] = [];
  try {
    reader.u16('length');
    const packetId = reader.u16('packet id');
    reader.u8('not-usable byte');
    const avlPacketId = reader.u8('AVL packet id');
    const imeiBytes = reader.bytes(reader.u16('IMEI length'), 'IMEI');
    if (!imeiBytes.every(isDigit)) return failure('teltonika: UDP IMEI is not all digits');
    const imei = String.fromCharCode(...imeiBytes);
    const codec = reader.u8('codec id');
    const codecName = CODEC_NAMES[codec];
    if (!AVL_CODECS.has(codec) || codecName === undefined) {
      return { ...failure(`teltonika: unsupported UDP codec 0x${codec.toString(16)}`), imei };
    }
    const count = reader.u8('number of data 1');
    const {
      records,
      error,
      layout,
      reader: body,
    } = readAvlRecordsAnyLayout(frame, reader.position, frame.length - 1, codec, count);
    if (error !== null) errors.push(error);
    else if (body.remaining !== 0) errors.push(`${body.remaining} bytes after record ${count}`);
    const count2 = frame[frame.length - 1];
    if (count2 !== count) errors.push(`number of data 2 (${String(count2)}) != number of data 1 (${count})`);

    const ack = Uint8Array.of(0x00, 0x05, packetId >>> 8, packetId & 0xff, 0x01, avlPacketId, count);
    return {
      messages: records.map((record) =>
        recordToMessage(record, { imei, codecName, checksumOk: null, layout }),
      ),
      // UDP has no CRC: a datagram that parsed is acknowledged, one that did not is left for the device to resend.
      reply: errors.length === 0 ? ack : null,
      imei,
      error: errors.length > 0 ? `teltonika: ${errors.join('; ')}` : null,
    };
  } catch (error) {
    return failure(`teltonika: UDP ${error instanceof Error ? error.message : String(error)}`);
  }
}

function failure(error: string): DecodeResult {
  return { messages: [], reply: null, imei: null, error };
}
