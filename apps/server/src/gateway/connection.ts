/**
 * One device TCP connection: framing → decoding → identification → ingest pipeline → replies.
 *
 * - Frames are handled strictly in order (one promise chain per connection); decoding and the pipeline are
 *   synchronous, only identification may wait for the database (once per device and minute).
 * - Every frame becomes a raw_logs row. Frames of an unknown IMEI update unknown_devices and get no reply.
 * - Replies keep their order. A reply to a frame that carried data (positions, alarms) is written only after the
 *   batch holding that data has committed; login/heartbeat replies go out as soon as the replies before them have.
 * - Back-pressure: while more than maxPendingFrames frames of this connection wait for their batch to commit,
 *   the socket stops reading (TCP then slows the device down); it resumes below half of that.
 */
import type { Socket } from 'node:net';
import type { Codec, DecodeResult, DecoderSession, Frame, NormalisedMessage } from '@civicfleet/protocols';
import type { CommandDelivery } from './commands.ts';
import type { DeviceDirectory } from './device-directory.ts';
import type { DeviceState } from './ingest/device-state.ts';
import { runPipeline, type IngestStage } from './ingest/pipeline.ts';
import type { IngestWriter } from './ingest/writer.ts';
import type { ConnectionRegistry, RegisteredConnection } from './registry.ts';
import { unknownDeviceReply } from './replies.ts';

export interface GatewayLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ConnectionDeps {
  writer: IngestWriter;
  directory: DeviceDirectory;
  registry: ConnectionRegistry;
  stages: readonly IngestStage[];
  clock: () => number;
  idleTimeoutMs: number;
  maxPendingFrames: number;
  log: GatewayLog;
  /** Queued commands on identification, command responses (commands.ts). */
  commands?: CommandDelivery;
}

export interface DeviceConnection extends RegisteredConnection {
  readonly imei: string | null;
  /** Stops reading; resolves when every frame received so far has gone through the pipeline. */
  quiesce(): Promise<void>;
  /** Resolves when the replies queued so far are written (or failed). */
  repliesSent(): Promise<void>;
  end(): void;
  readonly closed: Promise<void>;
}

let nextConnectionId = 1;

/** Kinds whose replies acknowledge data (must not precede the commit). */
const carriesData = (m: NormalisedMessage) =>
  m.kind === 'position' || m.kind === 'alarm' || m.fixTime !== null || m.alarms.length > 0;

export function openDeviceConnection(socket: Socket, codec: Codec, deps: ConnectionDeps): DeviceConnection {
  const id = nextConnectionId++;
  const remoteAddr = socket.remoteAddress ? `${socket.remoteAddress}:${socket.remotePort ?? ''}` : null;
  const framer = codec.createFramer();
  const session: DecoderSession = { imei: null };
  let imei: string | null = null;
  let queue: Promise<void> = Promise.resolve();
  let replies: Promise<void> = Promise.resolve();
  let pending = 0;
  let paused = false;
  let isClosed = false;
  let quiescing = false;

  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  let corked = false;
  const uncork = (): void => {
    corked = false;
    socket.uncork();
  };

  const connection: DeviceConnection = {
    id,
    get imei() {
      return imei;
    },
    send(bytes) {
      if (isClosed || socket.destroyed) return false;
      // The acks one commit releases go out in one write (one syscall per connection, not one per frame).
      if (!corked) {
        corked = true;
        socket.cork();
        process.nextTick(uncork);
      }
      socket.write(bytes);
      return true;
    },
    sendCommand(command) {
      if (isClosed || socket.destroyed) return false;
      return connection.send(codec.encodeCommand(command, session));
    },
    close(reason) {
      if (isClosed) return;
      deps.log.info({ connection: id, imei, reason }, 'closing device connection');
      socket.destroy();
    },
    async quiesce() {
      quiescing = true;
      socket.pause();
      await queue;
    },
    repliesSent: () => replies,
    end() {
      if (!socket.destroyed) socket.end();
    },
    closed,
  };

  socket.setNoDelay(true);
  socket.setTimeout(deps.idleTimeoutMs, () => connection.close('idle timeout'));
  socket.on('error', () => undefined);
  socket.on('close', () => {
    isClosed = true;
    if (imei) deps.registry.unregister(imei, connection);
  });
  socket.on('data', (chunk: Buffer) => {
    for (const frame of framer.push(chunk)) {
      pending++;
      queue = queue.then(() => handle(frame)).catch((error: unknown) => fail(error));
    }
    if (!paused && pending > deps.maxPendingFrames) {
      paused = true;
      socket.pause();
    }
  });

  function settled(): void {
    pending--;
    if (paused && !quiescing && pending <= deps.maxPendingFrames / 2) {
      paused = false;
      socket.resume();
    }
  }

  function fail(error: unknown): void {
    deps.log.error({ connection: id, imei, err: error }, 'device connection failed');
    connection.close('internal error');
  }

  /** The device whose queued commands this connection still has to send (after the reply to its first frame). */
  let commandsPendingFor: bigint | null = null;
  let commandsDeliveredFor: bigint | null = null;

  async function identify(frameImei: string, nowMs: number): Promise<DeviceState | null> {
    const cached = deps.directory.peek(frameImei, nowMs);
    const state = cached === undefined ? await deps.directory.load(frameImei, nowMs) : cached;
    if (state && state.device.id !== commandsDeliveredFor) {
      commandsDeliveredFor = state.device.id;
      commandsPendingFor = state.device.id;
    }
    if (frameImei !== imei) {
      if (imei) deps.registry.unregister(imei, connection);
      imei = frameImei;
      if (!isClosed) deps.registry.register(frameImei, connection);
    }
    if (state) {
      session.strictChecksum = state.device.strictChecksum;
      if (state.device.protocol !== codec.protocol)
        await deps.directory.recordProtocol(state, codec.protocol);
    }
    return state;
  }

  async function handle(frame: Frame): Promise<void> {
    const result = decode(codec, frame.bytes, session);
    if (result.imei) session.imei = result.imei;
    const frameImei = result.imei ?? session.imei ?? result.messages.find((m) => m.imei)?.imei ?? null;
    const serverAt = new Date(deps.clock());
    const state = frameImei ? await identify(frameImei, serverAt.getTime()) : null;
    let needsCommit = false;
    const batch = deps.writer.write((b) => {
      b.rawLogs.push({
        receivedAt: serverAt,
        deviceId: state?.device.id ?? null,
        imei: frameImei,
        protocol: codec.protocol,
        remoteAddr,
        bytes: frame.bytes,
        decodeError: problems(result, frame),
        checksumOk: result.messages[0]?.checksumOk ?? null,
      });
      if (state) {
        for (const message of result.messages) {
          runPipeline(deps.stages, state, message, serverAt, b);
          if (carriesData(message)) needsCommit = true;
          if (message.kind === 'command-response' && message.text !== undefined) {
            respond(state.device.id, message);
          }
        }
      } else if (frameImei) {
        const known = b.unknownDevices.get(frameImei);
        b.unknownDevices.set(frameImei, {
          imei: frameImei,
          protocol: codec.protocol,
          firstSeenAt: known?.firstSeenAt ?? serverAt,
          lastSeenAt: serverAt,
          packets: (known?.packets ?? 0) + 1,
          remoteAddr,
        });
      }
    });
    batch.committed.then(settled, settled);
    if (!state && frameImei) {
      const reject = unknownDeviceReply(codec.protocol, result);
      if (reject) {
        replies = replies.then(() => {
          connection.send(reject);
          connection.end();
        });
      }
      return;
    }
    const reply = result.reply;
    if (reply && state) {
      const wait = needsCommit ? batch.committed : null;
      replies = replies.then(async () => {
        if (wait) await wait;
        connection.send(reply);
      });
      replies = replies.catch((error: unknown) => {
        // The batch did not commit: the device must not get an ack; it resends after reconnecting.
        deps.log.warn({ connection: id, imei, err: error }, 'batch failed, dropping connection without ack');
        connection.close('batch not stored');
      });
    }
    if (commandsPendingFor !== null && state) {
      // After the login/handshake reply: a Teltonika device takes commands only once its IMEI is accepted.
      const deviceId = commandsPendingFor;
      commandsPendingFor = null;
      const delivery = deps.commands;
      if (delivery) {
        void replies.then(() =>
          delivery
            .deviceIdentified(deviceId, connection)
            .catch((error: unknown) =>
              deps.log.error({ connection: id, imei, err: error }, 'queued command delivery failed'),
            ),
        );
      }
    }
  }

  function respond(deviceId: bigint, message: NormalisedMessage): void {
    deps.commands
      ?.responded(deviceId, message)
      .catch((error: unknown) =>
        deps.log.error({ connection: id, imei, err: error }, 'recording a command response failed'),
      );
  }

  return connection;
}

function decode(codec: Codec, bytes: Uint8Array, session: DecoderSession): DecodeResult {
  try {
    return codec.decode(bytes, session);
  } catch (error) {
    // Decoders promise never to throw; a bug must still not take the connection down with it.
    return { messages: [], reply: null, imei: null, error: `decoder threw: ${String(error)}` };
  }
}

function problems(result: DecodeResult, frame: Frame): string | null {
  const parts: string[] = [];
  if (frame.skippedBytes > 0) parts.push(`skipped ${frame.skippedBytes} bytes before the frame`);
  if (result.error) parts.push(result.error);
  return parts.length > 0 ? parts.join('; ') : null;
}
