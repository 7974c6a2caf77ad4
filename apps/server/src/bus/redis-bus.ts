/**
 * The bus over Redis pub/sub (REDIS_URL), for roles in separate processes: the same `Bus` interface as the
 * in-process bus, two ioredis connections (a subscriber connection can do nothing but subscribe).
 *
 * - Channels are `<prefix><topic>` (default prefix `civicfleet:`), so deployments can share a Redis.
 * - Messages are JSON (wire.ts: bigint → decimal string, Date → ISO string). Subscribers in this process receive what
 *   they publish too, through Redis, so every subscriber sees the same values and the same order.
 * - publish() never throws and never waits. While Redis is unreachable, ioredis keeps publishes in its offline queue
 *   and sends them after reconnecting; at most `maxQueued` publishes wait at once (beyond: dropped), and ioredis
 *   fails a waiting publish after 20 reconnect attempts (`maxRetriesPerRequest`, about a minute with the backoff
 *   below). Drops are logged, at most every 10 s. Nothing on the bus must depend on delivery: live deltas are
 *   superseded by the next fix, and commands stay queued in the database for the device's next connection.
 * - Reconnects with exponential backoff (100 ms doubling, up to `maxRetryDelayMs`, with jitter), a warning when a
 *   connection is lost and an info line when it is back; subscriptions are renewed on every (re)connection.
 * - A handler that throws does not stop the others; its error is rethrown asynchronously (as in-process).
 */
import { Redis, type RedisOptions } from 'ioredis';
import { createDependencyWatch } from '../db/outage.ts';
import type { Bus, BusHandler } from './bus.ts';
import { fromWire, toWire } from './wire.ts';

/** pino's (details, message) shape, as the gateway and the API logger provide it. */
export interface BusLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RedisBusOptions {
  /** Channel prefix (default `civicfleet:`). */
  prefix?: string;
  log?: BusLog;
  /** Publishes waiting for Redis at once (offline queue bound); default 10,000. */
  maxQueued?: number;
  /** Upper bound of the reconnect backoff; default 5,000 ms. */
  maxRetryDelayMs?: number;
  /** ping() fails after this long; default 2,000 ms. */
  pingTimeoutMs?: number;
}

export interface RedisBus extends Bus {
  /** Resolves once both connections are up and Redis has acknowledged every subscription made so far. */
  ready(): Promise<void>;
}

export const DEFAULT_BUS_PREFIX = 'civicfleet:';
const MAX_RETRIES_PER_REQUEST = 20;
const DROP_LOG_EVERY_MS = 10_000;
const QUIT_TIMEOUT_MS = 2_000;

/** Default log: pino-style JSON lines (level 30/40/50), like the gateway and worker processes write. */
const consoleLog: BusLog = {
  info: (details, message) => console.log(jsonLine(30, details, message)),
  warn: (details, message) => console.warn(jsonLine(40, details, message)),
  error: (details, message) => console.error(jsonLine(50, details, message)),
};

function jsonLine(level: number, details: object, message: string): string {
  const err =
    'err' in details && details.err instanceof Error ? { err: { message: details.err.message } } : {};
  return JSON.stringify({ level, time: Date.now(), ...details, ...err, msg: message });
}

interface Entry {
  handler: BusHandler<unknown>;
}

export function createRedisBus(url: string, options: RedisBusOptions = {}): RedisBus {
  const prefix = options.prefix ?? DEFAULT_BUS_PREFIX;
  const log = options.log ?? consoleLog;
  const maxQueued = options.maxQueued ?? 10_000;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 5_000;
  const pingTimeoutMs = options.pingTimeoutMs ?? 2_000;
  const server = describeServer(url);

  const connectionOptions = (role: string): RedisOptions => ({
    connectionName: `civicfleet-bus-${role}`,
    maxRetriesPerRequest: MAX_RETRIES_PER_REQUEST,
    retryStrategy: (attempt) => {
      const delay = Math.min(maxRetryDelayMs, 100 * 2 ** Math.min(attempt - 1, 16));
      return Math.round(delay * (0.8 + Math.random() * 0.2));
    },
  });
  const publisher = new Redis(url, connectionOptions('pub'));
  // Subscriptions are renewed by the 'ready' handler below, not by ioredis (which forgets one that failed offline).
  const subscriber = new Redis(url, { ...connectionOptions('sub'), autoResubscribe: false });

  // One warning per outage comes from the per-connection watch below; this one counts outages for /metrics and
  // tells the live feed to resend snapshots when Redis is back (deltas published meanwhile were lost).
  const health = createDependencyWatch({ dependency: 'redis' });
  const resumeHandlers = new Set<() => void>();
  const topics = new Map<string, Set<Entry>>();
  const pending = new Set<Promise<unknown>>();
  let closed = false;
  let inFlight = 0;
  let dropped = 0;
  let lastDropLogAt = -Infinity;

  const channelOf = (topic: string) => prefix + topic;

  function track(operation: string, promise: Promise<unknown>): void {
    pending.add(promise);
    promise
      .catch((error: unknown) => {
        if (!closed) log.warn({ err: error, server }, `bus: Redis ${operation} failed`);
      })
      .finally(() => pending.delete(promise));
  }

  function noteDropped(reason: string): void {
    dropped++;
    const now = Date.now();
    if (now - lastDropLogAt < DROP_LOG_EVERY_MS) return;
    log.warn({ dropped, reason, server }, 'bus: messages dropped while Redis was unreachable');
    dropped = 0;
    lastDropLogAt = now;
  }

  function watch(connection: Redis, role: string): void {
    let isDown = false;
    let attempts = 0;
    const lost = (error?: unknown) => {
      if (closed || isDown) return;
      isDown = true;
      health.lost(error);
      log.warn(
        { err: error, server, connection: role },
        'bus: Redis connection lost; reconnecting with backoff',
      );
    };
    // Without an 'error' listener ioredis prints every failed attempt itself.
    connection.on('error', (error: unknown) => lost(error));
    connection.on('close', () => lost());
    connection.on('reconnecting', (delayMs: number) => {
      attempts++;
      if (!closed && attempts % 10 === 0) {
        log.warn({ server, connection: role, attempts, delayMs }, 'bus: Redis still unreachable');
      }
    });
    connection.on('ready', () => {
      if (isDown) log.info({ server, connection: role, attempts }, 'bus: Redis connection restored');
      isDown = false;
      attempts = 0;
      if (health.down && publisher.status === 'ready' && subscriber.status === 'ready') health.restored();
    });
  }
  watch(publisher, 'publisher');
  watch(subscriber, 'subscriber');

  let everReady = false;
  subscriber.on('ready', () => {
    const channels = [...topics.keys()].map(channelOf);
    const subscribed = channels.length > 0 ? subscriber.subscribe(...channels) : Promise.resolve();
    if (channels.length > 0) track('subscribe', subscribed);
    // After a reconnection (not the first connection) the subscribers may have missed messages: tell them once
    // the subscriptions are renewed.
    if (everReady) {
      void subscribed.then(
        () => {
          for (const handler of [...resumeHandlers]) handler();
        },
        () => undefined,
      );
    }
    everReady = true;
  });

  subscriber.on('message', (channel: string, text: string) => {
    if (!channel.startsWith(prefix)) return;
    const entries = topics.get(channel.slice(prefix.length));
    if (!entries) return;
    let message: unknown;
    try {
      message = fromWire(text);
    } catch (error) {
      log.warn({ err: error, channel, server }, 'bus: a message that is not JSON was ignored');
      return;
    }
    for (const { handler } of [...entries]) {
      try {
        handler(message);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  });

  async function untilReady(connection: Redis): Promise<void> {
    if (closed) throw new Error('The bus is closed');
    if (connection.status === 'ready') return;
    await new Promise<void>((resolve, reject) => {
      const onReady = () => {
        connection.off('end', onEnd);
        resolve();
      };
      const onEnd = () => {
        connection.off('ready', onReady);
        reject(new Error('The bus is closed'));
      };
      connection.once('ready', onReady);
      connection.once('end', onEnd);
    });
  }

  async function quit(connection: Redis): Promise<void> {
    if (connection.status === 'end') return;
    if (connection.status !== 'ready') {
      connection.disconnect();
      return;
    }
    // QUIT goes after the publishes already written, so those still reach Redis.
    const timeout = setTimeout(() => connection.disconnect(), QUIT_TIMEOUT_MS);
    try {
      await connection.quit();
    } catch {
      connection.disconnect();
    } finally {
      clearTimeout(timeout);
    }
  }

  return {
    health,
    onResume(handler) {
      resumeHandlers.add(handler);
      return () => resumeHandlers.delete(handler);
    },

    publish(topic, message) {
      if (closed) return;
      let text: string;
      try {
        text = toWire(message);
      } catch (error) {
        log.error({ err: error, topic }, 'bus: a message that cannot be JSON was not published');
        return;
      }
      if (inFlight >= maxQueued) return noteDropped(`more than ${maxQueued} messages waiting`);
      inFlight++;
      publisher.publish(channelOf(topic), text).then(
        () => inFlight--,
        (error: unknown) => {
          inFlight--;
          if (!closed) noteDropped(error instanceof Error ? error.message : String(error));
        },
      );
    },

    subscribe<T>(topic: string, handler: BusHandler<T>) {
      const entry: Entry = { handler: handler as BusHandler<unknown> };
      let entries = topics.get(topic);
      if (!entries) {
        entries = new Set();
        topics.set(topic, entries);
        if (!closed && subscriber.status === 'ready') {
          track('subscribe', subscriber.subscribe(channelOf(topic)));
        }
      }
      entries.add(entry);
      const mine = entries;
      return () => {
        mine.delete(entry);
        if (mine.size > 0 || topics.get(topic) !== mine) return;
        topics.delete(topic);
        if (!closed && subscriber.status === 'ready') {
          track('unsubscribe', subscriber.unsubscribe(channelOf(topic)));
        }
      };
    },

    async ping() {
      if (closed) throw new Error('The bus is closed');
      for (const connection of [publisher, subscriber]) {
        if (connection.status !== 'ready') throw new Error(`Redis at ${server} is ${connection.status}`);
      }
      let timeout: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          publisher.ping(),
          new Promise((_resolve, reject) => {
            timeout = setTimeout(
              () => reject(new Error(`Redis at ${server} did not answer PING`)),
              pingTimeoutMs,
            );
          }),
        ]);
      } finally {
        clearTimeout(timeout);
      }
    },

    async ready() {
      for (;;) {
        await Promise.all([untilReady(publisher), untilReady(subscriber)]);
        if (pending.size === 0) return;
        await Promise.allSettled([...pending]);
      }
    },

    async close() {
      if (closed) return;
      closed = true;
      health.close();
      topics.clear();
      await Promise.all([quit(publisher), quit(subscriber)]);
    },
  };
}

/** host:port of a Redis URL, for logs (never the password). */
function describeServer(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '6379'}`;
  } catch {
    return 'redis';
  }
}
