/**
 * IO element values and the well-known FMB AVL ids (Teltonika wiki "FMB AVL ID" / "Full AVL ID List"; the
 * mapping table is in README.md). The ids are those of the FMBxxx / FMCxxx / FMMxxx families; FMB630/640 reuse some
 * numbers differently (e.g. 251/252), which is why every raw value also stays in `io` under `io<ID>`.
 */
import type { Alarm } from '../core/message.ts';
import type { IoElement } from './avl-record.decoder.ts';

export const IO_DIN1 = 1;
export const IO_DIN2 = 2;
export const IO_DIN3 = 3;
export const IO_TOTAL_ODOMETER = 16;
export const IO_GSM_SIGNAL = 21;
export const IO_EXTERNAL_VOLTAGE = 66;
export const IO_BATTERY_VOLTAGE = 67;
export const IO_GNSS_STATUS = 69;
export const IO_IBUTTON = 78;
export const IO_DOUT1 = 179;
export const IO_DOUT2 = 180;
export const IO_PDOP = 181;
export const IO_HDOP = 182;
export const IO_TRIP_ODOMETER = 199;
export const IO_IGNITION = 239;
export const IO_MOVEMENT = 240;
export const IO_TOWING = 246;
export const IO_CRASH = 247;
export const IO_JAMMING = 249;
export const IO_UNPLUG = 252;
export const IO_GREEN_DRIVING_TYPE = 253;
export const IO_OVERSPEEDING = 255;

/** GNSS status (id 69): 1 = GNSS on with fix; 0 off, 2 on without fix, 3 sleep. */
export const GNSS_STATUS_FIX = 1;

/** Teltonika reports GSM signal as 0–5 bars; the normalised message uses the 0–31 CSQ scale. */
export const GSM_BARS_MAX = 5;
export const CSQ_MAX = 31;

/**
 * External voltage above which main power counts as connected. An unplugged FMB reads well under 1 V on the power
 * input, while a flat 12 V battery still reads above 10 V; 6 V separates the two for 12 V and 24 V vehicles alike.
 */
export const MAIN_POWER_MIN_V = 6;

/**
 * Ids whose fixed-width values are two's-complement: accelerometer axes (mG), BLE/Dallas/engine temperatures, EYE
 * temperatures 10800–10803, EYE pitch 10816–10819 and roll 10832–10835 (degrees).
 */
const SIGNED_IDS: ReadonlySet<number> = new Set([
  17, 18, 19, 25, 26, 27, 28, 72, 73, 74, 75, 115, 10800, 10801, 10802, 10803, 10816, 10817, 10818, 10819,
  10832, 10833, 10834, 10835,
]);

const HEX = Array.from({ length: 256 }, (_, n) => n.toString(16).padStart(2, '0').toUpperCase());

export function toHex(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += HEX[byte] ?? '';
  return text;
}

/**
 * The value of one IO element as it goes into `io<ID>`: integers for 1/2/4-byte values, integers for 8-byte values
 * up to 2^53 and decimal strings above (ICCID halves, iButton serials), upper-case hex for Codec 8E NX values.
 */
export function ioValue(element: IoElement): number | string {
  const { value } = element;
  if (element.isVariable) return toHex(value);
  const isSigned = SIGNED_IDS.has(element.id);
  const b0 = value[0] ?? 0;
  const b1 = value[1] ?? 0;
  switch (value.length) {
    case 1:
      return isSigned ? (b0 << 24) >> 24 : b0;
    case 2: {
      const u16 = (b0 << 8) | b1;
      return isSigned ? (u16 << 16) >> 16 : u16;
    }
    case 4: {
      const i32 = (b0 << 24) | (b1 << 16) | ((value[2] ?? 0) << 8) | (value[3] ?? 0);
      return isSigned ? i32 : i32 >>> 0;
    }
    case 8: {
      const view = new DataView(value.buffer, value.byteOffset, value.byteLength);
      const big = isSigned ? view.getBigInt64(0) : view.getBigUint64(0);
      return big <= MAX_SAFE && big >= MIN_SAFE ? Number(big) : big.toString();
    }
    default:
      return toHex(value);
  }
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);

/**
 * iButton id (AVL 78) as printed on the key and by Traccar: the 8 bytes read little-endian, upper-case hex
 * (family code last). Null when no key is attached (all zero).
 */
export function iButtonId(element: IoElement): string | null {
  if (element.value.every((byte) => byte === 0)) return null;
  return toHex(Uint8Array.from(element.value).reverse());
}

export function gsmBarsToCsq(bars: number): number | null {
  if (bars < 0 || bars > GSM_BARS_MAX) return null;
  return Math.round((bars * CSQ_MAX) / GSM_BARS_MAX);
}

/**
 * Alarms raised by the record's event IO (the element that made the device generate this record). Values of the
 * same ids in periodic records describe state, not an event, and raise nothing.
 */
export function eventAlarms(eventIoId: number, eventValue: number | null): Alarm[] {
  if (eventValue === null) return [];
  switch (eventIoId) {
    case IO_IGNITION:
      return [eventValue > 0 ? 'ignitionOn' : 'ignitionOff'];
    case IO_UNPLUG:
      return [eventValue > 0 ? 'powerCut' : 'powerRestored'];
    case IO_CRASH:
      return eventValue > 0 ? ['accident'] : [];
    case IO_JAMMING:
      return eventValue > 0 ? ['jamming'] : [];
    case IO_TOWING:
      return eventValue > 0 ? ['towing'] : [];
    case IO_OVERSPEEDING:
      // The value is the speed at both the start and the end of the episode; both records raise the alarm.
      return ['overspeed'];
    case IO_GREEN_DRIVING_TYPE:
      return greenDrivingAlarm(eventValue);
    default:
      return [];
  }
}

function greenDrivingAlarm(type: number): Alarm[] {
  switch (type) {
    case 1:
      return ['harshAcceleration'];
    case 2:
      return ['harshBraking'];
    case 3:
      return ['harshCornering'];
    default:
      return [];
  }
}
