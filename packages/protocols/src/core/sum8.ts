/** Sum of `bytes[start, end)` modulo 256 (the raw checksum byte of AIS-140 ATL firmware). */
export function sum8(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let acc = 0;
  for (let i = start; i < end; i++) acc = (acc + (bytes[i] ?? 0)) & 0xff;
  return acc;
}
