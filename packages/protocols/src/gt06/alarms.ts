/**
 * GT06 alarm vocabularies mapped onto the shared ALARMS catalogue (research/protocols.md §8.3, codes as in Traccar's
 * Gt06ProtocolDecoder). Codes are model dependent; the raw code always goes to io.alarmCode so nothing is lost.
 * Unmapped on purpose: 0x11 power off, 0x14 door, 0x23 fall, 0x30 (braking in old Traccar, jamming in new),
 * 0x33/0x34 lock/unlock, terminal-info value 6 (geofence without direction).
 */
import type { Alarm } from '../core/message.ts';

const ALARM_CODES = new Map<number, Alarm>([
  [0x01, 'sos'],
  [0x02, 'powerCut'],
  [0x03, 'vibration'],
  [0x04, 'geofenceEnter'],
  [0x05, 'geofenceExit'],
  [0x06, 'overspeed'],
  [0x09, 'vibration'],
  [0x0c, 'tamper'],
  [0x0e, 'lowBattery'],
  [0x0f, 'lowBattery'],
  [0x13, 'tamper'],
  [0x18, 'tamper'], // "removal" on most models (accident on LW models)
  [0x19, 'lowBattery'], // harsh acceleration on LW models
  [0x1a, 'harshBraking'],
  [0x1b, 'harshCornering'],
  [0x25, 'tamper'],
  [0x26, 'harshAcceleration'],
  [0x27, 'harshBraking'],
  [0x28, 'harshBraking'],
  [0x29, 'harshAcceleration'],
  [0x2a, 'harshCornering'],
  [0x2b, 'harshCornering'],
  [0x2c, 'accident'],
  [0x2e, 'harshCornering'],
  [0x32, 'tamper'],
]);

/** Alarm byte of 0x13/0x16/0x19/0x26/0x27 frames. */
export function alarmFromCode(code: number): Alarm | null {
  return ALARM_CODES.get(code) ?? null;
}

/** Terminal-info bits 3–5 (§8.3): 1 vibration, 2 power cut, 3 low battery, 4 SOS, 6 geofence, 7 removal. */
export function alarmFromTerminalInfo(terminalInfo: number): Alarm | null {
  switch ((terminalInfo >> 3) & 0x07) {
    case 1:
      return 'vibration';
    case 2:
      return 'powerCut';
    case 3:
      return 'lowBattery';
    case 4:
      return 'sos';
    case 7:
      return 'tamper';
    default:
      return null;
  }
}
