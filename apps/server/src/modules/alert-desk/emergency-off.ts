/**
 * AIS-140 "emergency off" from the desk: `SET EO` (AIS 140 §3.1.3 OTA keys, research/protocols.md §6.2) clears the
 * device's emergency state. Queued like any device command (the command module's `commands` table and bus topic):
 * the gateway holding the device's connection sends it, or the device gets it when it next connects, within
 * EMERGENCY_OFF_TTL_MS; its `$,ACK,…EO…` reply is recorded on the command by the gateway (key EO).
 */
import { TOPICS, type Bus } from '../../bus/bus.ts';
import type { Db } from '../../db/client.ts';
import type { events } from '../../db/schema/index.ts';
import type { CommandBusMessage } from '../../gateway/commands.ts';
import { BadRequestError } from '../../http/errors.ts';
import * as repo from './alert-desk.repository.ts';

/** As the AIS-140 encoder sends it (encodeAis140Command: upper-case verb and key, no terminator). */
export const EMERGENCY_OFF_TEXT = 'SET EO';
/** The device command type recorded in the command log. */
export const EMERGENCY_OFF_COMMAND_TYPE = 'emergencyOff';
/** An emergency off that could not be delivered within an hour is stale: it expires. */
export const EMERGENCY_OFF_TTL_MS = 60 * 60_000;

export const EMERGENCY_OFF_MESSAGES = {
  notAis140: 'Emergency off is only for AIS-140 devices.',
  notSos: 'Emergency off applies to SOS alerts only.',
} as const;

/** 400 unless the alert is an SOS of an AIS-140 device. */
export function assertEmergencyOffAllowed(
  record: Pick<repo.DeskAlertRecord, 'deviceProtocol' | 'event'>,
): void {
  if (record.deviceProtocol !== 'ais140') throw new BadRequestError(EMERGENCY_OFF_MESSAGES.notAis140);
  if (record.event.type !== 'sos') throw new BadRequestError(EMERGENCY_OFF_MESSAGES.notSos);
}

export interface QueuedEmergencyOff {
  command: repo.CommandRow;
  /** Tells the gateways; call after the transaction committed (a gateway claims the row by reading it). */
  publish(bus: Bus): void;
}

export async function queueEmergencyOff(
  tx: Db,
  args: { alert: typeof events.$inferSelect; imei: string; userId: bigint; now: Date },
): Promise<QueuedEmergencyOff> {
  const organisationId =
    (await repo.findDeviceOrganisation(tx, args.alert.deviceId)) ?? args.alert.organisationId;
  const command = await repo.insertCommand(tx, {
    deviceId: args.alert.deviceId,
    organisationId,
    createdBy: args.userId,
    type: EMERGENCY_OFF_COMMAND_TYPE,
    text: EMERGENCY_OFF_TEXT,
    createdAt: args.now,
    expiresAt: new Date(args.now.getTime() + EMERGENCY_OFF_TTL_MS),
  });
  return {
    command,
    publish: (bus) =>
      bus.publish<CommandBusMessage>(TOPICS.commands, {
        commandId: String(command.id),
        deviceId: String(command.deviceId),
        imei: args.imei,
      }),
  };
}
