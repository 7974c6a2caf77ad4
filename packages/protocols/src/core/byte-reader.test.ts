/** The one byte reader: every read is bounds-checked and throws TruncatedError naming the field. */
import { describe, expect, it } from 'vitest';
import { ByteReader, TruncatedError } from './byte-reader.ts';

describe('ByteReader', () => {
  const bytes = Uint8Array.of(0x01, 0x02, 0x03, 0x04, 0xff, 0xfe, 0x80, 0x00, 0x00, 0x00);

  it('reads big-endian values with a cursor and at absolute offsets', () => {
    const r = new ByteReader(bytes);
    expect(r.u8('a')).toBe(0x01);
    expect(r.u16('b')).toBe(0x0203);
    expect(r.remaining).toBe(7);
    expect(r.u8At(4)).toBe(0xff);
    expect(r.u16At(4)).toBe(0xfffe);
    expect(r.u24At(1)).toBe(0x020304);
    expect(r.u32At(4)).toBe(0xfffe8000);
    expect(new ByteReader(bytes, 4).i16('x')).toBe(-2);
    expect(new ByteReader(bytes, 4).i32('x')).toBe(0xfffe8000 | 0);
    expect(new ByteReader(bytes, 2).u64Number('x')).toBe(0x0304fffe * 2 ** 32 + 0x80000000);
    expect(r.hexAt(0, 3)).toBe('010203');
  });

  it('throws TruncatedError for any read outside [start, end), cursor or absolute', () => {
    const r = new ByteReader(bytes, 2, 6);
    expect(() => r.u8At(1)).toThrow(TruncatedError);
    expect(() => r.u16At(5)).toThrow(TruncatedError);
    expect(() => r.u32At(3, 'cell id')).toThrow('truncated: cell id');
    expect(() => r.latin1At(4, 7)).toThrow(TruncatedError);
    expect(r.u32('four')).toBe(0x0304fffe);
    expect(() => r.u8('fifth')).toThrow('truncated: fifth');
    expect(() => r.bytes(-1, 'negative')).toThrow(TruncatedError);
  });
});
