/**
 * Reads what a GT06 server sends a device: 5-byte replies `78 78 05 <protocol> <serial> <crc> 0D 0A` (or the 0x7979
 * form) and 0x80 commands `78 78 <len> 80 <cmd len> <server flag 4> <ASCII> [language 2] <serial> <crc> 0D 0A`.
 * Bytes that do not start a frame are skipped; frames with a bad CRC are ignored.
 */
import { crcItu } from '../packets/checksums.ts';
import { GT06_SERVER_COMMAND } from '../packets/gt06.ts';

export interface Gt06Reply {
  protocolNumber: number;
  serial: number;
  command: { serverFlag: number; text: string } | null;
}

const MAX_BUFFER = 4096;

export class Gt06ReplyReader {
  private buffer = new Uint8Array(0);

  reset(): void {
    this.buffer = new Uint8Array(0);
  }

  push(chunk: Uint8Array): Gt06Reply[] {
    const merged = new Uint8Array(this.buffer.length + chunk.length);
    merged.set(this.buffer);
    merged.set(chunk, this.buffer.length);
    let at = 0;
    const replies: Gt06Reply[] = [];
    while (at + 5 <= merged.length) {
      const isShort = merged[at] === 0x78 && merged[at + 1] === 0x78;
      const isLong = merged[at] === 0x79 && merged[at + 1] === 0x79;
      if (!isShort && !isLong) {
        at++;
        continue;
      }
      const lengthBytes = isShort ? 1 : 2;
      const length = isShort ? (merged[at + 2] ?? 0) : ((merged[at + 2] ?? 0) << 8) | (merged[at + 3] ?? 0);
      const total = 2 + lengthBytes + length + 2;
      if (at + total > merged.length) break;
      const frame = merged.subarray(at, at + total);
      at += total;
      const reply = parseFrame(frame, lengthBytes);
      if (reply !== null) replies.push(reply);
    }
    this.buffer = merged.slice(Math.max(at, merged.length - MAX_BUFFER));
    return replies;
  }
}

function parseFrame(frame: Uint8Array, lengthBytes: number): Gt06Reply | null {
  const crcAt = frame.length - 4;
  const crc = ((frame[crcAt] ?? 0) << 8) | (frame[crcAt + 1] ?? 0);
  if (crcItu(frame.subarray(2, crcAt)) !== crc) return null;
  const protocolAt = 2 + lengthBytes;
  const protocolNumber = frame[protocolAt] ?? 0;
  const serial = ((frame[crcAt - 2] ?? 0) << 8) | (frame[crcAt - 1] ?? 0);
  let command: Gt06Reply['command'] = null;
  if (protocolNumber === GT06_SERVER_COMMAND) {
    const commandLength = frame[protocolAt + 1] ?? 0;
    const flagAt = protocolAt + 2;
    const serverFlag = new DataView(frame.buffer, frame.byteOffset + flagAt, 4).getUint32(0);
    const textEnd = Math.min(flagAt + commandLength, crcAt - 2);
    command = { serverFlag, text: new TextDecoder().decode(frame.subarray(flagAt + 4, textEnd)) };
  }
  return { protocolNumber, serial, command };
}
