/**
 * CRC-16/IBM, also catalogued as CRC-16/ARC: polynomial 0x8005 processed reflected (0xA001), initial value 0,
 * no final XOR. Check value for ASCII "123456789" is 0xBB3D. Teltonika uses it over codec id .. number of data 2.
 */
const TABLE: Uint16Array = buildTable();

function buildTable(): Uint16Array {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let crc = n;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
    }
    table[n] = crc;
  }
  return table;
}

/** CRC-16/IBM of `bytes[start, end)`. */
export function crc16Ibm(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0;
  for (let i = start; i < end; i++) {
    crc = (crc >>> 8) ^ (TABLE[(crc ^ (bytes[i] ?? 0)) & 0xff] ?? 0);
  }
  return crc;
}
