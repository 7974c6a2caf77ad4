/**
 * Teltonika wire constants (Teltonika wiki "Teltonika Data Sending Protocols"; research notes
 * /work/shared/research/protocols.md §9). All multi-byte integers on the wire are big-endian.
 */
/** GH3000 personal trackers. */
export const CODEC_7 = 0x07;
export const CODEC_8 = 0x08;
export const CODEC_8E = 0x8e;
export const CODEC_16 = 0x10;
/** GPRS commands (server → device, type 0x05) and their responses (device → server, type 0x06). */
export const CODEC_12 = 0x0c;
export const CODEC_13 = 0x0d;
export const CODEC_14 = 0x0e;
export const CODEC_15 = 0x0f;

export const AVL_CODECS: ReadonlySet<number> = new Set([CODEC_8, CODEC_8E, CODEC_16]);
/** Every codec id the framer accepts after a preamble; the decoder reports the ones it does not decode. */
export const KNOWN_CODECS: ReadonlySet<number> = new Set([
  CODEC_7,
  CODEC_8,
  CODEC_8E,
  CODEC_16,
  CODEC_12,
  CODEC_13,
  CODEC_14,
  CODEC_15,
]);

export const CODEC_NAMES: Readonly<Record<number, string>> = {
  [CODEC_7]: '7',
  [CODEC_8]: '8',
  [CODEC_8E]: '8E',
  [CODEC_16]: '16',
  [CODEC_12]: '12',
  [CODEC_13]: '13',
  [CODEC_14]: '14',
  [CODEC_15]: '15',
};

/** Preamble (4 zero bytes) + data field length (4). */
export const TCP_HEADER_BYTES = 8;
/** CRC field: 4 bytes, the upper two always zero. */
export const TCP_CRC_BYTES = 4;
/** Smallest data field: codec id + number of data 1 + number of data 2 (an empty AVL packet). */
export const MIN_DATA_FIELD_BYTES = 3;

/**
 * Largest frame the framer will wait for. FMB devices send at most 1280-byte AVL packets (FMB630/640: 512); we allow
 * 64 KiB so Codec 8E packets with large variable-length IO (BLE beacons, crash traces) still fit, while a corrupted
 * length field can never make a connection hold more than this.
 */
export const MAX_FRAME_BYTES = 64 * 1024;

/** IMEI handshake: 2-byte length + ASCII digits. Teltonika always sends 15; the framer tolerates 8..17. */
export const IMEI_DIGITS = 15;
export const IMEI_MIN_DIGITS = 8;
export const IMEI_MAX_DIGITS = 17;

export const IMEI_ACCEPT = Uint8Array.of(0x01);
export const IMEI_REJECT = Uint8Array.of(0x00);

/** Record priority values (AVL data "Priority" byte). */
export const PRIORITY_PANIC = 2;

export function isDigit(byte: number): boolean {
  return byte >= 0x30 && byte <= 0x39;
}

/** Server acknowledgement of an AVL packet: the number of accepted records as a 4-byte big-endian integer. */
export function encodeRecordCountAck(count: number): Uint8Array {
  // No DataView: touching `.buffer` of a small typed array makes V8 move it off-heap, which costs more than decoding.
  const n = count >>> 0;
  return Uint8Array.of(n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
}
