/**
 * Allocation-free big-endian reads on a Uint8Array. Reads past the end yield 0 instead of throwing, so decoders
 * check lengths first for correctness and never crash on hostile input.
 */
export function readU8(bytes: Uint8Array, offset: number): number {
  return bytes[offset] ?? 0;
}

export function readU16(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset] ?? 0) << 8) | (bytes[offset + 1] ?? 0);
}

export function readU24(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset] ?? 0) << 16) | ((bytes[offset + 1] ?? 0) << 8) | (bytes[offset + 2] ?? 0);
}

/** Unsigned 32-bit (multiplication instead of `<< 24` keeps it positive). */
export function readU32(bytes: Uint8Array, offset: number): number {
  return (bytes[offset] ?? 0) * 0x1000000 + readU24(bytes, offset + 1);
}

const HEX: string[] = Array.from({ length: 256 }, (_, n) => n.toString(16).padStart(2, '0'));

/** Lower-case hex of bytes[start, end). */
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

/** Bytes as text, one char per byte (ASCII/Latin-1), with trailing NULs and spaces dropped. */
export function toLatin1(bytes: Uint8Array, start: number, end: number): string {
  let stop = Math.min(end, bytes.length);
  while (stop > start && ((bytes[stop - 1] ?? 0) === 0 || bytes[stop - 1] === 0x20)) stop--;
  let out = '';
  for (let i = Math.max(0, start); i < stop; i++) out += String.fromCharCode(bytes[i] ?? 0);
  return out;
}
