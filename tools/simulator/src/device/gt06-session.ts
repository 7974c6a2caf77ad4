/**
 * GT06 device: login (0x01) and nothing else until the server answers it (Concox devices keep re-sending login and
 * never send data without the reply, protocols.md §8.4). Then 0x22 locations, 0x26 alarms and 0x13 heartbeats, each
 * with its own serial. Replies echo protocol number and serial; a location or alarm still unacknowledged when the
 * connection drops is sent again (re-upload flag set) after the next login. Records made offline go out the same way,
 * oldest first. Server commands (0x80) get a 0x15 string reply. A reading with a driver tag is followed by a 0x94/0x1B
 * RFID info frame (live only: a card swipe is not buffered by the device).
 *
 * Variant '4g' (VL103 / JM-VL03 class) sends 0xA0 locations, 0xA4 alarms and, for a reading without a fix, 0xA1
 * (cells only) instead; the rest is the same.
 */
import {
  buildGt06Alarm,
  buildGt06DriverId,
  buildGt06Heartbeat,
  buildGt06Location,
  buildGt06Login,
  buildGt06StringInfo,
  buildGt06Alarm4g,
  buildGt06CellsOnly4g,
  buildGt06Location4g,
  type Gt06Variant,
  GT06_ALARM_4G,
  GT06_ALARM_CODES,
  GT06_LOGIN,
  GT06_SERVER_COMMAND,
  GT06_UPLOAD_MODE,
  type Gt06AlarmEvent,
} from '../packets/gt06.ts';
import { Gt06ReplyReader } from './gt06-replies.ts';
import {
  countFrame,
  emptyStats,
  pushBounded,
  type DeviceIdentity,
  type DeviceSession,
  POLL_OK,
  type PollResult,
  type RecordableEvent,
} from './session.ts';

const LOGIN_TIMEOUT_MS = 10_000;
const LOGIN_ATTEMPTS = 3;
/** How long a location/alarm waits for its reply before we stop tracking it. */
const ACK_WINDOW_MS = 120_000;
/** Replay batch per flush while catching up after an outage. */
const REPLAY_BATCH = 100;

interface InFlight {
  event: RecordableEvent;
  sentAtMs: number;
}

/** Heartbeats are answered too, but a stale one is never resent. */
const isResendable = (event: RecordableEvent): boolean => event.type !== 'heartbeat';

export class Gt06Session implements DeviceSession {
  readonly protocol = 'gt06' as const;
  readonly stats = emptyStats();
  private state: 'offline' | 'login' | 'ready' = 'offline';
  private hasLoggedIn = false;
  private serial = 0;
  private loginSerial = -1;
  private loginSentAtMs = 0;
  private loginAttempts = 0;
  private live: RecordableEvent[] = [];
  private backlog: RecordableEvent[] = [];
  private readonly inFlight = new Map<number, InFlight>();
  private readonly replies = new Gt06ReplyReader();

  constructor(
    readonly identity: DeviceIdentity,
    readonly variant: Gt06Variant = 'classic',
  ) {}

  get isReady(): boolean {
    return this.state === 'ready';
  }

  pendingRecords(): number {
    let inFlight = 0;
    for (const entry of this.inFlight.values()) if (isResendable(entry.event)) inFlight++;
    return this.live.length + this.backlog.length + inFlight;
  }

  record(event: RecordableEvent): void {
    // Until the first login after power-on, data is simply waiting to go out live.
    if (this.state === 'ready' || !this.hasLoggedIn) this.stats.dropped += pushBounded(this.live, event);
    else if (event.type !== 'heartbeat') this.stats.dropped += pushBounded(this.backlog, event);
  }

  connected(wallMs: number): Uint8Array[] {
    this.state = 'login';
    this.loginAttempts = 0;
    this.replies.reset();
    return [this.sendLogin(wallMs)];
  }

  received(chunk: Uint8Array, wallMs: number): Uint8Array[] {
    const out: Uint8Array[] = [];
    for (const reply of this.replies.push(chunk)) {
      if (
        reply.protocolNumber === GT06_LOGIN &&
        reply.serial === this.loginSerial &&
        this.state === 'login'
      ) {
        this.stats.acks++;
        this.state = 'ready';
        this.hasLoggedIn = true;
        out.push(...this.flush(wallMs));
      } else if (reply.protocolNumber === GT06_SERVER_COMMAND && reply.command !== null) {
        this.stats.commands++;
        const text = reply.command.text.startsWith('Relay,1')
          ? 'Cut off the fuel supply: Success!'
          : reply.command.text.startsWith('Relay,0')
            ? 'Restore fuel supply: Success!'
            : `OK ${reply.command.text}`;
        out.push(
          countFrame(this.stats, buildGt06StringInfo(reply.command.serverFlag, text, this.nextSerial()), 0),
        );
      } else if (this.inFlight.delete(reply.serial)) {
        this.stats.acks++;
      }
    }
    return out;
  }

  flush(wallMs: number): Uint8Array[] {
    if (this.state !== 'ready') return [];
    const frames: Uint8Array[] = [];
    for (const event of this.live.splice(0)) frames.push(...this.encode(event, false, wallMs));
    // Catch up oldest first, a batch per flush.
    for (const event of this.backlog.splice(0, REPLAY_BATCH))
      frames.push(...this.encode(event, true, wallMs));
    return frames;
  }

  poll(wallMs: number): PollResult {
    // A server that never acknowledges some message type must not make us resend it forever.
    for (const [serial, entry] of this.inFlight) {
      if (wallMs - entry.sentAtMs < ACK_WINDOW_MS) break;
      this.inFlight.delete(serial);
      if (isResendable(entry.event)) this.stats.unacked++;
    }
    if (this.state !== 'login' || wallMs - this.loginSentAtMs < LOGIN_TIMEOUT_MS) return POLL_OK;
    if (this.loginAttempts >= LOGIN_ATTEMPTS) return { frames: [], shouldReconnect: true };
    return { frames: [this.sendLogin(wallMs)], shouldReconnect: false };
  }

  disconnected(): void {
    this.state = 'offline';
    // Unacknowledged records first (they are the oldest), then whatever was queued for this connection.
    const unacked = [...this.inFlight.values()].map((entry) => entry.event).filter(isResendable);
    this.inFlight.clear();
    this.stats.resent += unacked.length;
    this.backlog.unshift(...unacked);
    if (!this.hasLoggedIn) return;
    for (const event of this.live.splice(0)) {
      if (event.type !== 'heartbeat') this.stats.dropped += pushBounded(this.backlog, event);
    }
  }

  private sendLogin(wallMs: number): Uint8Array {
    this.loginSerial = this.nextSerial();
    this.loginSentAtMs = wallMs;
    this.loginAttempts++;
    return countFrame(this.stats, buildGt06Login(this.identity.imei, this.loginSerial), 0);
  }

  private encode(event: RecordableEvent, isReupload: boolean, wallMs: number): Uint8Array[] {
    const serial = this.nextSerial();
    const { reading } = event;
    this.inFlight.set(serial, { event, sentAtMs: wallMs });
    if (event.type === 'heartbeat') return [countFrame(this.stats, buildGt06Heartbeat(reading, serial), 0)];
    const alarm = event.type === 'alarm' ? event.alarm : null;
    const is4g = this.variant === '4g';
    if (alarm !== null && alarm in GT06_ALARM_CODES) {
      const frame = is4g
        ? buildGt06Alarm4g(reading, alarm as Gt06AlarmEvent, serial)
        : buildGt06Alarm(reading, alarm as Gt06AlarmEvent, { serial, protocolNumber: GT06_ALARM_4G });
      return [countFrame(this.stats, frame, 1)];
    }
    const isAccChange = alarm === 'ignitionOn' || alarm === 'ignitionOff';
    const uploadMode = isAccChange ? GT06_UPLOAD_MODE.accChange : GT06_UPLOAD_MODE.interval;
    const location = !is4g
      ? buildGt06Location(reading, { serial, isReupload, uploadMode })
      : reading.gpsValid
        ? buildGt06Location4g(reading, { serial, isReupload, uploadMode })
        : buildGt06CellsOnly4g(reading, serial);
    const frames = [countFrame(this.stats, location, 1)];
    if (reading.driverTag !== undefined && !isReupload) {
      const rfidSerial = this.nextSerial();
      frames.push(countFrame(this.stats, buildGt06DriverId(reading.driverTag, rfidSerial), 0));
    }
    // GT06 has no "power restored" alarm: the status packet's charging bit tells the server.
    if (alarm === 'powerRestored' && !isReupload) {
      const heartbeatSerial = this.nextSerial();
      this.inFlight.set(heartbeatSerial, {
        event: { type: 'heartbeat', atMs: event.atMs, reading },
        sentAtMs: wallMs,
      });
      frames.push(countFrame(this.stats, buildGt06Heartbeat(reading, heartbeatSerial), 0));
    }
    return frames;
  }

  private nextSerial(): number {
    this.serial = (this.serial % 0xffff) + 1;
    return this.serial;
  }
}
