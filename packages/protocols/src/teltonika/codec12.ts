/**
 * Codec 12 GPRS commands (Teltonika wiki "Teltonika Data Sending Protocols", Codec 12):
 * preamble 4 × 00 · data size (4) · codec 0x0C · quantity 1 (1) · type (1: 0x05 command, 0x06 response) ·
 * text size (4) · text · quantity 2 (1) · CRC-16/IBM (4) over codec .. quantity 2.
 * Commands are the SMS command texts without the SMS password (e.g. `getinfo`, `setdigout 1`).
 */
import { crc16Ibm } from '../core/crc16-ibm.ts';
import { ByteReader } from '../core/byte-reader.ts';
import { CODEC_12, TCP_CRC_BYTES, TCP_HEADER_BYTES } from './protocol.ts';

export const CODEC12_TYPE_COMMAND = 0x05;
export const CODEC12_TYPE_RESPONSE = 0x06;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: false });

/** Builds the complete TCP packet carrying one Codec 12 command. */
export function encodeCodec12Command(text: string): Uint8Array {
  const payload = encoder.encode(text);
  // codec + quantity 1 + type + text size + text + quantity 2
  const dataLength = 1 + 1 + 1 + 4 + payload.length + 1;
  const packet = new Uint8Array(TCP_HEADER_BYTES + dataLength + TCP_CRC_BYTES);
  const view = new DataView(packet.buffer);
  view.setUint32(4, dataLength);
  let at = TCP_HEADER_BYTES;
  packet[at++] = CODEC_12;
  packet[at++] = 1;
  packet[at++] = CODEC12_TYPE_COMMAND;
  view.setUint32(at, payload.length);
  at += 4;
  packet.set(payload, at);
  at += payload.length;
  packet[at++] = 1;
  view.setUint32(at, crc16Ibm(packet, TCP_HEADER_BYTES, at));
  return packet;
}

export interface Codec12Message {
  type: number;
  text: string;
}

/**
 * Reads the messages of a Codec 12 data field (`body` = codec id .. quantity 2). Throws TruncatedError or Error on
 * a malformed body; the codec turns that into `error`.
 */
export function readCodec12Messages(body: Uint8Array): Codec12Message[] {
  const reader = new ByteReader(body, 1, body.length - 1);
  const quantity = reader.u8('quantity 1');
  const messages: Codec12Message[] = [];
  for (let i = 0; i < quantity; i++) {
    const type = reader.u8('type');
    const size = reader.u32('text size');
    messages.push({ type, text: decoder.decode(reader.bytes(size, 'text')) });
  }
  if (reader.remaining !== 0) throw new Error(`${reader.remaining} unexpected bytes after the Codec 12 text`);
  const quantity2 = body[body.length - 1];
  if (quantity2 !== quantity)
    throw new Error(`quantity 2 (${String(quantity2)}) differs from quantity 1 (${quantity})`);
  return messages;
}
