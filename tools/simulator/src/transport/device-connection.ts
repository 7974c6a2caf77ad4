/**
 * One real TCP connection per virtual device (node:net). Owns the socket, reconnects with exponential backoff and
 * jitter, and moves bytes between the socket and the device session. The simulated network outage of the fleet model
 * maps to `setNetworkUp(false)`: the socket is dropped and no dialling happens until the network is back.
 */
import { Socket } from 'node:net';
import type { DeviceSession } from '../device/session.ts';

export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1_000, maxMs: 60_000 };

export interface ConnectionOptions {
  host: string;
  port: number;
  backoff?: BackoffOptions;
  /** Socket-level idle guard: a connection silent this long in both directions is considered dead. */
  connectTimeoutMs?: number;
  log?: (line: string) => void;
  /** Wall clock (tests inject a fake one). */
  now?: () => number;
}

export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'waiting' | 'network-down' | 'stopped';

export class DeviceConnection {
  private socket: Socket | null = null;
  private state: ConnectionState = 'idle';
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private closed: Promise<void> = Promise.resolve();
  /** Completed TCP connections after the first. */
  reconnects = 0;
  private hasConnected = false;
  private readonly backoff: BackoffOptions;
  private readonly now: () => number;

  constructor(
    readonly session: DeviceSession,
    private readonly options: ConnectionOptions,
  ) {
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.now = options.now ?? Date.now;
  }

  get connectionState(): ConnectionState {
    return this.state;
  }

  get isConnected(): boolean {
    return this.state === 'connected';
  }

  start(): void {
    if (this.state === 'idle') this.dial();
  }

  /** Simulated mobile-data outage (fleet `network` events). */
  setNetworkUp(isUp: boolean): void {
    if (this.state === 'stopped') return;
    if (!isUp) {
      if (this.state === 'network-down') return;
      this.clearRetry();
      this.state = 'network-down';
      this.socket?.destroy();
      return;
    }
    if (this.state === 'network-down') {
      this.state = 'idle';
      this.attempt = 0;
      if (this.socket === null) this.dial();
    }
  }

  /** Sends whatever the session has ready and checks its timeouts; called on every simulator tick. */
  pump(): void {
    if (this.state !== 'connected') return;
    if (this.session.isReady) this.attempt = 0;
    const wallMs = this.now();
    const poll = this.session.poll(wallMs);
    if (poll.shouldReconnect) {
      this.log('handshake or ack timeout; reconnecting');
      this.socket?.destroy();
      return;
    }
    this.write(poll.frames);
    this.write(this.session.flush(wallMs));
  }

  /** Closes the connection (after a short grace for pending acks) and stops reconnecting. */
  async stop(graceMs = 1_000): Promise<void> {
    if (this.state === 'stopped') return this.closed;
    const wasConnected = this.state === 'connected';
    this.clearRetry();
    this.state = 'stopped';
    const socket = this.socket;
    if (socket !== null) {
      if (wasConnected && graceMs > 0) await delay(graceMs);
      socket.end();
      const timer = setTimeout(() => socket.destroy(), 2_000);
      await this.closed;
      clearTimeout(timer);
    }
  }

  private dial(): void {
    this.clearRetry();
    this.state = 'connecting';
    const socket = new Socket();
    this.socket = socket;
    socket.setNoDelay(true);
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
    const connectTimer = setTimeout(
      () => socket.destroy(new Error('connect timeout')),
      this.options.connectTimeoutMs ?? 10_000,
    );

    socket.once('connect', () => {
      clearTimeout(connectTimer);
      if (this.state !== 'connecting') {
        socket.destroy();
        return;
      }
      this.state = 'connected';
      if (this.hasConnected) this.reconnects++;
      this.hasConnected = true;
      this.write(this.session.connected(this.now()));
    });
    socket.on('data', (chunk: Buffer) => {
      if (this.state !== 'connected' && this.state !== 'stopped') return;
      this.write(
        this.session.received(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength), this.now()),
      );
    });
    socket.on('error', (error) => this.log(`socket error: ${error.message}`));
    socket.once('close', () => {
      clearTimeout(connectTimer);
      if (this.socket === socket) this.socket = null;
      this.session.disconnected();
      if (this.state === 'connected' || this.state === 'connecting') this.scheduleRetry();
    });
    socket.connect({ host: this.options.host, port: this.options.port });
  }

  private scheduleRetry(): void {
    this.state = 'waiting';
    const base = Math.min(this.backoff.maxMs, this.backoff.initialMs * 2 ** this.attempt);
    // Full jitter on the upper half keeps a fleet that lost the server together from re-dialling in lockstep.
    const waitMs = base / 2 + Math.random() * (base / 2);
    this.attempt++;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.state === 'waiting') this.dial();
    }, waitMs);
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private write(frames: readonly Uint8Array[]): void {
    const socket = this.socket;
    if (socket === null || frames.length === 0) return;
    for (const frame of frames) socket.write(frame);
  }

  private log(line: string): void {
    this.options.log?.(`${this.session.protocol} ${this.session.identity.imei}: ${line}`);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
