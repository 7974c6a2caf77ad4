/**
 * Codec 13 (Teltonika wiki "Teltonika Data Sending Protocols", Codec 13): device → server messages with a
 * timestamp, used for serial-port data (RFID/tachograph readers, "send data with timestamp") and the answers to
 * `#GET` queries. preamble · length · 0x0D · quantity 1 · type (1) · size (4, counts the timestamp) · timestamp
 * (4, s since epoch) · text · quantity 2 · CRC-16/IBM. A few firmwares put an 8-byte millisecond timestamp there
 * (its first four bytes then read as a date before 1978); that is recognised. Some firmwares leave the timestamp
 * out of `size`: with one message per packet (all we have seen) the text runs to the end of the data field.
 *
 * Not acknowledged (like Codec 12 responses). `GTSL|…|<id>|…` texts of driver-identification readers give the
 * driver id (fifth field).
 */
import { ByteReader } from '../core/byte-reader.ts';
import { emptyMessage, type NormalisedMessage } from '../core/message.ts';

const decoder = new TextDecoder('utf-8', { fatal: false });
/** 1978-07-14: a 4-byte seconds timestamp below this is the top half of an 8-byte millisecond one. */
const MIN_SECONDS = 0x10000000;

export interface Codec13Message {
  type: number;
  timeMs: number;
  text: string;
}

/** Reads the messages of a Codec 13 data field (`body` = codec id .. quantity 2); throws on a malformed body. */
export function readCodec13Messages(body: Uint8Array): Codec13Message[] {
  const reader = new ByteReader(body, 1, body.length - 1);
  const quantity = reader.u8('quantity 1');
  const messages: Codec13Message[] = [];
  for (let i = 0; i < quantity; i++) {
    const type = reader.u8('type');
    const size = reader.u32('size');
    if (size < 4) throw new Error(`Codec 13 size ${size} leaves no room for the timestamp`);
    const seconds = reader.u32('timestamp');
    let timeMs = seconds * 1000;
    let textBytes = size - 4;
    if (seconds < MIN_SECONDS && size >= 8) {
      timeMs = seconds * 0x1_0000_0000 + reader.u32('timestamp');
      textBytes -= 4;
    }
    // Firmwares disagree on whether `size` counts the timestamp; with one message the data field bounds the text.
    if (quantity === 1) textBytes = reader.remaining;
    messages.push({ type, timeMs, text: decoder.decode(reader.bytes(textBytes, 'text')) });
  }
  if (reader.remaining !== 0) throw new Error(`${reader.remaining} unexpected bytes after the Codec 13 text`);
  const quantity2 = body[body.length - 1];
  if (quantity2 !== quantity)
    throw new Error(`quantity 2 (${String(quantity2)}) differs from quantity 1 (${quantity})`);
  return messages;
}

export function codec13ToMessage(
  message: Codec13Message,
  imei: string | null,
  checksumOk: boolean,
): NormalisedMessage {
  const out = emptyMessage('teltonika', 'command-response', imei);
  out.text = message.text.replace(/[\r\n]+$/, '');
  out.checksumOk = checksumOk;
  out.io.codec = '13';
  out.io.messageType = message.type;
  if (Number.isFinite(message.timeMs) && message.timeMs > 0 && message.timeMs < 8.64e15) {
    out.io.deviceTime = new Date(message.timeMs).toISOString();
  }
  const fields = out.text.split('|');
  if (fields[0] === 'GTSL' && fields[4] !== undefined && fields[4] !== '') out.io.driverId = fields[4];
  return out;
}
