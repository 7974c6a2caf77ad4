/**
 * AIS-140 device (iStartek VT140 family): login on every connection, then live packets; whatever happened while
 * offline is replayed as `H` packets, newest first (AIS-140 §4.1: LIFO, live data before backlog). The standard has
 * no acknowledgements; Wetrack-style login/heartbeat replies are read and counted but never waited for.
 */
import {
  buildAis140Emergency,
  buildAis140Health,
  buildAis140Location,
  buildAis140Login,
  healthFromReading,
  parseAis140Reply,
  type Ais140Identity,
} from '../packets/ais140.ts';
import type { LatLon } from '../fleet/geo.ts';
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

/** Backlog packets sent per flush, so replay never starves live data. */
const REPLAY_BATCH = 100;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface Ais140SessionOptions {
  updateRateOnS: number;
  updateRateOffS: number;
}

export class Ais140Session implements DeviceSession {
  readonly protocol = 'ais140' as const;
  readonly stats = emptyStats();
  private online = false;
  private hasConnected = false;
  private live: RecordableEvent[] = [];
  private backlog: RecordableEvent[] = [];
  private frameNumber = 0;
  private lastFix: LatLon;
  private lastOdometerM: number | null = null;
  private replyText = '';
  private readonly id: Ais140Identity;

  constructor(
    readonly identity: DeviceIdentity,
    private readonly options: Ais140SessionOptions,
    initialFix: LatLon,
  ) {
    this.id = { imei: identity.imei, vehicleRegNo: identity.registrationNumber };
    this.lastFix = initialFix;
  }

  get isReady(): boolean {
    return this.online;
  }

  pendingRecords(): number {
    return this.live.length + this.backlog.length;
  }

  record(event: RecordableEvent): void {
    if (event.reading.gpsValid) this.lastFix = event.reading;
    // Until the first connection after power-on, data is simply waiting to go out live.
    if (this.online || !this.hasConnected) this.stats.dropped += pushBounded(this.live, event);
    // Health packets describe the present; a device does not store them.
    else if (event.type !== 'heartbeat') this.stats.dropped += pushBounded(this.backlog, event);
  }

  connected(): Uint8Array[] {
    this.online = true;
    this.hasConnected = true;
    this.replyText = '';
    const login = countFrame(this.stats, encoder.encode(buildAis140Login(this.id, this.lastFix)), 0);
    return [login, ...this.flush()];
  }

  received(chunk: Uint8Array): Uint8Array[] {
    this.replyText += decoder.decode(chunk);
    let end = this.replyText.indexOf('*');
    while (end >= 0) {
      const start = this.replyText.lastIndexOf('$', end);
      const text = this.replyText.slice(Math.max(0, start), end + 1);
      this.replyText = this.replyText.slice(end + 1);
      const reply = parseAis140Reply(text.trim());
      if (reply.kind !== 'other') this.stats.acks++;
      end = this.replyText.indexOf('*');
    }
    // Commands (SET/GET/CLR) arrive without a terminator; count and forget them.
    const command = /^(SET|GET|CLR) [A-Z]+(:\S*)?/.exec(this.replyText.trim());
    if (command !== null) {
      this.stats.commands++;
      this.replyText = '';
    }
    if (this.replyText.length > 4096) this.replyText = '';
    return [];
  }

  flush(): Uint8Array[] {
    if (!this.online) return [];
    const frames: Uint8Array[] = [];
    for (const event of this.live.splice(0)) frames.push(...this.encode(event, false));
    // Newest stored record first (LIFO), a batch at a time.
    for (let i = 0; i < REPLAY_BATCH; i++) {
      const event = this.backlog.pop();
      if (event === undefined) break;
      frames.push(...this.encode(event, true));
    }
    return frames;
  }

  poll(): PollResult {
    return POLL_OK;
  }

  disconnected(): void {
    this.online = false;
    if (!this.hasConnected) return;
    // Events queued for a connection that just died become history.
    for (const event of this.live.splice(0)) {
      if (event.type !== 'heartbeat') this.stats.dropped += pushBounded(this.backlog, event);
    }
  }

  private encode(event: RecordableEvent, isHistory: boolean): Uint8Array[] {
    const { reading } = event;
    if (event.type === 'heartbeat') {
      const rates = { onS: this.options.updateRateOnS, offS: this.options.updateRateOffS };
      return [
        countFrame(
          this.stats,
          encoder.encode(buildAis140Health(this.id, healthFromReading(reading, rates))),
          0,
        ),
      ];
    }
    const texts: string[] = [];
    const alarm = event.type === 'alarm' ? event.alarm : null;
    this.frameNumber = (this.frameNumber % 999_999) + 1;
    texts.push(
      buildAis140Location(this.id, reading, {
        event: alarm ?? 'location',
        isHistory,
        frameNumber: this.frameNumber,
      }),
    );
    if (alarm === 'sos' || alarm === 'sosOff') {
      const distanceM = this.lastOdometerM === null ? 0 : Math.max(0, reading.odometerM - this.lastOdometerM);
      texts.push(
        buildAis140Emergency(this.id, reading, {
          state: alarm === 'sos' ? 'EMR' : 'SEM',
          isHistory,
          distanceM,
        }),
      );
    }
    this.lastOdometerM = reading.odometerM;
    return texts.map((text) => countFrame(this.stats, encoder.encode(text), 1));
  }
}
