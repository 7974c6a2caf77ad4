/**
 * A virtual tracker's protocol behaviour, without sockets: what it sends on connect, how it turns fleet events into
 * frames, what it keeps while offline, and how it reads the server's replies. The transport owns the socket and the
 * clock; it calls these methods and writes whatever frames they return.
 */
import type { FleetEvent } from '../fleet/types.ts';
import type { DeviceProtocol } from '../fleet/types.ts';

export interface DeviceIdentity {
  imei: string;
  registrationNumber: string;
}

export interface SessionStats {
  /** Frames written (login, data, heartbeats, replies to commands). */
  framesSent: number;
  /** Position/alarm records inside those frames (a Teltonika packet carries many). */
  recordsSent: number;
  bytesSent: number;
  /** Server acknowledgements matched to something we sent (GT06 replies, Teltonika counts, AIS-140 login/HBT). */
  acks: number;
  /** Records sent again after a reconnect or a count mismatch. */
  resent: number;
  /** Server commands answered. */
  commands: number;
  /** Records dropped because the offline buffer was full. */
  dropped: number;
  /** Records the server never acknowledged within the ack window (not resent). */
  unacked: number;
}

/** Events a device records: the rest (network, trace) is for the transport and tests. */
export type RecordableEvent = Extract<FleetEvent, { type: 'position' | 'alarm' | 'heartbeat' }>;

export function isRecordable(event: FleetEvent): event is RecordableEvent {
  return event.type === 'position' || event.type === 'alarm' || event.type === 'heartbeat';
}

export interface PollResult {
  /** Frames to send now (e.g. a login retry). */
  frames: Uint8Array[];
  /** A handshake or ack timed out: drop the connection and dial again. */
  shouldReconnect: boolean;
}

export const POLL_OK: PollResult = { frames: [], shouldReconnect: false };

export interface DeviceSession {
  readonly protocol: DeviceProtocol;
  readonly identity: DeviceIdentity;
  readonly stats: SessionStats;
  /** Logged in / IMEI accepted: data may flow. */
  readonly isReady: boolean;
  /** Records waiting to be sent or acknowledged. */
  pendingRecords(): number;
  /** A fleet event for this device: encoded now or kept for later. */
  record(event: RecordableEvent): void;
  /** TCP connected: the handshake frames. */
  connected(wallMs: number): Uint8Array[];
  /** Bytes from the server: frames to send in response (acks may release queued data). */
  received(chunk: Uint8Array, wallMs: number): Uint8Array[];
  /** Frames that can be sent now. */
  flush(wallMs: number): Uint8Array[];
  /** Checks handshake and ack timeouts. */
  poll(wallMs: number): PollResult;
  /** TCP closed: unacknowledged records go back to the queue. */
  disconnected(): void;
}

export function emptyStats(): SessionStats {
  return {
    framesSent: 0,
    recordsSent: 0,
    bytesSent: 0,
    acks: 0,
    resent: 0,
    commands: 0,
    dropped: 0,
    unacked: 0,
  };
}

/** Store-and-forward capacity (AIS-140 asks for at least 40,000 records). */
export const BACKLOG_CAPACITY = 40_000;

/** Adds to a bounded buffer, dropping the oldest record when full. Returns how many were dropped. */
export function pushBounded<T>(buffer: T[], item: T, capacity = BACKLOG_CAPACITY): number {
  buffer.push(item);
  if (buffer.length <= capacity) return 0;
  buffer.shift();
  return 1;
}

export function countFrame(stats: SessionStats, frame: Uint8Array, records: number): Uint8Array {
  stats.framesSent++;
  stats.recordsSent += records;
  stats.bytesSent += frame.length;
  return frame;
}
