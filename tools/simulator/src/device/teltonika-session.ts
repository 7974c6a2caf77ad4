/**
 * Teltonika FMB device: IMEI handshake, then Codec 8 AVL packets one at a time — the next packet goes only after the
 * server acknowledged the previous one with its record count (stop-and-wait, like the FMB firmware). A wrong count
 * resends the same records; a missing ack drops the connection; records of a packet unacknowledged when the
 * connection closes are sent again after the next handshake. Offline records simply queue up (oldest first).
 * Codec 12 commands get a Codec 12 response.
 */
import { crc16Ibm } from '../packets/checksums.ts';
import {
  buildTeltonikaAvlPacket,
  buildTeltonikaImei,
  teltonikaRecord,
  TELTONIKA_IMEI_ACCEPT,
  TELTONIKA_MAX_RECORDS_PER_PACKET,
  type TeltonikaRecord,
} from '../packets/teltonika.ts';
import {
  countFrame,
  emptyStats,
  pushBounded,
  type DeviceIdentity,
  type DeviceSession,
  type PollResult,
  type RecordableEvent,
} from './session.ts';

const HANDSHAKE_TIMEOUT_MS = 15_000;
const ACK_TIMEOUT_MS = 30_000;
const CODEC_12 = 0x0c;

export class TeltonikaSession implements DeviceSession {
  readonly protocol = 'teltonika' as const;
  readonly stats = emptyStats();
  private state: 'offline' | 'handshake' | 'ready' | 'rejected' = 'offline';
  private stateSinceMs = 0;
  private queue: TeltonikaRecord[] = [];
  private inFlight: { records: TeltonikaRecord[]; packet: Uint8Array; sentAtMs: number } | null = null;
  private buffer = new Uint8Array(0);

  constructor(readonly identity: DeviceIdentity) {}

  get isReady(): boolean {
    return this.state === 'ready';
  }

  /** The server answered the IMEI with 00: it does not know this device. */
  get isRejected(): boolean {
    return this.state === 'rejected';
  }

  pendingRecords(): number {
    return this.queue.length + (this.inFlight?.records.length ?? 0);
  }

  record(event: RecordableEvent): void {
    // FMB devices have no heartbeat message: a parked one sends its periodic "on stop" record instead, which also
    // keeps the gateway's idle timeout from closing the link.
    if (event.type === 'heartbeat' && event.reading.ignition) return;
    const record = teltonikaRecord(event.reading, event.type === 'alarm' ? event.alarm : 'location');
    this.stats.dropped += pushBounded(this.queue, record);
  }

  connected(wallMs: number): Uint8Array[] {
    this.state = 'handshake';
    this.stateSinceMs = wallMs;
    this.buffer = new Uint8Array(0);
    return [countFrame(this.stats, buildTeltonikaImei(this.identity.imei), 0)];
  }

  received(chunk: Uint8Array, wallMs: number): Uint8Array[] {
    const merged = new Uint8Array(this.buffer.length + chunk.length);
    merged.set(this.buffer);
    merged.set(chunk, this.buffer.length);
    this.buffer = merged;
    const out: Uint8Array[] = [];
    for (;;) {
      if (this.state === 'handshake') {
        const answer = this.buffer[0];
        if (answer === undefined) break;
        this.buffer = this.buffer.slice(1);
        this.state = answer === TELTONIKA_IMEI_ACCEPT ? 'ready' : 'rejected';
        this.stateSinceMs = wallMs;
        if (this.state === 'ready') this.stats.acks++;
        continue;
      }
      if (this.state !== 'ready' || this.buffer.length < 4) break;
      const view = new DataView(this.buffer.buffer, this.buffer.byteOffset, this.buffer.byteLength);
      const value = view.getUint32(0);
      if (value === 0 && this.buffer.length >= 9 && this.buffer[8] === CODEC_12) {
        const total = 8 + view.getUint32(4) + 4;
        if (this.buffer.length < total) break;
        out.push(...this.answerCommand(this.buffer.subarray(0, total)));
        this.buffer = this.buffer.slice(total);
        continue;
      }
      this.buffer = this.buffer.slice(4);
      this.acknowledge(value);
    }
    return out.concat(this.flush(wallMs));
  }

  flush(wallMs: number): Uint8Array[] {
    if (this.state !== 'ready' || this.inFlight !== null || this.queue.length === 0) return [];
    const records = this.queue.splice(0, TELTONIKA_MAX_RECORDS_PER_PACKET);
    const packet = buildTeltonikaAvlPacket(records);
    this.inFlight = { records, packet, sentAtMs: wallMs };
    return [countFrame(this.stats, packet, records.length)];
  }

  poll(wallMs: number): PollResult {
    if (this.state === 'handshake' && wallMs - this.stateSinceMs > HANDSHAKE_TIMEOUT_MS) {
      return { frames: [], shouldReconnect: true };
    }
    if (this.inFlight !== null && wallMs - this.inFlight.sentAtMs > ACK_TIMEOUT_MS) {
      return { frames: [], shouldReconnect: true };
    }
    return { frames: this.flush(wallMs), shouldReconnect: false };
  }

  disconnected(): void {
    this.state = 'offline';
    if (this.inFlight !== null) {
      this.stats.resent += this.inFlight.records.length;
      this.queue.unshift(...this.inFlight.records);
      this.inFlight = null;
    }
  }

  private acknowledge(count: number): void {
    const inFlight = this.inFlight;
    if (inFlight === null) return;
    if (count === inFlight.records.length) {
      this.stats.acks++;
      this.inFlight = null;
      return;
    }
    // Wrong count: the device sends the same packet again (Teltonika protocol §"Data sending").
    this.stats.resent += inFlight.records.length;
    this.queue.unshift(...inFlight.records);
    this.inFlight = null;
  }

  private answerCommand(frame: Uint8Array): Uint8Array[] {
    // 00000000 · length · 0C · qty 01 · type 05 · size (4) · command · qty · CRC
    const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
    const size = view.getUint32(11);
    const text = new TextDecoder().decode(frame.subarray(15, 15 + size));
    this.stats.commands++;
    return [countFrame(this.stats, codec12Response(`OK ${text}`), 0)];
  }
}

/** Codec 12 response (type 0x06) carrying `text`. */
export function codec12Response(text: string): Uint8Array {
  const ascii = new TextEncoder().encode(text);
  const dataLength = 1 + 1 + 1 + 4 + ascii.length + 1;
  const out = new Uint8Array(8 + dataLength + 4);
  const view = new DataView(out.buffer);
  view.setUint32(4, dataLength);
  out.set([CODEC_12, 0x01, 0x06], 8);
  view.setUint32(11, ascii.length);
  out.set(ascii, 15);
  out[15 + ascii.length] = 0x01;
  view.setUint32(16 + ascii.length, crc16Ibm(out.subarray(8, 16 + ascii.length)));
  return out;
}
