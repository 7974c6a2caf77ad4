/** Device commands, API side (issue 3 "Commands"): queue, publish to the gateways, list the log. */
import type { Command, CommandListQuery, SendCommand } from '@civicfleet/shared';
import { and, desc, eq, lte } from 'drizzle-orm';
import { TOPICS, type Bus } from '../../bus/bus.ts';
import type { Db } from '../../db/client.ts';
import { commands } from '../../db/schema/index.ts';
import type { CommandBusMessage } from '../../gateway/commands.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { findDevice } from '../device/device.repository.ts';
import { toId } from '../organisation/scope.ts';
import { commandText } from './command-text.ts';

/** How long a command waits for an offline device by default. */
export const DEFAULT_COMMAND_TTL_MS = 24 * 60 * 60_000;

type Row = typeof commands.$inferSelect;

function toCommand(row: Row): Command {
  return {
    id: String(row.id),
    deviceId: String(row.deviceId),
    type: row.type,
    text: row.text,
    status: row.status,
    createdBy: row.createdBy === null ? null : String(row.createdBy),
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    answeredAt: row.answeredAt ? row.answeredAt.toISOString() : null,
    expiresAt: row.expiresAt.toISOString(),
    response: row.response,
  };
}

export function createCommandService({ db, bus, clock }: { db: Db; bus: Bus; clock: Clock }) {
  async function scopedDevice(auth: AuthContext, deviceId: string) {
    const device = await findDevice(db, toId(deviceId), auth.orgIds);
    if (!device) throw new NotFoundError('Device not found.');
    return device;
  }

  return {
    async send(auth: AuthContext, body: SendCommand): Promise<Command> {
      const device = await scopedDevice(auth, body.deviceId);
      const text = commandText(body.type, body.params, device.protocol);
      const now = clock();
      const ttlMs =
        body.params.expiresInMinutes === undefined
          ? DEFAULT_COMMAND_TTL_MS
          : body.params.expiresInMinutes * 60_000;
      const [row] = await db
        .insert(commands)
        .values({
          deviceId: device.id,
          organisationId: device.organisation.id,
          createdBy: auth.userId,
          type: body.type,
          text,
          status: 'queued',
          createdAt: now,
          expiresAt: new Date(now.getTime() + ttlMs),
        })
        .returning();
      if (!row) throw new Error('command insert returned no row');
      // Whichever gateway holds the device's connection delivers it; if none does, it waits for the next connection.
      bus.publish<CommandBusMessage>(TOPICS.commands, {
        commandId: String(row.id),
        deviceId: String(device.id),
        imei: device.imei,
      });
      return toCommand(row);
    },

    async list(auth: AuthContext, query: CommandListQuery): Promise<Command[]> {
      const device = await scopedDevice(auth, query.deviceId);
      await db
        .update(commands)
        .set({ status: 'expired' })
        .where(
          and(
            eq(commands.deviceId, device.id),
            eq(commands.status, 'queued'),
            lte(commands.expiresAt, clock()),
          ),
        );
      const found = await db
        .select()
        .from(commands)
        .where(eq(commands.deviceId, device.id))
        .orderBy(desc(commands.createdAt), desc(commands.id))
        .limit(query.limit);
      return found.map(toCommand);
    },
  };
}
