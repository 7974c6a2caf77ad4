/**
 * Frames whose length field does not describe them (§8.6; Traccar's frame decoder falls back the same way):
 *
 * - Wi-Fi frames 0x17 / 0x69 of GT06 Wi-Fi firmwares put the **access-point count** in the length byte (0 when none)
 *   and carry no serial and no CRC: `78 78 N type time(6, BCD) [mac(6) rssi(1)]×N cells(1) mcc(2) mnc(1)
 *   [lac(2) ci(2) rssi(1)]×cells 0D 0A`. Their size follows from the layout.
 * - Some 0x10/0x11/0x13 firmwares count the length differently; their frame ends at the `0D 0A` before the next
 *   `78 78` / `79 79` (or at the end of what was received).
 *
 * Without these the framer skipped such frames and never acked them, so the device kept resending.
 */
import * as constants from './constants.ts';

// Read once: under tsx/esbuild every access to an imported binding is a getter call (per byte in the framer).
const { START_LONG, START_SHORT, STOP_CR, STOP_LF } = constants;

export const INCOMPLETE = -1;
export const NOT_A_FRAME = 0;

export const WIFI_TYPES: ReadonlySet<number> = new Set([0x17, 0x69]);

/** Size of the Wi-Fi layout at `at` (78 78 N type …), INCOMPLETE, or NOT_A_FRAME. */
export function wifiFrameLength(data: Uint8Array, at: number, length: number, cap: number): number {
  if (at + 4 > length) return INCOMPLETE;
  if (!WIFI_TYPES.has(data[at + 3] ?? 0)) return NOT_A_FRAME;
  const cellCountAt = at + 4 + 6 + 7 * (data[at + 2] ?? 0);
  if (cellCountAt - at + 6 > cap) return NOT_A_FRAME;
  if (cellCountAt >= length) return INCOMPLETE;
  const total = cellCountAt - at + 1 + 3 + 5 * (data[cellCountAt] ?? 0) + 2;
  if (total > cap) return NOT_A_FRAME;
  if (at + total > length) return INCOMPLETE;
  return data[at + total - 2] === STOP_CR && data[at + total - 1] === STOP_LF ? total : NOT_A_FRAME;
}

function isStartAt(data: Uint8Array, at: number): boolean {
  const byte = data[at];
  return (byte === START_SHORT || byte === START_LONG) && data[at + 1] === byte;
}

/**
 * Length of the `78 78` frame at `at` when its length field failed: the Wi-Fi layout, else the first `0D 0A` that is
 * followed by a start marker or by the end of the data. A start marker met first means a false start (NOT_A_FRAME);
 * neither within `cap` bytes means garbage; running out of data first means wait (INCOMPLETE).
 */
export function fallbackLength(data: Uint8Array, at: number, length: number, cap: number): number {
  const wifi = wifiFrameLength(data, at, length, cap);
  if (wifi !== NOT_A_FRAME) return wifi;
  const limit = Math.min(length, at + cap);
  // Smallest frame: start(2) length(1) type(1) serial(2) crc(2) stop(2).
  for (let j = at + 2; j + 1 < limit; j++) {
    if (j >= at + 8 && data[j] === STOP_CR && data[j + 1] === STOP_LF) {
      if (j + 2 === length || isStartAt(data, j + 2)) return j + 2 - at;
    } else if (isStartAt(data, j)) {
      return NOT_A_FRAME;
    }
  }
  return limit - at >= cap ? NOT_A_FRAME : INCOMPLETE;
}
