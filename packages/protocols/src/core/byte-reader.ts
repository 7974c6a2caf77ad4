/**
 * The one byte reader of every binary decoder (GT06, Teltonika): big-endian reads over `source[start, end)`, each
 * bounds-checked. A read that does not fit throws TruncatedError naming the field; every decoder catches it at its
 * entry point and turns it into `DecodeResult.error` (the public `decode` never throws). Nothing reads past the
 * end as 0: a short frame is reported, not decoded into zeros.
 *
 * Two ways to read: a cursor (`u8`, `u16`, … advance `position`; Teltonika's sequential layouts) and absolute offsets
 * into `source` (`u8At`, `u16At`, …; GT06's layouts, read from both ends of the content). Both check against
 * [start, end). Text helpers for tests and tools (`toHex`, `fromHex`, `toLatin1`) and the framers' `copyBytes` live
 * here too.
 */

/** Thrown by ByteReader when a field runs past the end; caught inside the decoders, never escapes `decode`. */
export class TruncatedError extends Error {
  constructor(readonly field: string) {
    super(`truncated: ${field}`);
    this.name = 'TruncatedError';
  }
}

export class ByteReader {
  position: number;

  constructor(
    readonly source: Uint8Array,
    readonly start = 0,
    readonly end = source.length,
  ) {
    this.position = start;
  }

  get remaining(): number {
    return this.end - this.position;
  }

  // Cursor reads.

  u8(what: string): number {
    return this.u8At(this.advance(1, what), what);
  }

  u16(what: string): number {
    return this.u16At(this.advance(2, what), what);
  }

  i16(what: string): number {
    return (this.u16(what) << 16) >> 16;
  }

  u32(what: string): number {
    return this.u32At(this.advance(4, what), what);
  }

  i32(what: string): number {
    return this.u32(what) | 0;
  }

  /** Unsigned 64-bit integer as a Number (exact up to 2^53; timestamps in ms are far below that). */
  u64Number(what: string): number {
    const at = this.advance(8, what);
    return this.u32At(at, what) * 0x1_0000_0000 + this.u32At(at + 4, what);
  }

  /** A view (not a copy) of the next `length` bytes. */
  bytes(length: number, what: string): Uint8Array {
    const at = this.advance(length, what);
    return this.source.subarray(at, at + length);
  }

  // Absolute reads (offsets into `source`).

  u8At(offset: number, what = 'byte'): number {
    if (offset < this.start || offset >= this.end) throw new TruncatedError(what);
    return this.source[offset] ?? 0; // `?? 0` only satisfies noUncheckedIndexedAccess: the range is checked
  }

  u16At(offset: number, what = 'u16'): number {
    if (offset < this.start || offset + 2 > this.end) throw new TruncatedError(what);
    const s = this.source;
    return ((s[offset] ?? 0) << 8) | (s[offset + 1] ?? 0);
  }

  u24At(offset: number, what = 'u24'): number {
    if (offset < this.start || offset + 3 > this.end) throw new TruncatedError(what);
    const s = this.source;
    return ((s[offset] ?? 0) << 16) | ((s[offset + 1] ?? 0) << 8) | (s[offset + 2] ?? 0);
  }

  /** Unsigned 32-bit (multiplication instead of `<< 24` keeps it positive). */
  u32At(offset: number, what = 'u32'): number {
    if (offset < this.start || offset + 4 > this.end) throw new TruncatedError(what);
    const s = this.source;
    return (
      (s[offset] ?? 0) * 0x1000000 +
      (((s[offset + 1] ?? 0) << 16) | ((s[offset + 2] ?? 0) << 8) | (s[offset + 3] ?? 0))
    );
  }

  /** Lower-case hex of source[from, to). */
  hexAt(from: number, to: number, what = 'bytes'): string {
    this.check(from, to - from, what);
    return toHex(this.source, from, to);
  }

  /** source[from, to) as latin1 text without trailing NULs and spaces. */
  latin1At(from: number, to: number, what = 'text'): string {
    this.check(from, to - from, what);
    return toLatin1(this.source, from, to);
  }

  private check(offset: number, length: number, what: string): void {
    if (length < 0 || offset < this.start || offset + length > this.end) throw new TruncatedError(what);
  }

  private advance(length: number, what: string): number {
    if (length < 0 || this.position + length > this.end) throw new TruncatedError(what);
    const at = this.position;
    this.position += length;
    return at;
  }
}

/** Framer output is copied into shared slabs: a fresh ArrayBuffer per frame (`slice`) costs more than framing. */
const SLAB_BYTES = 8 * 1024;
const MAX_POOLED_BYTES = 1024;
const SMALL_BYTES = 64;
let slab = new ArrayBuffer(SLAB_BYTES);
let slabUsed = 0;

/**
 * A copy of bytes[start, end) for a framer's output, as a plain Uint8Array. Copies up to 1 KiB (every GT06 frame,
 * typical AIS-140 and Teltonika frames) are views into a shared 8 KiB slab: a frame that is held (e.g. in a
 * raw-log batch) keeps its slab alive, i.e. at most 8 KiB per slab, shared by the frames cut from it. Larger frames
 * get their own buffer.
 */
export function copyBytes(bytes: Uint8Array, start: number, end: number): Uint8Array {
  const length = end - start;
  if (length <= SMALL_BYTES) {
    // V8 keeps typed arrays this small on its own heap: `slice` of a plain Uint8Array is the cheapest copy. (A
    // Buffer's `slice` is a view, not a copy, hence the loop for those.)
    if (bytes.constructor === Uint8Array) return bytes.slice(start, end);
    const small = new Uint8Array(length);
    for (let i = 0; i < length; i++) small[i] = bytes[start + i] ?? 0;
    return small;
  }
  const source = new Uint8Array(bytes.buffer, bytes.byteOffset + start, length); // not Buffer#subarray: slower
  if (length > MAX_POOLED_BYTES) return source.slice();
  if (slabUsed + length > SLAB_BYTES) {
    slab = new ArrayBuffer(SLAB_BYTES);
    slabUsed = 0;
  }
  const out = new Uint8Array(slab, slabUsed, length);
  out.set(source);
  slabUsed += (length + 7) & ~7;
  return out;
}

/** `error.message` of anything a decoder caught. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const HEX: string[] = Array.from({ length: 256 }, (_, n) => n.toString(16).padStart(2, '0'));

/** Lower-case hex of bytes[start, end) (clamped to the array). */
export function toHex(bytes: Uint8Array, start = 0, end = bytes.length): string {
  let out = '';
  const stop = Math.min(end, bytes.length);
  for (let i = Math.max(0, start); i < stop; i++) out += HEX[bytes[i] ?? 0] ?? '';
  return out;
}

/** Hex text (spaces allowed) to bytes; throws on odd length or non-hex characters. For tests and tools. */
export function fromHex(text: string): Uint8Array {
  const clean = text.replaceAll(' ', '');
  if (clean.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(clean)) throw new Error(`not hex: ${text}`);
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Bytes as text, one char per byte (ASCII/Latin-1), with trailing NULs and spaces dropped (clamped to the array). */
export function toLatin1(bytes: Uint8Array, start: number, end: number): string {
  let stop = Math.min(end, bytes.length);
  while (stop > start && ((bytes[stop - 1] ?? 0) === 0 || bytes[stop - 1] === 0x20)) stop--;
  const from = Math.max(0, start);
  if (stop - from > 16 && stop - from <= 8192) {
    // One call instead of a concatenation per byte (long texts: dash-cam file lists, status sync, OBD pairs).
    return String.fromCharCode.apply(null, bytes.subarray(from, stop) as unknown as number[]);
  }
  let out = '';
  for (let i = from; i < stop; i++) out += String.fromCharCode(bytes[i] ?? 0);
  return out;
}
