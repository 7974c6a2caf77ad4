/**
 * Device command delivery, gateway side (issue 3 "Commands"). The API inserts a `commands` row (status queued) and
 * publishes { commandId, deviceId, imei } on TOPICS.commands; the gateway holding that IMEI's connection claims the
 * row (queued → sent, one UPDATE, so a bus message racing a reconnect never sends twice) and writes
 * `codec.encodeCommand({ text, id }, session)` to the socket. Commands for an offline device stay queued and go out
 * when it next identifies, until expires_at.
 *
 * A command-response is recorded on the sent (unanswered) command it answers (matchCommandResponse):
 *   GT06: the echoed server flag (io.serverFlag = command id mod 2^32); only a frame without a flag falls back to the
 *         latest sent command;
 *   Teltonika Codec 12: responses come in order, so the oldest sent command;
 *   AIS-140: the oldest sent command addressing the parameter the reply names (io.commandKey, `SET SL:60` → SL).
 * A response that matches nothing stays in raw_logs (connection.ts stores every frame) and is logged; it is never
 * attached to another command.
 */
import { ais140CommandKey, type NormalisedMessage } from '@civicfleet/protocols';
import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import { TOPICS, type Bus } from '../bus/bus.ts';
import type { Db } from '../db/client.ts';
import { commands } from '../db/schema/index.ts';
import type { GatewayLog } from './connection.ts';
import { createKeyBatcher, LOAD_BATCH } from './device-directory.ts';
import type { ConnectionRegistry, RegisteredConnection } from './registry.ts';

/** What the API publishes on TOPICS.commands (ids as decimal strings: the bus may serialise to JSON). */
export interface CommandBusMessage {
  commandId: string;
  deviceId: string;
  imei: string;
}

export interface CommandDelivery {
  /** A connection identified as this device: send what is queued for it (after its login/handshake reply). */
  deviceIdentified(deviceId: bigint, connection: RegisteredConnection): Promise<void>;
  /** The device sent a command-response: record it on the sent command it answers (see the file header). */
  responded(deviceId: bigint, message: NormalisedMessage): Promise<void>;
  stop(): void;
}

/** GT06 echoes a 32-bit server flag; the command id modulo 2^32 is enough to tell recent commands apart. */
const serverFlagOf = (id: bigint) => Number(id % 0x1_0000_0000n);

/** A command sent to the device and not answered yet. */
export interface SentCommand {
  id: bigint;
  text: string;
  /** When it went out (epoch ms); unknown = always a candidate. */
  sentAtMs?: number;
}

/**
 * Teltonika answers in order and without a reference: a command it never answered (lost, or the device ignored it)
 * would make every later answer land one command off. Only commands sent this recently are candidates.
 */
export const IN_ORDER_ANSWER_WINDOW_MS = 5 * 60_000;

/**
 * How long an identified device's queued-commands check waits for others to share its query (ms). The check runs
 * after the login reply and most devices have nothing queued, so it may wait longer than the directory's load.
 */
const QUEUED_WAIT_MS = 25;

/**
 * Which of the device's sent commands (oldest first) a command-response answers; null when none does.
 * Pure, so the matching rules are tested without a database.
 */
export function matchCommandResponse(
  message: NormalisedMessage,
  sent: readonly SentCommand[],
  nowMs = Number.POSITIVE_INFINITY,
): bigint | null {
  switch (message.protocol) {
    case 'gt06': {
      const flag = message.io.serverFlag;
      if (typeof flag !== 'number') return sent.at(-1)?.id ?? null;
      return sent.findLast((c) => serverFlagOf(c.id) === flag)?.id ?? null;
    }
    case 'teltonika':
      return (
        sent.find((c) => c.sentAtMs === undefined || nowMs - c.sentAtMs <= IN_ORDER_ANSWER_WINDOW_MS)?.id ??
        null
      );
    case 'ais140': {
      const key = message.io.commandKey;
      if (typeof key !== 'string') return null;
      return sent.find((c) => ais140CommandKey(c.text) === key)?.id ?? null;
    }
  }
}

export function createCommandDelivery(deps: {
  db: Db;
  registry: ConnectionRegistry;
  bus?: Bus | undefined;
  clock: () => number;
  log: GatewayLog;
}): CommandDelivery {
  const { db, log } = deps;
  const now = () => new Date(deps.clock());

  async function deliver(id: bigint, connection: RegisteredConnection): Promise<void> {
    const at = now();
    const [claimed] = await db
      .update(commands)
      .set({ status: 'sent', sentAt: at })
      .where(and(eq(commands.id, id), eq(commands.status, 'queued'), gt(commands.expiresAt, at)))
      .returning({ text: commands.text });
    if (!claimed) return;
    let sent: boolean;
    try {
      sent = connection.sendCommand({ text: claimed.text, id: serverFlagOf(id) });
    } catch (error) {
      // The codec refused the text (length, characters, syntax): it can never be sent.
      const reason = error instanceof Error ? error.message : String(error);
      await db.update(commands).set({ status: 'failed', response: reason }).where(eq(commands.id, id));
      return;
    }
    if (!sent) {
      // The connection closed in between: back to the queue for the next connection.
      await db
        .update(commands)
        .set({ status: 'queued', sentAt: null })
        .where(and(eq(commands.id, id), eq(commands.status, 'sent')));
    }
  }

  /**
   * Queued commands of devices that identified: expires the outdated ones, then lists the rest (oldest first), for
   * every device identifying meanwhile at once.
   */
  const queuedOf = createKeyBatcher(
    async (deviceIds: bigint[]) => {
      const at = now();
      await db
        .update(commands)
        .set({ status: 'expired' })
        .where(
          and(
            inArray(commands.deviceId, deviceIds),
            eq(commands.status, 'queued'),
            lte(commands.expiresAt, at),
          ),
        );
      const rows = await db
        .select({ id: commands.id, deviceId: commands.deviceId })
        .from(commands)
        .where(and(inArray(commands.deviceId, deviceIds), eq(commands.status, 'queued')))
        .orderBy(asc(commands.id));
      const byDevice = new Map<bigint, bigint[]>();
      for (const row of rows) {
        const list = byDevice.get(row.deviceId);
        if (list) list.push(row.id);
        else byDevice.set(row.deviceId, [row.id]);
      }
      return byDevice;
    },
    { maxBatch: LOAD_BATCH, waitMs: QUEUED_WAIT_MS },
  );

  let responses: Promise<void> = Promise.resolve();

  async function record(deviceId: bigint, message: NormalisedMessage): Promise<void> {
    const response = message.text ?? '';
    const sent = await db
      .select({ id: commands.id, text: commands.text, sentAt: commands.sentAt })
      .from(commands)
      .where(and(eq(commands.deviceId, deviceId), eq(commands.status, 'sent')))
      .orderBy(asc(commands.sentAt), asc(commands.id));
    const id = matchCommandResponse(
      message,
      sent.map((c) => ({ id: c.id, text: c.text, ...(c.sentAt ? { sentAtMs: c.sentAt.getTime() } : {}) })),
      deps.clock(),
    );
    if (id === null) {
      log.warn(
        {
          deviceId: String(deviceId),
          protocol: message.protocol,
          response,
          serverFlag: message.io.serverFlag,
          commandKey: message.io.commandKey,
          sentCommands: sent.length,
        },
        'command response matches no sent command (kept in raw logs only)',
      );
      return;
    }
    await db
      .update(commands)
      .set({ status: 'answered', answeredAt: now(), response })
      .where(and(eq(commands.id, id), eq(commands.status, 'sent')));
  }

  const unsubscribe = deps.bus?.subscribe<CommandBusMessage>(TOPICS.commands, (message) => {
    const connection = deps.registry.get(message.imei);
    if (!connection) return; // offline here: another gateway has it, or it stays queued until it connects
    if (holdFor(BigInt(message.deviceId), message.imei, connection)) return;
    deliver(BigInt(message.commandId), connection).catch((error: unknown) =>
      log.error({ err: error, command: message.commandId }, 'command delivery failed'),
    );
  });

  /** Connections whose commands wait for the takeover guard, by connection id: one timer each. */
  const held = new Map<number, NodeJS.Timeout>();

  /**
   * True when the connection may not take commands yet (identity conflict open, connection younger than the
   * takeover guard): the commands stay queued and are sent once the hold ends, if the connection still holds the
   * device then (a newer connection gets them at its own identification).
   */
  function holdFor(deviceId: bigint, imei: string | null, connection: RegisteredConnection): boolean {
    const untilMs = connection.holdCommandsUntilMs();
    if (untilMs === 0) return false;
    if (!held.has(connection.id)) {
      log.warn(
        { deviceId: String(deviceId), connection: connection.id },
        'commands held: identity conflict open',
      );
      const timer = setTimeout(
        () => {
          held.delete(connection.id);
          if (imei !== null && deps.registry.get(imei) !== connection) return;
          delivery
            .deviceIdentified(deviceId, connection)
            .catch((error: unknown) => log.error({ err: error }, 'held command delivery failed'));
        },
        Math.max(0, untilMs - deps.clock()) + 10,
      );
      timer.unref();
      held.set(connection.id, timer);
    }
    return true;
  }

  const delivery: CommandDelivery = {
    async deviceIdentified(deviceId, connection) {
      if (holdFor(deviceId, connection.imei ?? null, connection)) return;
      // Batched with the devices identifying at the same time (a reconnect storm: one pair of queries per batch).
      const queued = (await queuedOf(deviceId)) ?? [];
      for (const id of queued) await deliver(id, connection);
    },

    responded(deviceId, message) {
      // One at a time: two responses racing for the same "oldest sent" command would otherwise both pick it.
      const work = responses.then(() => record(deviceId, message));
      responses = work.catch(() => undefined);
      return work;
    },

    stop() {
      unsubscribe?.();
      for (const timer of held.values()) clearTimeout(timer);
      held.clear();
    },
  };
  return delivery;
}
