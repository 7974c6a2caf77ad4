/**
 * Splits a Teltonika TCP stream into frames. A connection starts with the IMEI handshake (2-byte length + ASCII
 * digits, answered with 0x01) and then carries AVL / Codec 12 packets (00000000 · length · codec · … · CRC).
 *
 * The framer is stateful: an IMEI frame is only recognised before the first packet, so digits inside later data
 * can never be mistaken for a handshake. Both frame kinds start with a 0x00 byte, so resynchronising after garbage
 * jumps to the next 0x00. A packet header must be plausible before the framer waits for its body: known codec id,
 * data length within MAX_FRAME_BYTES; once complete, number of data 1 must equal number of data 2. A candidate that
 * fails is skipped one byte at a time, so a real frame buffered behind a false header is still found. CRC is left
 * to the decoder, which reports it (and withholds the ack) rather than losing the frame silently.
 */
import type { Frame, Framer } from '../core/codec.ts';
import { ByteQueue } from './byte-queue.ts';
import {
  IMEI_MAX_DIGITS,
  IMEI_MIN_DIGITS,
  KNOWN_CODECS,
  MAX_FRAME_BYTES,
  MIN_DATA_FIELD_BYTES,
  TCP_CRC_BYTES,
  TCP_HEADER_BYTES,
  isDigit,
} from './protocol.ts';

type Match = { kind: 'frame'; length: number } | { kind: 'incomplete' } | { kind: 'none' };

const INCOMPLETE: Match = { kind: 'incomplete' };
const NONE: Match = { kind: 'none' };

export class TeltonikaFramer implements Framer {
  private readonly queue = new ByteQueue();
  private isAwaitingImei = true;
  private skippedBytes = 0;
  /** While a packet waits for its body: offsets (from the queue start) already searched for a packet behind it. */
  private searchedUpTo = TCP_HEADER_BYTES;
  /** Offsets of plausible packet headers found behind the waiting one, checked as more bytes arrive. */
  private innerStarts: number[] = [];

  get bufferedBytes(): number {
    return this.queue.length;
  }

  push(chunk: Uint8Array): Frame[] {
    this.queue.append(chunk);
    const frames: Frame[] = [];
    while (this.queue.length > 0) {
      const nextZero = this.queue.indexOf(0);
      if (nextZero !== 0) {
        const garbage = nextZero === -1 ? this.queue.length : nextZero;
        this.skippedBytes += garbage;
        this.queue.discard(garbage);
        this.forgetInnerSearch();
        continue;
      }
      const match = this.match();
      if (match.kind === 'incomplete') break;
      if (match.kind === 'none') {
        this.skippedBytes += 1;
        this.queue.discard(1);
        this.forgetInnerSearch();
        continue;
      }
      this.forgetInnerSearch();
      frames.push({ bytes: this.queue.take(match.length), skippedBytes: this.skippedBytes });
      this.skippedBytes = 0;
      this.isAwaitingImei = false;
    }
    return frames;
  }

  private forgetInnerSearch(): void {
    this.searchedUpTo = TCP_HEADER_BYTES;
    this.innerStarts = [];
  }

  /**
   * A corrupted length field would make the framer wait for bytes that never come (up to MAX_FRAME_BYTES) while the
   * device, unanswered, sends the packet again. So while a packet waits for its body, the bytes behind its header are
   * searched (each byte once) for a complete packet with a good CRC; when one is there, the waiting header is
   * dropped and the scan resynchronises on it.
   */
  private hasCompletePacketBehind(): boolean {
    const available = this.queue.length;
    for (let q = this.searchedUpTo; q + TCP_HEADER_BYTES < available; q++) {
      if (this.isPlausibleHeaderAt(q)) this.innerStarts.push(q);
    }
    this.searchedUpTo = Math.max(this.searchedUpTo, available - TCP_HEADER_BYTES);
    return this.innerStarts.some((q) => this.isCompleteIntactPacketAt(q));
  }

  private isPlausibleHeaderAt(q: number): boolean {
    if (this.queue.at(q) !== 0 || this.queue.uint32At(q) !== 0) return false;
    const dataLength = this.queue.uint32At(q + 4);
    return (
      dataLength >= MIN_DATA_FIELD_BYTES &&
      TCP_HEADER_BYTES + dataLength + TCP_CRC_BYTES <= MAX_FRAME_BYTES &&
      KNOWN_CODECS.has(this.queue.at(q + TCP_HEADER_BYTES))
    );
  }

  private isCompleteIntactPacketAt(q: number): boolean {
    const dataLength = this.queue.uint32At(q + 4);
    const end = q + TCP_HEADER_BYTES + dataLength;
    if (end + TCP_CRC_BYTES > this.queue.length) return false;
    if (this.queue.at(q + TCP_HEADER_BYTES + 1) !== this.queue.at(end - 1)) return false;
    return this.queue.crc16IbmOf(q + TCP_HEADER_BYTES, end) === this.queue.uint32At(end);
  }

  /** Whether the buffer (which starts with 0x00) starts with an IMEI frame or a packet. */
  private match(): Match {
    if (this.isAwaitingImei) {
      const imei = this.matchImei();
      if (imei.kind !== 'none') return imei;
    }
    return this.matchPacket();
  }

  private matchImei(): Match {
    const available = this.queue.length;
    if (available < 2) return INCOMPLETE;
    const digits = this.queue.at(1); // the high length byte is the 0x00 we are standing on
    if (digits < IMEI_MIN_DIGITS || digits > IMEI_MAX_DIGITS) return NONE;
    const seen = Math.min(digits, available - 2);
    for (let i = 0; i < seen; i++) {
      if (!isDigit(this.queue.at(2 + i))) return NONE;
    }
    return seen === digits ? { kind: 'frame', length: 2 + digits } : INCOMPLETE;
  }

  private matchPacket(): Match {
    const available = this.queue.length;
    for (let i = 1; i < Math.min(4, available); i++) {
      if (this.queue.at(i) !== 0) return NONE;
    }
    if (available < TCP_HEADER_BYTES + 1) return INCOMPLETE;
    const dataLength = this.queue.uint32At(4);
    const frameLength = TCP_HEADER_BYTES + dataLength + TCP_CRC_BYTES;
    if (dataLength < MIN_DATA_FIELD_BYTES || frameLength > MAX_FRAME_BYTES) return NONE;
    if (!KNOWN_CODECS.has(this.queue.at(TCP_HEADER_BYTES))) return NONE;
    if (available < frameLength) return this.hasCompletePacketBehind() ? NONE : INCOMPLETE;
    const count1 = this.queue.at(TCP_HEADER_BYTES + 1);
    const count2 = this.queue.at(TCP_HEADER_BYTES + dataLength - 1);
    return count1 === count2 ? { kind: 'frame', length: frameLength } : NONE;
  }
}
