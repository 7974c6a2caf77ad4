/**
 * Real TCP on loopback against a gateway double that decodes with our codecs and answers like the gateway.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Ais140Session } from '../device/ais140-session.ts';
import { Gt06Session } from '../device/gt06-session.ts';
import type { RecordableEvent } from '../device/session.ts';
import { TeltonikaSession } from '../device/teltonika-session.ts';
import { sampleReading } from '../packets/reading.ts';
import { FakeGateway, waitFor } from '../testing/fake-gateway.ts';
import { DeviceConnection } from './device-connection.ts';

const identity = { imei: '869123450000017', registrationNumber: 'MP09GA1234' };
const FAST_BACKOFF = { initialMs: 20, maxMs: 100 };
const T0 = Date.UTC(2025, 0, 15, 4, 30, 0);

const position = (second: number): RecordableEvent => ({
  type: 'position',
  atMs: T0 + second * 1000,
  reading: sampleReading({ fixTimeMs: T0 + second * 1000, odometerM: 1000 + second }),
});

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function setUp(gateway: FakeGateway, connection: (port: number) => DeviceConnection) {
  const port = await gateway.listen();
  const device = connection(port);
  cleanup.push(() => gateway.close());
  cleanup.push(() => device.stop(0));
  device.start();
  return device;
}

const fixTimes = (gateway: FakeGateway, connection?: number) =>
  gateway.frames
    .filter((frame) => connection === undefined || frame.connection === connection)
    .flatMap((frame) => frame.result.messages)
    .filter((message) => message.kind === 'position')
    .map((message) => message.fixTime);

describe('GT06 over TCP', () => {
  it('logs in, waits for the login reply, then sends data that the server acknowledges', async () => {
    const gateway = new FakeGateway({ protocol: 'gt06' });
    const session = new Gt06Session(identity);
    const device = await setUp(gateway, (port) => new DeviceConnection(session, { host: '127.0.0.1', port }));
    session.record(position(0));
    await waitFor(() => session.isReady, 3000, 'login reply');
    session.record(position(1));
    session.record({
      type: 'alarm',
      atMs: T0 + 2000,
      alarm: 'sos',
      reading: sampleReading({ fixTimeMs: T0 + 2000 }),
    });
    session.record({ type: 'heartbeat', atMs: T0 + 3000, reading: sampleReading() });
    device.pump();
    await waitFor(() => session.stats.acks === 5, 3000, 'acks');
    expect(gateway.messages.map((message) => message.kind)).toEqual([
      'login',
      'position',
      'position',
      'alarm',
      'heartbeat',
    ]);
    // The record made before the first login reply went out after it, as live data.
    expect(gateway.messages[1]?.history).toBe(false);
    expect(gateway.messages[2]?.history).toBe(false);
    expect(gateway.messages[3]?.alarms).toEqual(['sos']);
    expect(session.pendingRecords()).toBe(0);
  });

  it('resends locations the server never acknowledged after the connection drops', async () => {
    let isWithholding = true;
    const gateway = new FakeGateway({
      protocol: 'gt06',
      shouldReply: (frame) => !isWithholding || frame.result.messages[0]?.kind === 'login',
    });
    const session = new Gt06Session(identity);
    const device = await setUp(
      gateway,
      (port) => new DeviceConnection(session, { host: '127.0.0.1', port, backoff: FAST_BACKOFF }),
    );
    await waitFor(() => session.isReady, 3000, 'login');
    for (let second = 1; second <= 3; second++) session.record(position(second));
    device.pump();
    await waitFor(() => fixTimes(gateway).length === 3, 3000, 'three positions');
    expect(session.pendingRecords()).toBe(3);

    isWithholding = false;
    gateway.dropConnections();
    await waitFor(() => gateway.connections === 2 && session.isReady, 3000, 'reconnect');
    device.pump();
    await waitFor(() => session.pendingRecords() === 0, 3000, 'acks after resend');
    const resent = gateway.frames
      .filter((frame) => frame.connection === 2)
      .flatMap((frame) => frame.result.messages);
    expect(resent.filter((m) => m.kind === 'position').map((m) => [m.fixTime, m.history])).toEqual([
      [new Date(T0 + 1000).toISOString(), true],
      [new Date(T0 + 2000).toISOString(), true],
      [new Date(T0 + 3000).toISOString(), true],
    ]);
    expect(session.stats.resent).toBe(3);
    expect(device.reconnects).toBe(1);
  });

  it('answers a server engine-cut command with a 0x15 string reply', async () => {
    const gateway = new FakeGateway({ protocol: 'gt06' });
    const session = new Gt06Session(identity);
    await setUp(gateway, (port) => new DeviceConnection(session, { host: '127.0.0.1', port }));
    await waitFor(() => session.isReady, 3000, 'login');
    gateway.broadcast(Buffer.from('787812800c0000000052656c61792c312300009dee0d0a', 'hex'));
    await waitFor(() => gateway.messages.some((m) => m.kind === 'command-response'), 3000, 'command reply');
    expect(gateway.messages.find((m) => m.kind === 'command-response')?.text).toContain('Success');
  });
});

describe('Teltonika over TCP', () => {
  it('sends the IMEI, then one AVL packet at a time, each acknowledged with its record count', async () => {
    const gateway = new FakeGateway({ protocol: 'teltonika' });
    const session = new TeltonikaSession(identity);
    const device = await setUp(gateway, (port) => new DeviceConnection(session, { host: '127.0.0.1', port }));
    for (let second = 0; second < 30; second++) session.record(position(second));
    await waitFor(() => session.isReady, 3000, 'IMEI accept');
    device.pump();
    await waitFor(() => session.pendingRecords() === 0, 3000, 'all records acknowledged');
    // 30 records = a packet of 25 then one of 5 (stop-and-wait).
    const packets = gateway.frames.filter((frame) =>
      frame.result.messages.some((m) => m.kind === 'position'),
    );
    expect(packets.map((frame) => frame.result.messages.length)).toEqual([25, 5]);
    expect(fixTimes(gateway)).toEqual(
      Array.from({ length: 30 }, (_, s) => new Date(T0 + s * 1000).toISOString()),
    );
    expect(session.stats.acks).toBe(3); // IMEI accept + two packets
  });

  it('resends the unacknowledged packet after a reconnect', async () => {
    let isWithholding = true;
    const gateway = new FakeGateway({
      protocol: 'teltonika',
      shouldReply: (frame) => !isWithholding || frame.result.messages[0]?.kind === 'login',
    });
    const session = new TeltonikaSession(identity);
    const device = await setUp(
      gateway,
      (port) => new DeviceConnection(session, { host: '127.0.0.1', port, backoff: FAST_BACKOFF }),
    );
    await waitFor(() => session.isReady, 3000, 'IMEI accept');
    session.record(position(1));
    session.record(position(2));
    device.pump();
    await waitFor(() => fixTimes(gateway).length === 2, 3000, 'first packet');
    session.record(position(3)); // queued behind the unacknowledged packet
    device.pump();
    expect(session.pendingRecords()).toBe(3);

    isWithholding = false;
    gateway.dropConnections();
    await waitFor(() => gateway.connections === 2 && session.isReady, 3000, 'reconnect');
    device.pump();
    await waitFor(() => session.pendingRecords() === 0, 3000, 'acks after resend');
    expect(fixTimes(gateway, 2)).toEqual([1, 2, 3].map((s) => new Date(T0 + s * 1000).toISOString()));
    expect(session.stats.resent).toBe(2);
  });
});

describe('AIS-140 over TCP', () => {
  it('logs in, sends live packets, and replays what happened offline as H packets, newest first', async () => {
    const gateway = new FakeGateway({ protocol: 'ais140' });
    const session = new Ais140Session(
      identity,
      { updateRateOnS: 10, updateRateOffS: 300 },
      { lat: 22.72, lon: 75.86 },
    );
    const device = await setUp(
      gateway,
      (port) => new DeviceConnection(session, { host: '127.0.0.1', port, backoff: FAST_BACKOFF }),
    );
    await waitFor(() => session.isReady && session.stats.acks === 1, 3000, 'login reply');
    session.record(position(1));
    device.pump();
    await waitFor(() => fixTimes(gateway).length === 1, 3000, 'live packet');

    device.setNetworkUp(false);
    await waitFor(() => !session.isReady, 3000, 'offline');
    for (let second = 2; second <= 4; second++) session.record(position(second));
    device.setNetworkUp(true);
    await waitFor(() => gateway.connections === 2 && session.isReady, 3000, 'reconnect');
    device.pump();
    await waitFor(() => fixTimes(gateway).length === 4, 3000, 'history');
    const second = gateway.frames
      .filter((frame) => frame.connection === 2)
      .flatMap((frame) => frame.result.messages);
    expect(second[0]?.kind).toBe('login');
    expect(second.slice(1).map((m) => [m.fixTime, m.history])).toEqual([
      [new Date(T0 + 4000).toISOString(), true],
      [new Date(T0 + 3000).toISOString(), true],
      [new Date(T0 + 2000).toISOString(), true],
    ]);
    expect(gateway.messages.every((m) => m.checksumOk !== false)).toBe(true);
  });
});

describe('reconnection', () => {
  it('keeps dialling with backoff until the gateway comes up', async () => {
    const probe = new FakeGateway({ protocol: 'gt06' });
    const port = await probe.listen();
    await probe.close();

    const session = new Gt06Session(identity);
    const device = new DeviceConnection(session, { host: '127.0.0.1', port, backoff: FAST_BACKOFF });
    cleanup.push(() => device.stop(0));
    device.start();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(device.isConnected).toBe(false);

    const gateway = new FakeGateway({ protocol: 'gt06', port });
    await gateway.listen();
    cleanup.push(() => gateway.close());
    await waitFor(() => session.isReady, 3000, 'login after the gateway came up');
  });

  it('stops gracefully: the socket closes and no redial follows', async () => {
    const gateway = new FakeGateway({ protocol: 'gt06' });
    const session = new Gt06Session(identity);
    const device = await setUp(
      gateway,
      (port) => new DeviceConnection(session, { host: '127.0.0.1', port, backoff: FAST_BACKOFF }),
    );
    await waitFor(() => session.isReady, 3000, 'login');
    await device.stop(10);
    expect(device.connectionState).toBe('stopped');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(gateway.connections).toBe(1);
  });
});
