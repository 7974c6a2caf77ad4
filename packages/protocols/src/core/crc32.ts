/**
 * CRC-32 in the two flavours AIS-140 devices use (protocols.md §2.5):
 * - CRC-32/ISO-HDLC ("IEEE", zlib): poly 0x04C11DB7 reflected, init and xorout 0xFFFFFFFF. Check value for ASCII
 *   "123456789" is 0xCBF43926. Computed by Node's native zlib.crc32 (Node ≥ 20.15), about 3× a JS table loop.
 * - CRC-32/MPEG-2: poly 0x04C11DB7 not reflected, init 0xFFFFFFFF, no xorout. Check value 0x0376E6E7.
 * Both return an unsigned 32-bit number.
 */
import { crc32 as zlibCrc32 } from 'node:zlib';

const MPEG2_TABLE: Uint32Array = buildMpeg2Table();

function buildMpeg2Table(): Uint32Array {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let crc = n << 24;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
    table[n] = crc >>> 0;
  }
  return table;
}

/** CRC-32 (IEEE / zlib) of `bytes[start, end)`. */
export function crc32Ieee(bytes: Uint8Array, start = 0, end = bytes.length): number {
  return zlibCrc32(bytes.subarray(start, end)) >>> 0;
}

/** CRC-32/MPEG-2 of `bytes[start, end)`. */
export function crc32Mpeg2(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0xffffffff;
  for (let i = start; i < end; i++) {
    crc = (crc << 8) ^ (MPEG2_TABLE[((crc >>> 24) ^ (bytes[i] ?? 0)) & 0xff] ?? 0);
  }
  return crc >>> 0;
}
