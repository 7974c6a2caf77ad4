/**
 * One device TCP connection: framing → decoding → identification → ingest pipeline → replies.
 *
 * - Frames are handled strictly in order: synchronously as they arrive while the device is known (decoding and the
 *   pipeline are synchronous); only identification may wait for the database (once per device and minute), and the
 *   frames behind it wait in a queue. No promise or closure per frame on the hot path.
 * - Every frame becomes a raw_logs row. Frames of an unknown IMEI update unknown_devices and get no reply.
 * - Replies keep their order. A reply to a frame that carried data (positions, alarms) is written only after the
 *   batch holding that data has committed; login/heartbeat replies go out as soon as the replies before them have.
 * - Back-pressure: while more than maxPendingFrames frames of this connection wait for their batch to commit,
 *   the socket stops reading (TCP then slows the device down); it resumes below half of that.
 */
import type { Socket } from 'node:net';
import type { Codec, DecodeResult, DecoderSession, Frame, NormalisedMessage } from '@civicfleet/protocols';
import { isUnreachable } from '../db/connection-errors.ts';
import type { GatewayMetrics } from '../observability/metrics.ts';
import type { CommandDelivery } from './commands.ts';
import type { DeviceDirectory } from './device-directory.ts';
import type { Batch } from './ingest/batch.ts';
import type { DeviceState } from './ingest/device-state.ts';
import type { EventRow } from './ingest/rows.ts';
import { runPipeline, type IngestContext, type IngestStage } from './ingest/pipeline.ts';
import type { IngestWriter } from './ingest/writer.ts';
import { placeConsistent, type IdentityGuard } from './identity/identity-guard.ts';
import { plainAddress } from './identity/source-networks.ts';
import type { UnidentifiedBudget } from './identity/unidentified-budget.ts';
import type { ConnectionRegistry, RegisteredConnection } from './registry.ts';
import { unknownDeviceReply } from './replies.ts';

export interface GatewayLog {
  debug?(obj: object, msg: string): void;
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
  /** Every decoded message of a known device with its frame's bytes (emergency forwarding); must not block. */
  onMessage?: ((ctx: IngestContext, frame: Uint8Array) => void) | undefined;
  /** Packets, decode errors, unknown devices, acks (observability/metrics.ts); default none. */
  metrics?: GatewayMetrics | undefined;
  /** Takeover detection, command hold (identity/identity-guard.ts); default none. */
  identity?: IdentityGuard | undefined;
  /** Raw logs of frames of no registered device (identity/unidentified-budget.ts); default: every frame. */
  unidentified?: UnidentifiedBudget | undefined;
  /** A connection that has not identified as a registered device this long after opening is closed; 0: never. */
  loginTimeoutMs?: number;
  /** Frames of no registered device (or without an IMEI) a connection may send before it is closed; default ∞. */
  maxUnidentifiedFrames?: number;
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

/** A queued reply: `bytes` to write (none: only `then`), after `wait` committed; `then` runs after it. */
interface ReplyEntry {
  bytes: Uint8Array | null;
  wait: Batch | null;
  then: (() => void) | null;
}

/** Kinds whose replies acknowledge data (must not precede the commit). */
const carriesData = (m: NormalisedMessage) =>
  m.kind === 'position' || m.kind === 'alarm' || m.fixTime !== null || m.alarms.length > 0;

export function openDeviceConnection(socket: Socket, codec: Codec, deps: ConnectionDeps): DeviceConnection {
  const id = nextConnectionId++;
  const remoteAddr = socket.remoteAddress ? `${socket.remoteAddress}:${socket.remotePort ?? ''}` : null;
  const remoteIp = socket.remoteAddress ? plainAddress(socket.remoteAddress) : null;
  const openedAtMs = deps.clock();
  let lastFrameAtMs = openedAtMs;
  /** The registered device this connection identified as (null: none yet). */
  let device: DeviceState | null = null;
  /** Frames received while not identified as a registered device (maxUnidentifiedFrames). */
  let unidentifiedFrames = 0;
  /**
   * Where the device was last known when this connection identified, and whether this connection has since sent a
   * fix consistent with it: until then its SOS alerts are marked unverified (identity-guard.ts).
   */
  let placeReference: { lat: number; lon: number; atMs: number } | null = null;
  let placeVerified = false;
  const framer = codec.createFramer();
  const session: DecoderSession = { imei: null };
  let imei: string | null = null;
  /** Frames received and not yet handled (only while an identification waits for the database). */
  const frames: Frame[] = [];
  let identifying = false;
  /** Resolved when the frame queue is empty and no identification is waiting (quiesce). */
  let idleWaiters: (() => void)[] = [];
  /** Replies in order; an entry with `wait` goes out only once that batch committed. */
  const replies: ReplyEntry[] = [];
  /** The batch the reply queue's head waits for (one listener per batch, not per frame). */
  let repliesWaitOn: Batch | null = null;
  /** Replies released by one pass of sendReplies, written as ONE buffer (flushReplies). */
  const outgoing: Uint8Array[] = [];
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
    remoteAddress: remoteIp,
    openedAtMs,
    get lastFrameAtMs() {
      return lastFrameAtMs;
    },
    holdCommandsUntilMs() {
      return deps.identity?.holdCommandsUntilMs(device, openedAtMs) ?? 0;
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
      await whenIdle();
    },
    repliesSent() {
      if (replies.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => queueReply({ bytes: null, wait: null, then: resolve }));
    },
    end() {
      if (!socket.destroyed) socket.end();
    },
    closed,
  };

  socket.setNoDelay(true);
  socket.setTimeout(deps.idleTimeoutMs, () => connection.close('idle timeout'));
  // Slow-loris and silent sockets: a connection must identify as a registered device soon after it opens.
  const loginTimer =
    deps.loginTimeoutMs && deps.loginTimeoutMs > 0
      ? setTimeout(() => {
          deps.metrics?.connectionRefused(codec.protocol, 'login-timeout');
          connection.close('no identification within the login timeout');
        }, deps.loginTimeoutMs)
      : null;
  loginTimer?.unref();
  socket.on('error', () => undefined);
  socket.on('close', () => {
    isClosed = true;
    if (loginTimer) clearTimeout(loginTimer);
    if (imei) deps.registry.unregister(imei, connection);
  });
  socket.on('data', (chunk: Buffer) => {
    lastFrameAtMs = deps.clock();
    for (const frame of framer.push(chunk)) {
      // Closed by a frame of this chunk (refused source, too many unidentified frames): the rest is not read.
      if (isClosed || socket.destroyed) break;
      pending++;
      if (identifying || frames.length > 0) frames.push(frame);
      else run(frame);
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
    // The database is away (identification needs it): the outage is logged once elsewhere; the device reconnects.
    if (isUnreachable(error)) {
      deps.log.debug?.({ connection: id, imei }, 'device not identified: database unreachable');
      connection.close('database unreachable');
      return;
    }
    deps.log.error({ connection: id, imei, err: error }, 'device connection failed');
    connection.close('internal error');
  }

  /** Handles one frame; when it has to wait for identification, the frames behind it queue until it is done. */
  function run(frame: Frame): void {
    let waiting: Promise<void> | undefined;
    try {
      waiting = handle(frame);
    } catch (error) {
      fail(error);
    }
    if (!waiting) return;
    identifying = true;
    waiting.catch(fail).finally(() => {
      identifying = false;
      drainFrames();
    });
  }

  function drainFrames(): void {
    while (frames.length > 0 && !identifying) run(frames.shift() as Frame);
    if (frames.length === 0 && !identifying && idleWaiters.length > 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  function whenIdle(): Promise<void> {
    if (frames.length === 0 && !identifying) return Promise.resolve();
    return new Promise<void>((resolve) => idleWaiters.push(resolve));
  }

  function queueReply(entry: ReplyEntry): void {
    replies.push(entry);
    if (replies.length === 1) sendReplies();
  }

  /**
   * Sends the replies at the head of the queue whose batch committed, in order. A commit releases dozens of acks
   * per connection at once: they go out as one buffer in one socket write, not one write (and Buffer conversion) per
   * ack. Whatever was gathered is written before an entry's `then` runs or the connection closes, so the order of
   * bytes and actions is kept.
   */
  function sendReplies(): void {
    let sent = 0;
    while (sent < replies.length) {
      const entry = replies[sent] as ReplyEntry;
      const wait = entry.wait;
      if (wait && wait.status === 'pending') {
        if (repliesWaitOn !== wait) {
          repliesWaitOn = wait;
          wait.onSettled(repliesSettled);
        }
        break;
      }
      sent++;
      if (wait && wait.status === 'failed') {
        // The batch did not commit: the device must not get an ack. While the database is only away (an outage,
        // logged once by db/outage.ts) the connection stays open and quiet: the device keeps what was not acked and
        // resends it (GT06 and Teltonika do), and later frames are acked once the database is back. Any other
        // failure drops the connection, so the device resends after reconnecting.
        if (!isUnreachable(wait.failure)) {
          flushReplies();
          deps.log.warn({ connection: id, imei }, 'batch failed, dropping connection without ack');
          connection.close('batch not stored');
        }
      } else if (entry.bytes) outgoing.push(entry.bytes);
      if (entry.then) {
        flushReplies();
        entry.then();
      }
    }
    flushReplies();
    if (sent > 0) replies.splice(0, sent);
  }

  /** Writes the gathered replies (one buffer) and counts them as acks. */
  function flushReplies(): void {
    const count = outgoing.length;
    if (count === 0) return;
    const bytes = count === 1 ? (outgoing[0] as Uint8Array) : Buffer.concat(outgoing);
    outgoing.length = 0;
    if (!connection.send(bytes) || !deps.metrics) return;
    for (let i = 0; i < count; i++) deps.metrics.ackSent(codec.protocol);
  }

  /** The batch committed (a listener run in a timed turn: turns.ts): the acks it released are written now. */
  function repliesSettled(): void {
    repliesWaitOn = null;
    sendReplies();
    if (corked) uncork();
  }

  /** The device whose queued commands this connection still has to send (after the reply to its first frame). */
  let commandsPendingFor: bigint | null = null;
  let commandsDeliveredFor: bigint | null = null;

  /**
   * Identification's bookkeeping once the device (or its absence) is known. False when the device's allowed source
   * networks do not include this connection's address: the frame is refused and the connection closed, and the
   * device's registered connection (if any) is left alone.
   */
  function identified(frameImei: string, state: DeviceState | null): boolean {
    const networks = state?.device.allowedNetworks;
    if (state && networks && (remoteIp === null || !networks.allows(remoteIp))) return false;
    if (state && state.device.id !== commandsDeliveredFor) {
      commandsDeliveredFor = state.device.id;
      commandsPendingFor = state.device.id;
    }
    if (frameImei !== imei) {
      if (imei) deps.registry.unregister(imei, connection);
      imei = frameImei;
      if (!isClosed) {
        if (state && deps.identity?.takeover(state, deps.registry.get(frameImei), connection))
          deps.metrics?.identityConflict(codec.protocol);
        deps.registry.register(frameImei, connection);
      }
    }
    if (state) {
      session.strictChecksum = state.device.strictChecksum;
      if (device !== state) {
        device = state;
        const latest = state.latest;
        placeReference =
          latest?.lat != null && latest.lon != null && latest.fixedAt
            ? { lat: latest.lat, lon: latest.lon, atMs: latest.fixedAt.getTime() }
            : null;
      }
      if (loginTimer) clearTimeout(loginTimer);
    }
    return true;
  }

  /** A registered device's frame from outside its allowed networks: logged, kept (budgeted), connection closed. */
  function refuse(
    frame: Frame,
    result: DecodeResult,
    frameImei: string,
    serverAt: Date,
    state: DeviceState,
  ): void {
    deps.log.warn(
      { connection: id, imei: frameImei, remoteAddr, allowedNetworks: state.device.allowedNetworks?.cidrs },
      'device frame refused: source address outside its allowed networks',
    );
    deps.metrics?.connectionRefused(codec.protocol, 'source-network');
    if (deps.unidentified?.keepRawLog(remoteIp, frameImei) !== false) {
      const note = `refused: source address ${remoteIp ?? '?'} outside the allowed networks`;
      deps.writer.write((b) => {
        b.rawLogs.push({
          receivedAt: serverAt,
          deviceId: state.device.id,
          imei: frameImei,
          protocol: codec.protocol,
          remoteAddr,
          bytes: frame.bytes,
          decodeError: [problems(result, frame), note].filter(Boolean).join('; '),
          checksumOk: result.messages[0]?.checksumOk ?? null,
        });
      });
    }
    settled();
    connection.close('source address outside the allowed networks');
  }

  async function identify(
    frameImei: string,
    nowMs: number,
    cached: DeviceState | null | undefined,
  ): Promise<{ state: DeviceState | null; admitted: boolean }> {
    const state = cached === undefined ? await deps.directory.load(frameImei, nowMs) : cached;
    if (isClosed) return { state: null, admitted: false };
    if (!identified(frameImei, state)) return { state, admitted: false };
    if (state && state.device.protocol !== codec.protocol)
      await deps.directory.recordProtocol(state, codec.protocol);
    return { state, admitted: true };
  }

  /** Synchronous unless the device has to be loaded (or its protocol recorded): then the returned promise. */
  function handle(frame: Frame): Promise<void> | undefined {
    const result = decode(codec, frame.bytes, session);
    if (deps.metrics) countPacket(deps.metrics, codec.protocol, frame, result);
    if (result.imei) session.imei = result.imei;
    const frameImei = result.imei ?? session.imei ?? result.messages.find((m) => m.imei)?.imei ?? null;
    const serverAt = new Date(deps.clock());
    if (!frameImei) {
      ingest(frame, result, null, serverAt, null);
      return undefined;
    }
    const cached = deps.directory.peek(frameImei, serverAt.getTime());
    if (cached === null || (cached !== undefined && cached.device.protocol === codec.protocol)) {
      if (cached && !identified(frameImei, cached)) refuse(frame, result, frameImei, serverAt, cached);
      else {
        if (!cached) identified(frameImei, cached);
        ingest(frame, result, frameImei, serverAt, cached);
      }
      return undefined;
    }
    return identify(frameImei, serverAt.getTime(), cached).then(({ state, admitted }) => {
      if (admitted) ingest(frame, result, frameImei, serverAt, state);
      else if (state) refuse(frame, result, frameImei, serverAt, state);
      else settled();
    });
  }

  function ingest(
    frame: Frame,
    result: DecodeResult,
    frameImei: string | null,
    serverAt: Date,
    state: DeviceState | null,
  ): void {
    if (!state) {
      unidentifiedFrames++;
      if (deps.maxUnidentifiedFrames !== undefined && unidentifiedFrames > deps.maxUnidentifiedFrames) {
        // Not stored: the flood stops here (the rest of its chunk is not even framed).
        if (frameImei) deps.metrics?.unknownDevicePacket(codec.protocol);
        settled();
        deps.metrics?.connectionRefused(codec.protocol, 'unidentified-frames');
        connection.close('too many frames without identifying as a registered device');
        return;
      }
    }
    const keepRawLog = state !== null || deps.unidentified?.keepRawLog(remoteIp, frameImei) !== false;
    if (!keepRawLog && !frameImei) {
      settled();
      return;
    }
    let needsCommit = false;
    const batch = deps.writer.write((b) => {
      if (keepRawLog)
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
          if (!placeVerified) checkPlace(message);
          const eventsBefore = b.newEvents.length;
          const ctx = runPipeline(deps.stages, state, message, serverAt, b);
          if (!placeVerified) markUnverified(b.newEvents, eventsBefore);
          deps.onMessage?.(ctx, frame.bytes);
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
    batch.onSettled(settled);
    if (!state && frameImei) {
      deps.metrics?.unknownDevicePacket(codec.protocol);
      const reject = unknownDeviceReply(codec.protocol, result);
      if (reject) queueReply({ bytes: reject, wait: null, then: () => connection.end() });
      return;
    }
    const reply = result.reply;
    if (reply && state) queueReply({ bytes: reply, wait: needsCommit ? batch : null, then: null });
    if (commandsPendingFor !== null && state) {
      // After the login/handshake reply: a Teltonika device takes commands only once its IMEI is accepted.
      const deviceId = commandsPendingFor;
      commandsPendingFor = null;
      const delivery = deps.commands;
      if (delivery) {
        queueReply({
          bytes: null,
          wait: null,
          then: () =>
            void delivery
              .deviceIdentified(deviceId, connection)
              .catch((error: unknown) =>
                deps.log.error({ connection: id, imei, err: error }, 'queued command delivery failed'),
              ),
        });
      }
    }
  }

  /** A valid fix of this connection near the device's last known place verifies the connection (SOS). */
  function checkPlace(message: NormalisedMessage): void {
    if (message.lat === null || message.lon === null || message.gpsValid === false || !message.fixTime)
      return;
    if (message.lat === 0 && message.lon === 0) return;
    const atMs = Date.parse(message.fixTime);
    if (Number.isNaN(atMs)) return;
    placeVerified = placeConsistent(placeReference, { lat: message.lat, lon: message.lon, atMs });
  }

  /** SOS alerts the pipeline just opened from a connection not yet verified are raised, marked unverified. */
  function markUnverified(events: EventRow[], from: number): void {
    for (let i = from; i < events.length; i++) {
      const event = events[i];
      if (!event || event.type !== 'sos') continue;
      event.attrs = { ...event.attrs, unverified: true };
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

function countPacket(metrics: GatewayMetrics, protocol: string, frame: Frame, result: DecodeResult): void {
  const first = result.messages[0];
  metrics.packetReceived(protocol, first?.kind ?? 'none');
  if (frame.skippedBytes > 0 || result.error) metrics.decodeError(protocol);
  if (first?.checksumOk === false) metrics.checksumMismatch(protocol);
}

function problems(result: DecodeResult, frame: Frame): string | null {
  if (frame.skippedBytes === 0 && !result.error) return null;
  const parts: string[] = [];
  if (frame.skippedBytes > 0) parts.push(`skipped ${frame.skippedBytes} bytes before the frame`);
  if (result.error) parts.push(result.error);
  return parts.length > 0 ? parts.join('; ') : null;
}
