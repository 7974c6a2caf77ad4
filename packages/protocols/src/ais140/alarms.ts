/**
 * AIS-140 alert ids (Table 4B + iStartek 17, TranSync 23; protocols.md §3.1) and packet-type codes (§3.2) mapped to
 * the shared alarm catalogue. A packet can carry both (`BR,6`, `TA,16`): the union is reported, without repeats.
 */
import type { Alarm } from '../core/message.ts';

const BY_ALERT_ID: ReadonlyMap<number, Alarm> = new Map<number, Alarm>([
  [3, 'powerCut'],
  [4, 'lowBattery'],
  [5, 'lowBatteryRemoved'],
  [6, 'powerRestored'],
  [7, 'ignitionOn'],
  [8, 'ignitionOff'],
  [9, 'boxOpened'],
  [10, 'sos'],
  [11, 'sosOff'],
  [12, 'otaChange'],
  [13, 'harshBraking'],
  [14, 'harshAcceleration'],
  [15, 'harshCornering'],
  [16, 'wireCut'],
  [17, 'overspeed'],
  [23, 'accident'],
]);

const BY_PACKET_TYPE: ReadonlyMap<string, Alarm> = new Map<string, Alarm>([
  ['EA', 'sos'],
  ['TA', 'tamper'],
  ['BD', 'powerCut'],
  ['BR', 'powerRestored'],
  ['BL', 'lowBattery'],
  ['IN', 'ignitionOn'],
  ['IF', 'ignitionOff'],
  ['HB', 'harshBraking'],
  ['HA', 'harshAcceleration'],
  ['RT', 'harshCornering'],
  ['WD', 'wireCut'],
  ['OS', 'overspeed'],
  ['PC', 'otaChange'],
  ['OT', 'otaChange'],
]);

export function alarmsFor(packetType: string, alertId: number | null): Alarm[] {
  const alarms: Alarm[] = [];
  const byType = packetType === 'NR' ? undefined : BY_PACKET_TYPE.get(packetType); // NR: most packets
  if (byType !== undefined) alarms.push(byType);
  const byId = alertId === null ? undefined : BY_ALERT_ID.get(alertId);
  if (byId !== undefined && byId !== byType) alarms.push(byId);
  return alarms;
}
