/**
 * One TCP packet: preamble 00000000 · data length (4) · data field (codec id .. number of data 2) · CRC (4).
 *
 * Integrity policy (see README "Acknowledgement and bad CRC"): a packet whose CRC or length field does not match
 * is never acknowledged, so the device sends it again; its records are still decoded with `checksumOk: false`
 * unless the session is strict, in which case they are dropped. A packet with a good CRC is acknowledged with its
 * declared record count even when a record cannot be read: the bytes are what the device sent and a resend would
 * fail the same way forever, so the raw log keeps them for replay instead.
 */
import * as mcrc16_ibm from '../core/crc16-ibm.ts';
import type { DecodeResult, DecoderSession } from '../core/codec.ts';
import * as mmessage from '../core/message.ts';
import type { NormalisedMessage } from '../core/message.ts';
import * as mavl_record_decoder from './avl-record.decoder.ts';
import * as mavl_record_mapper from './avl-record.mapper.ts';
import * as mbyte_reader from '../core/byte-reader.ts';
import * as mcodec12 from './codec12.ts';
import * as mcodec13 from './codec13.ts';
import * as mcodec7 from './codec7.ts';
import * as mprotocol from './protocol.ts';

// Imported bindings read once (a getter call per use under tsx/esbuild).
const { crc16Ibm } = mcrc16_ibm;
const { emptyMessage } = mmessage;
const { readAvlRecordsAnyLayout } = mavl_record_decoder;
const { recordToMessage } = mavl_record_mapper;
const { ByteReader } = mbyte_reader;
const { CODEC12_TYPE_RESPONSE, readCodec12Messages } = mcodec12;
const { codec13ToMessage, readCodec13Messages } = mcodec13;
const { readCodec7Record } = mcodec7;
const {
  AVL_CODECS,
  CODEC_12,
  CODEC_13,
  CODEC_7,
  CODEC_NAMES,
  MIN_DATA_FIELD_BYTES,
  TCP_CRC_BYTES,
  TCP_HEADER_BYTES,
  encodeRecordCountAck,
} = mprotocol;
type ByteReader = InstanceType<typeof ByteReader>;

export function decodeTcpPacket(frame: Uint8Array, session: DecoderSession): DecodeResult {
  const errors: string[] = [];
  if (frame.length < TCP_HEADER_BYTES + MIN_DATA_FIELD_BYTES + TCP_CRC_BYTES) {
    return failure(`teltonika: packet of ${frame.length} bytes is too short`);
  }
  const header = new ByteReader(frame);
  const declaredLength = header.u32At(4, 'data length');
  // The data field is taken from the frame itself, so a wrong length field does not hide the records.
  const body = frame.subarray(TCP_HEADER_BYTES, frame.length - TCP_CRC_BYTES);
  const isLengthOk = declaredLength === body.length;
  if (!isLengthOk) errors.push(`data length field ${declaredLength} != ${body.length} bytes received`);
  const receivedCrc = header.u32At(frame.length - TCP_CRC_BYTES, 'CRC');
  const computedCrc = crc16Ibm(body);
  const isCrcOk = receivedCrc === computedCrc;
  if (!isCrcOk) errors.push(`CRC mismatch: received ${hex32(receivedCrc)}, computed ${hex32(computedCrc)}`);
  const isIntact = isLengthOk && isCrcOk;

  const codec = body[0] ?? 0;
  const codecName = CODEC_NAMES[codec];
  if (AVL_CODECS.has(codec) && codecName !== undefined) {
    return decodeAvl(body, codec, codecName, session, isIntact, errors);
  }
  if (codec === CODEC_12) return decodeCodec12(body, session, isIntact, errors);
  if (codec === CODEC_13) return decodeCodec13(body, session, isIntact, errors);
  if (codec === CODEC_7) return decodeCodec7(body, session, isIntact, errors);
  errors.unshift(`unsupported codec 0x${codec.toString(16).padStart(2, '0')}`);
  return failure(`teltonika: ${errors.join('; ')}`);
}

function decodeAvl(
  body: Uint8Array,
  codec: number,
  codecName: string,
  session: DecoderSession,
  isIntact: boolean,
  errors: string[],
): DecodeResult {
  const count = body[1] ?? 0;
  const { records, error, layout, reader } = readAvlRecordsAnyLayout(body, 2, body.length - 1, codec, count);
  if (error !== null) errors.push(error);
  else if (reader.remaining !== 0) errors.push(`${reader.remaining} bytes after record ${count}`);
  const count2 = body[body.length - 1];
  if (count2 !== count) errors.push(`number of data 2 (${String(count2)}) != number of data 1 (${count})`);

  const dropRecords = !isIntact && session.strictChecksum === true;
  const messages = dropRecords
    ? []
    : records.map((record) =>
        recordToMessage(record, { imei: session.imei, codecName, checksumOk: isIntact, layout }),
      );
  return {
    messages,
    reply: isIntact ? encodeRecordCountAck(count) : null,
    imei: null,
    error: errors.length > 0 ? `teltonika: ${errors.join('; ')}` : null,
  };
}

function decodeCodec12(
  body: Uint8Array,
  session: DecoderSession,
  isIntact: boolean,
  errors: string[],
): DecodeResult {
  const messages: NormalisedMessage[] = [];
  try {
    for (const { type, text } of readCodec12Messages(body)) {
      if (type !== CODEC12_TYPE_RESPONSE) {
        errors.push(`Codec 12 type 0x${type.toString(16).padStart(2, '0')} is not a device response`);
        continue;
      }
      const message = emptyMessage('teltonika', 'command-response', session.imei);
      message.text = text;
      message.checksumOk = isIntact;
      message.io.codec = '12';
      messages.push(message);
    }
  } catch (error) {
    errors.push(messageOf(error));
  }
  const dropMessages = !isIntact && session.strictChecksum === true;
  return {
    messages: dropMessages ? [] : messages,
    // Command responses are not acknowledged.
    reply: null,
    imei: null,
    error: errors.length > 0 ? `teltonika: ${errors.join('; ')}` : null,
  };
}

/** Codec 7 (GH3000): records read one by one; acked with the record count when intact, as Codec 8. */
function decodeCodec7(
  body: Uint8Array,
  session: DecoderSession,
  isIntact: boolean,
  errors: string[],
): DecodeResult {
  const count = body[1] ?? 0;
  const reader = new ByteReader(body, 2, body.length - 1);
  const messages: NormalisedMessage[] = [];
  try {
    for (let i = 0; i < count; i++) messages.push(readCodec7Record(reader, session.imei, isIntact));
    if (reader.remaining !== 0) errors.push(`${reader.remaining} bytes after record ${count}`);
  } catch (error) {
    errors.push(`record ${messages.length + 1}: ${messageOf(error)}`);
  }
  const count2 = body[body.length - 1];
  if (count2 !== count) errors.push(`number of data 2 (${String(count2)}) != number of data 1 (${count})`);
  return {
    messages: !isIntact && session.strictChecksum === true ? [] : messages,
    reply: isIntact ? encodeRecordCountAck(count) : null,
    imei: null,
    error: errors.length > 0 ? `teltonika: ${errors.join('; ')}` : null,
  };
}

/** Codec 13: one `command-response` message per text, not acknowledged (codec13.ts). */
function decodeCodec13(
  body: Uint8Array,
  session: DecoderSession,
  isIntact: boolean,
  errors: string[],
): DecodeResult {
  let messages: NormalisedMessage[] = [];
  try {
    messages = readCodec13Messages(body).map((m) => codec13ToMessage(m, session.imei, isIntact));
  } catch (error) {
    errors.push(messageOf(error));
  }
  return {
    messages: !isIntact && session.strictChecksum === true ? [] : messages,
    reply: null,
    imei: null,
    error: errors.length > 0 ? `teltonika: ${errors.join('; ')}` : null,
  };
}

function failure(error: string): DecodeResult {
  return { messages: [], reply: null, imei: null, error };
}

function hex32(value: number): string {
  return `0x${value.toString(16).padStart(8, '0')}`;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
