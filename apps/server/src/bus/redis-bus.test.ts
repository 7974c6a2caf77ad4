/**
 * The Redis bus against a real redis-server (test/redis-server.ts): two bus instances stand for two processes.
 * Round trip, local delivery through Redis, unsubscribe, topic and prefix isolation, the shapes of TOPICS messages,
 * bigint/Date on the wire, a Redis restart (reconnect, resubscribe, offline queue and its bound), close().
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LiveAlertSchema, LivePositionSchema, type LiveDelta } from '@civicfleet/shared';
import type { CommandBusMessage } from '../gateway/commands.ts';
import type { EventRow, LatestRow } from '../gateway/ingest/rows.ts';
import { eventually } from '../gateway/testing/fleet.ts';
import { liveAlertOf, livePositionOf } from '../live/live-mapping.ts';
import { startRedisServer, type TestRedis } from '../../test/redis-server.ts';
import { createInProcessBus, TOPICS, type Bus } from './bus.ts';
import { createBus } from './create-bus.ts';
import { createRedisBus, type BusLog, type RedisBus, type RedisBusOptions } from './redis-bus.ts';

interface Logged {
  level: 'info' | 'warn' | 'error';
  message: string;
  details: object;
}

/** Collects what handlers receive. */
function collector<T>() {
  const received: T[] = [];
  return { received, handler: (message: T) => void received.push(message) };
}

describe('Redis bus', () => {
  let redis: TestRedis;
  const buses: Bus[] = [];
  let logged: Logged[] = [];
  let prefixSeq = 0;
  let prefix = '';
  const log: BusLog = {
    info: (details, message) => logged.push({ level: 'info', message, details }),
    warn: (details, message) => logged.push({ level: 'warn', message, details }),
    error: (details, message) => logged.push({ level: 'error', message, details }),
  };

  /** A bus as one process would open it (each test gets its own channel prefix). */
  function open(options: RedisBusOptions = {}): RedisBus {
    const bus = createRedisBus(redis.url, { prefix, log, maxRetryDelayMs: 200, ...options });
    buses.push(bus);
    return bus;
  }

  /** Publishes a marker on `topic` and waits for it: everything published before it has been delivered. */
  async function flush(from: Bus, to: RedisBus, topic = 'marker'): Promise<void> {
    const marker = collector<string>();
    const unsubscribe = to.subscribe(topic, marker.handler);
    await to.ready();
    from.publish(topic, 'sync');
    await eventually(async () => marker.received.length > 0);
    unsubscribe();
  }

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  beforeEach(() => {
    logged = [];
    prefix = `test${++prefixSeq}:`;
  });
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });
  afterAll(async () => redis?.stop());

  it('delivers between two processes, and to subscribers of the publishing process through Redis', async () => {
    const api = open();
    const gateway = open();
    const remote = collector<{ n: number }>();
    const local = collector<{ n: number }>();
    api.subscribe(TOPICS.live, remote.handler);
    gateway.subscribe(TOPICS.live, local.handler);
    await Promise.all([api.ready(), gateway.ready()]);

    const sent = { n: 1 };
    gateway.publish(TOPICS.live, sent);
    gateway.publish(TOPICS.live, { n: 2 });
    await eventually(async () => remote.received.length === 2 && local.received.length === 2);
    expect(remote.received).toEqual([{ n: 1 }, { n: 2 }]);
    expect(local.received).toEqual([{ n: 1 }, { n: 2 }]);
    // A copy that went through Redis, not the publisher's object.
    expect(local.received[0]).not.toBe(sent);
    await expect(api.ping()).resolves.toBeUndefined();
  });

  it('stops delivering to an unsubscribed handler and keeps the others', async () => {
    const publisher = open();
    const subscriber = open();
    const first = collector<string>();
    const second = collector<string>();
    const stopFirst = subscriber.subscribe('topic', first.handler);
    const stopSecond = subscriber.subscribe('topic', second.handler);
    await subscriber.ready();
    publisher.publish('topic', 'a');
    await eventually(async () => second.received.length === 1);

    stopFirst();
    stopFirst(); // twice is harmless
    publisher.publish('topic', 'b');
    await eventually(async () => second.received.length === 2);
    stopSecond();
    await subscriber.ready();
    publisher.publish('topic', 'c');
    await flush(publisher, subscriber);
    expect(first.received).toEqual(['a']);
    expect(second.received).toEqual(['a', 'b']);
  });

  it('keeps topics and channel prefixes apart', async () => {
    const publisher = open();
    const subscriber = open();
    const otherDeployment = open({ prefix: `${prefix}other:` });
    const live = collector<string>();
    const commands = collector<string>();
    const foreign = collector<string>();
    subscriber.subscribe(TOPICS.live, live.handler);
    subscriber.subscribe(TOPICS.commands, commands.handler);
    otherDeployment.subscribe(TOPICS.live, foreign.handler);
    await Promise.all([subscriber.ready(), otherDeployment.ready()]);

    publisher.publish(TOPICS.live, 'delta');
    publisher.publish(TOPICS.commands, 'command');
    publisher.publish('unrelated', 'noise');
    await flush(publisher, subscriber);
    expect(live.received).toEqual(['delta']);
    expect(commands.received).toEqual(['command']);
    expect(foreign.received).toEqual([]);
  });

  it('round-trips a live delta and a command message to the values the in-process bus hands over', async () => {
    const now = new Date('2026-11-22T05:30:00.000Z');
    const latest: LatestRow = {
      deviceId: 9_007_199_254_740_993n, // above Number.MAX_SAFE_INTEGER: must stay exact
      vehicleId: null,
      organisationId: 12n,
      fixedAt: now,
      serverAt: now,
      lat: 22.7196,
      lon: 75.8577,
      speedKph: 31.5,
      headingDeg: null,
      altitudeM: 550,
      satellites: 9,
      gpsValid: true,
      ignition: true,
      motion: true,
      mainPower: false,
      mainVoltageV: 12.4,
      batteryVoltageV: 4.05,
      gsmSignal: 22,
      odometerM: 123_456,
      status: 'moving',
      statusSince: now,
      lastPacketAt: now,
    };
    const event: EventRow = {
      deviceId: 9_007_199_254_740_993n,
      vehicleId: 77n,
      organisationId: 12n,
      type: 'overspeed',
      startedAt: now,
      endedAt: null,
      lastAt: now,
      repeatCount: 1,
      lat: null,
      lon: null,
      late: true,
      attrs: null,
    };
    const position = livePositionOf(latest);
    if (!position) throw new Error('no position');
    const delta: LiveDelta = { positions: [position], alerts: [liveAlertOf('4242', event)] };
    const command: CommandBusMessage = {
      commandId: '18014398509481985',
      deviceId: '7',
      imei: '359710049095101',
    };

    const inProcess = createInProcessBus();
    const expected = { live: [] as LiveDelta[], commands: [] as CommandBusMessage[] };
    inProcess.subscribe<LiveDelta>(TOPICS.live, (d) => expected.live.push(d));
    inProcess.subscribe<CommandBusMessage>(TOPICS.commands, (c) => expected.commands.push(c));
    inProcess.publish(TOPICS.live, delta);
    inProcess.publish(TOPICS.commands, command);

    const publisher = open();
    const subscriber = open();
    const live = collector<LiveDelta>();
    const commands = collector<CommandBusMessage>();
    subscriber.subscribe(TOPICS.live, live.handler);
    subscriber.subscribe(TOPICS.commands, commands.handler);
    await subscriber.ready();
    publisher.publish(TOPICS.live, delta);
    publisher.publish(TOPICS.commands, command);
    await eventually(async () => live.received.length === 1 && commands.received.length === 1);

    expect(live.received).toEqual(expected.live);
    expect(commands.received).toEqual(expected.commands);
    const [received] = live.received;
    expect(received?.positions[0]?.deviceId).toBe('9007199254740993');
    expect(received?.positions[0]?.fixTime).toBe('2026-11-22T05:30:00.000Z');
    // What the live socket sends on is still valid per the contract.
    expect(LivePositionSchema.parse(received?.positions[0])).toEqual(position);
    expect(LiveAlertSchema.parse(received?.alerts[0])).toMatchObject({ id: '4242', late: true, lat: null });
    // gateway/commands.ts turns the id back into a bigint: exact beyond 2^53.
    expect(BigInt(commands.received[0]?.commandId ?? '0')).toBe(18_014_398_509_481_985n);
    await inProcess.close();
  });

  it('sends bigint as decimal strings and Dates as ISO strings (wire.ts), whatever a publisher passes', async () => {
    const publisher = open();
    const subscriber = open();
    const got = collector<unknown>();
    subscriber.subscribe('raw', got.handler);
    await subscriber.ready();
    publisher.publish('raw', {
      id: 123_456_789_012_345_678_901n,
      at: new Date(0),
      gone: undefined,
      n: Number.NaN,
    });
    publisher.publish('raw', undefined);
    await eventually(async () => got.received.length === 2);
    expect(got.received).toEqual([
      { id: '123456789012345678901', at: '1970-01-01T00:00:00.000Z', n: null },
      null,
    ]);
  });

  it('reconnects after a Redis restart: warns, resubscribes, sends what waited (up to its bound), answers PING again', async () => {
    const publisher = open({ maxQueued: 3 });
    const subscriber = open();
    const got = collector<string>();
    subscriber.subscribe(TOPICS.live, got.handler);
    await Promise.all([publisher.ready(), subscriber.ready()]);

    await redis.stop();
    await eventually(async () =>
      publisher.ping().then(
        () => false,
        () => true,
      ),
    );
    await expect(subscriber.ping()).rejects.toThrow();
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: 'bus: Redis connection lost; reconnecting with backoff',
      }),
    );
    for (const n of [1, 2, 3, 4, 5]) publisher.publish(TOPICS.live, `offline ${n}`);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: 'bus: messages dropped while Redis was unreachable',
      }),
    );

    await redis.start();
    // The three queued publishes reach the restarted Redis (nobody may be subscribed yet: pub/sub keeps nothing).
    await eventually(async () => (await publishCalls(redis.url)) >= 3);
    expect(await publishCalls(redis.url)).toBe(3);
    await Promise.all([publisher.ready(), subscriber.ready()]);
    await expect(publisher.ping()).resolves.toBeUndefined();
    await expect(subscriber.ping()).resolves.toBeUndefined();
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 'info', message: 'bus: Redis connection restored' }),
    );

    publisher.publish(TOPICS.live, 'after restart');
    await eventually(async () => got.received.includes('after restart'));
  });

  it('publishes nothing after close() and closes twice without error', async () => {
    const bus = open();
    await bus.ready();
    await bus.close();
    expect(() => bus.publish('topic', 'late')).not.toThrow();
    await expect(bus.ping()).rejects.toThrow(/closed/);
    await expect(bus.ready()).rejects.toThrow(/closed/);
    await bus.close();
  });
});

describe('createBus', () => {
  it('is in-process without REDIS_URL', async () => {
    const bus = createBus({ redisUrl: undefined });
    const got = collector<object>();
    bus.subscribe('topic', got.handler);
    const sent = { a: 1 };
    bus.publish('topic', sent);
    expect(got.received[0]).toBe(sent);
    await expect(bus.ping()).resolves.toBeUndefined();
    await bus.close();
  });
});

/** PUBLISH calls Redis has executed since it started (INFO commandstats), over a connection of its own. */
async function publishCalls(url: string): Promise<number> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true });
  try {
    await client.connect();
    const stats = await client.info('commandstats');
    return Number(/cmdstat_publish:calls=(\d+)/.exec(stats)?.[1] ?? 0);
  } catch {
    return 0;
  } finally {
    client.disconnect();
  }
}
