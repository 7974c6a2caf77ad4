/**
 * Server replies (§8.4). The reply is `78 78 05 <protocol> <serial echoed> <CRC> 0D 0A`; a hard-coded serial does not
 * work (traccar #2453) and without the login reply the device re-sends login forever (traccar #1988, #4245).
 *
 * Policy: Concox documents make replies mandatory for login, heartbeat/status and alarm frames. Traccar also acks
 * every other standard 0x7878 frame (location included) and devices that do not expect it ignore it, so we do the
 * same for compatibility. No ack for server-command echoes (0x80–0x82), the time request 0x8A (its reply carries the
 * current time: see encodeTimeResponse) or information frames 0x94/0x21. In 0x7979 frames only the mandatory
 * types are acked, in 0x7979 form.
 */
import * as constants from './constants.ts';
import { writeFrame } from './frame-writer.ts';

// Read once: under tsx/esbuild every access to an imported binding is a getter call (per byte in the framer).
const { MSG } = constants;

export const MANDATORY_ACK_TYPES: ReadonlySet<number> = new Set([
  MSG.login,
  MSG.status,
  MSG.heartbeat,
  MSG.gpsLbsStatus,
  MSG.gpsLbsStatus2,
  MSG.gpsLbsStatus3,
  MSG.lbsStatus,
]);

const NEVER_ACK_TYPES: ReadonlySet<number> = new Set([
  MSG.command0,
  MSG.command1,
  MSG.command2,
  MSG.timeRequest,
  MSG.info,
  MSG.stringInfo,
  MSG.wifi4, // Traccar sends nothing for 0xF3 either
]);

/**
 * 0x7979 frames acknowledged in the short 0x7878 form (as Traccar does): modular GPS 0x70 and peripherals 0xF2. AZ735
 * 0x32/0x33 are acked in the 0x7979 form (EXTENDED_ACK_TYPES); serial 0x9B, OBD 0x8C, info 0x94, text 0x21 and
 * 0x38 get no ack.
 */
export const SHORT_ACK_EXTENDED_TYPES: ReadonlySet<number> = new Set([MSG.gpsModular, MSG.peripheral]);
const EXTENDED_ACK_TYPES: ReadonlySet<number> = new Set([MSG.az735Gps, MSG.az735Alarm]);

export function needsAck(type: number, extended: boolean): boolean {
  if (extended) return MANDATORY_ACK_TYPES.has(type) || EXTENDED_ACK_TYPES.has(type);
  return !NEVER_ACK_TYPES.has(type);
}

/** The standard acknowledgement echoing the received protocol number and serial. */
export function encodeAck(type: number, serial: number, extended = false): Uint8Array {
  return writeFrame(type, null, serial, extended);
}

/**
 * Reply to a 0x8A time request: YY MM DD hh mm ss in UTC, echoing the request's serial. The codec built by
 * `createGt06Codec(nowMs)` returns it as the decode reply, read from its clock only for this message type.
 */
export function encodeTimeResponse(now: Date, serial: number): Uint8Array {
  const content = Uint8Array.of(
    now.getUTCFullYear() - 2000,
    now.getUTCMonth() + 1,
    now.getUTCDate(),
    now.getUTCHours(),
    now.getUTCMinutes(),
    now.getUTCSeconds(),
  );
  return writeFrame(MSG.timeRequest, content, serial);
}

/**
 * Reply to a Wi-Fi frame (0x17/0x69 in the Wi-Fi framing, `terminator.ts`): `78 78 00 <type> <the frame's 6 time
 * bytes> 0D 0A`, no serial, no CRC, as these frames have none.
 */
export function encodeWifiReply(type: number, time: Uint8Array): Uint8Array {
  const out = new Uint8Array(12);
  out.set([0x78, 0x78, 0x00, type], 0);
  out.set(time.subarray(0, 6), 4);
  out.set([0x0d, 0x0a], 10);
  return out;
}
