/** 8-bit XOR of `bytes[start, end)` (NMEA-style checksum; AIS-140 RLP and iTriangle families). */
export function xor8(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let acc = 0;
  for (let i = start; i < end; i++) acc ^= bytes[i] ?? 0;
  return acc;
}
