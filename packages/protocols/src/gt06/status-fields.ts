/**
 * Status fields shared by heartbeat (0x13), alarm (0x16/0x19/0x26/0x27) and some location variants (§8.3):
 * terminal-info bits, voltage level, GSM level and the alarm byte. Raw values stay in io next to the mapped ones.
 */
import type { Alarm, NormalisedMessage } from '../core/message.ts';
import * as malarms from './alarms.ts';

// Imported functions read once (a getter call per use under tsx/esbuild; see constants in framer.ts).
const { alarmFromCode, alarmFromTerminalInfo } = malarms;

export function addAlarm(msg: NormalisedMessage, alarm: Alarm | null): void {
  if (alarm !== null && !msg.alarms.includes(alarm)) msg.alarms.push(alarm);
}

/**
 * Terminal info byte: bit 0 armed (defence), bit 1 ACC, bit 2 charging (external power present), bits 3–5 alarm,
 * bit 6 GPS tracking on, bit 7 oil/electricity cut (relay engaged).
 */
export function applyTerminalInfo(info: number, msg: NormalisedMessage): void {
  const charging = (info & 0x04) !== 0;
  msg.ignition = (info & 0x02) !== 0;
  msg.mainPower = charging;
  msg.io.terminalInfo = info;
  msg.io.armed = (info & 0x01) !== 0;
  msg.io.charging = charging;
  msg.io.gpsTracking = (info & 0x40) !== 0;
  msg.io.relayCut = (info & 0x80) !== 0;
  const alarm = alarmFromTerminalInfo(info);
  addAlarm(msg, alarm);
  if (alarm === 'powerCut') msg.mainPower = false;
}

/** Voltage level 0–6 (0 = shut down … 6 = full); some firmwares send a 0–100 % battery level in the same byte. */
export function applyVoltageLevel(level: number, msg: NormalisedMessage): void {
  msg.io.voltageLevel = level;
  if (level <= 6) msg.io.batteryLevelPct = Math.floor((level * 100) / 6);
  else if (level <= 100) msg.io.batteryLevelPct = level;
}

/** GSM level 0–4 (none … strong) mapped to the 0–31 CSQ scale; other values are kept raw only. */
export function applyGsmLevel(level: number, msg: NormalisedMessage): void {
  msg.io.gsmLevel = level;
  msg.gsmSignal = level <= 4 ? Math.round((level * 31) / 4) : null;
}

export function applyAlarmCode(code: number, msg: NormalisedMessage): void {
  msg.io.alarmCode = code;
  addAlarm(msg, alarmFromCode(code));
}
