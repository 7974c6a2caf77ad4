/** Device commands, API side (issue 3 "Commands"): queue, publish to the gateways, list the log. */
import type { Command, CommandListQuery, SendCommand } from '@civicfleet/shared';
import { and, desc, eq, lte } from 'drizzle-orm';
import { TOPICS, type Bus } from '../../bus/bus.ts';
import type { Db } from '../../db/client.ts';
import { commands } from '../../db/schema/index.ts';
import type { CommandBusMessage } from '../../gateway/commands.ts';
import { ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { findDevice } from '../device/device.repository.ts';
import { toId } from '../organisation/scope.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { commandText } from './command-text.ts';
import {
  assertImmobiliserAllowed,
  IMMOBILISER_AUDIT,
  IMMOBILISER_MESSAGES,
  immobiliserKind,
  type ImmobiliserDeps,
} from './immobiliser.ts';

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

export interface CommandServiceDeps {
  db: Db;
  bus: Bus;
  clock: Clock;
  /** Engine stop and resume rules (immobiliser.ts); without them such commands are refused (firmware updates). */
  immobiliser?: Omit<ImmobiliserDeps, 'db' | 'clock'>;
}

export function createCommandService({ db, bus, clock, immobiliser }: CommandServiceDeps) {
  async function scopedDevice(auth: AuthContext, deviceId: string) {
    const device = await findDevice(db, toId(deviceId), auth.orgIds);
    if (!device) throw new NotFoundError('Device not found.');
    return device;
  }

  return {
    async send(auth: AuthContext, body: SendCommand): Promise<Command> {
      const device = await scopedDevice(auth, body.deviceId);
      const text = commandText(body.type, body.params, device.protocol);
      const kind = immobiliserKind(body.type, text);
      if (kind !== null && !immobiliser) throw new ForbiddenError(IMMOBILISER_MESSAGES.forbidden);
      const speedKph =
        kind === null || !immobiliser
          ? null
          : await assertImmobiliserAllowed({ db, clock, ...immobiliser }, auth, kind, device.id);
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
      if (kind !== null) {
        await recordAudit(db, {
          action: IMMOBILISER_AUDIT,
          actorUserId: auth.userId,
          organisationId: device.organisation.id,
          entity: 'device',
          entityId: device.id,
          detail: { kind, commandId: String(row.id), imei: device.imei, text, speedKph },
          at: now,
        });
      }
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
