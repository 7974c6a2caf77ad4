/** Thrown by ByteReader when a field runs past the end; caught inside the decoders, never escapes `decode`. */
export class TruncatedError extends Error {
  constructor(what: string) {
    super(`truncated: ${what}`);
  }
}

/** A bounds-checked big-endian cursor over `bytes[position, end)`. */
export class ByteReader {
  private readonly view: DataView;
  position: number;

  constructor(
    private readonly source: Uint8Array,
    start = 0,
    readonly end = source.length,
  ) {
    this.view = new DataView(source.buffer, source.byteOffset, source.byteLength);
    this.position = start;
  }

  get remaining(): number {
    return this.end - this.position;
  }

  u8(what: string): number {
    return this.view.getUint8(this.advance(1, what));
  }

  u16(what: string): number {
    return this.view.getUint16(this.advance(2, what));
  }

  i16(what: string): number {
    return this.view.getInt16(this.advance(2, what));
  }

  u32(what: string): number {
    return this.view.getUint32(this.advance(4, what));
  }

  i32(what: string): number {
    return this.view.getInt32(this.advance(4, what));
  }

  /** Unsigned 64-bit integer as a Number (exact up to 2^53; timestamps in ms are far below that). */
  u64Number(what: string): number {
    const at = this.advance(8, what);
    return this.view.getUint32(at) * 0x1_0000_0000 + this.view.getUint32(at + 4);
  }

  /** A view (not a copy) of the next `length` bytes. */
  bytes(length: number, what: string): Uint8Array {
    const at = this.advance(length, what);
    return this.source.subarray(at, at + length);
  }

  private advance(length: number, what: string): number {
    if (length < 0 || this.position + length > this.end) throw new TruncatedError(what);
    const at = this.position;
    this.position += length;
    return at;
  }
}
