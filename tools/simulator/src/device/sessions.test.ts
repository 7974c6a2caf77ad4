/** Protocol behaviour of the device sessions, without sockets. */
import { describe, expect, it } from 'vitest';
import { frame } from '../packets/gt06.ts';
import { sampleReading } from '../packets/reading.ts';
import { Gt06Session } from './gt06-session.ts';
import type { RecordableEvent } from './session.ts';
import { codec12Response, TeltonikaSession } from './teltonika-session.ts';

const identity = { imei: '869123450000017', registrationNumber: 'MP09GA1234' };
const position = (second: number): RecordableEvent => ({
  type: 'position',
  atMs: second * 1000,
  reading: sampleReading({ fixTimeMs: Date.UTC(2025, 0, 1) + second * 1000 }),
});
const u32 = (value: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
};

describe('Teltonika session', () => {
  it('resends the same records when the server acknowledges a different count', () => {
    const session = new TeltonikaSession(identity);
    session.connected(0);
    session.received(Uint8Array.of(0x01), 0);
    session.record(position(1));
    session.record(position(2));
    const [first] = session.flush(0);
    expect(session.flush(0)).toEqual([]); // stop-and-wait
    const [again] = session.received(u32(1), 10);
    expect(again).toEqual(first);
    expect(session.stats.resent).toBe(2);
    expect(session.received(u32(2), 20)).toEqual([]);
    expect(session.pendingRecords()).toBe(0);
  });

  it('asks for a reconnect when the IMEI or an AVL packet is never answered', () => {
    const session = new TeltonikaSession(identity);
    session.connected(0);
    expect(session.poll(20_000).shouldReconnect).toBe(true);
    session.connected(30_000);
    session.received(Uint8Array.of(0x01), 30_000);
    session.record(position(1));
    session.flush(30_000);
    expect(session.poll(40_000).shouldReconnect).toBe(false);
    expect(session.poll(61_000).shouldReconnect).toBe(true);
  });

  it('treats 00 after the IMEI as a rejection and answers Codec 12 commands', () => {
    const rejected = new TeltonikaSession(identity);
    rejected.connected(0);
    rejected.received(Uint8Array.of(0x00), 0);
    expect(rejected.isRejected).toBe(true);

    const session = new TeltonikaSession(identity);
    session.connected(0);
    session.received(Uint8Array.of(0x01), 0);
    const getinfo = Buffer.from('000000000000000F0C010500000007676574696E666F0100004312', 'hex');
    const [reply] = session.received(getinfo, 0);
    expect(reply).toEqual(codec12Response('OK getinfo'));
    expect(session.stats.commands).toBe(1);
  });
});

describe('GT06 session', () => {
  it('sends nothing but the login until it is answered, retrying it, then reconnecting', () => {
    const session = new Gt06Session(identity);
    const [login] = session.connected(0);
    expect(login?.[3]).toBe(0x01);
    session.record(position(1));
    expect(session.flush(1000)).toEqual([]);
    expect(session.poll(11_000).frames[0]?.[3]).toBe(0x01);
    expect(session.poll(22_000).frames[0]?.[3]).toBe(0x01);
    expect(session.poll(33_000).shouldReconnect).toBe(true);
  });

  it('matches replies by serial, and stops tracking records a server never acknowledges', () => {
    const session = new Gt06Session(identity);
    session.connected(0);
    session.received(frame(0x01, new Uint8Array(0), 1), 0);
    expect(session.isReady).toBe(true);
    session.record(position(1));
    session.record(position(2));
    session.flush(0);
    expect(session.pendingRecords()).toBe(2);
    session.received(frame(0x22, new Uint8Array(0), 2), 100);
    expect(session.pendingRecords()).toBe(1);
    session.poll(200_000);
    expect(session.pendingRecords()).toBe(0);
    expect(session.stats).toMatchObject({ acks: 2, unacked: 1 });
  });
});
