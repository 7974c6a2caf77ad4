/**
 * A growable FIFO of bytes for the stream framer. Appends are amortised O(1) (the backing array doubles and is
 * compacted instead of re-concatenating every chunk), so a frame fed one byte at a time costs O(n), not O(n²).
 */
import { copyBytes } from '../core/byte-reader.ts';
import { crc16Ibm } from '../core/crc16-ibm.ts';

const INITIAL_CAPACITY = 2048;

export class ByteQueue {
  private data = new Uint8Array(INITIAL_CAPACITY);
  private start = 0;
  private end = 0;

  get length(): number {
    return this.end - this.start;
  }

  append(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    if (this.end + chunk.length > this.data.length) this.makeRoom(chunk.length);
    this.data.set(chunk, this.end);
    this.end += chunk.length;
  }

  /** Byte at `offset` from the head; 0 past the end (callers check `length` first). */
  at(offset: number): number {
    return this.data[this.start + offset] ?? 0;
  }

  /** Big-endian unsigned 32-bit integer at `offset` from the head. */
  uint32At(offset: number): number {
    return (
      ((this.at(offset) << 24) |
        (this.at(offset + 1) << 16) |
        (this.at(offset + 2) << 8) |
        this.at(offset + 3)) >>>
      0
    );
  }

  /** CRC-16/IBM of the bytes [from, to) relative to the head. */
  crc16IbmOf(from: number, to: number): number {
    return crc16Ibm(this.data, this.start + from, this.start + to);
  }

  /** Offset of the first `value` byte from the head, or -1. */
  indexOf(value: number): number {
    return this.data.subarray(this.start, this.end).indexOf(value);
  }

  /** Removes `count` bytes from the head. */
  discard(count: number): void {
    this.start = Math.min(this.end, this.start + count);
    if (this.start === this.end) this.reset();
  }

  /** Removes `count` bytes from the head and returns them as an independent copy. */
  take(count: number): Uint8Array {
    const bytes = copyBytes(this.data, this.start, this.start + count);
    this.discard(count);
    return bytes;
  }

  clear(): void {
    this.reset();
  }

  private reset(): void {
    this.start = 0;
    this.end = 0;
    // Give back memory a burst of garbage made us take.
    if (this.data.length > INITIAL_CAPACITY * 64) this.data = new Uint8Array(INITIAL_CAPACITY);
  }

  private makeRoom(extra: number): void {
    const used = this.length;
    const needed = used + extra;
    if (needed <= this.data.length / 2) {
      this.data.copyWithin(0, this.start, this.end);
    } else {
      const grown = new Uint8Array(Math.max(needed, this.data.length * 2));
      grown.set(this.data.subarray(this.start, this.end));
      this.data = grown;
    }
    this.start = 0;
    this.end = used;
  }
}
