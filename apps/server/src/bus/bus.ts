/**
 * The message bus between roles (ARCHITECTURE.md "Processes"): the gateway publishes what it committed, the API's
 * live socket fans it out, API processes route device commands to the gateway holding the connection.
 * In-process by default (this file); Redis pub/sub when REDIS_URL is set (redis-bus.ts, chosen by create-bus.ts).
 * Messages must survive JSON (wire.ts): ids as decimal strings, times as ISO strings.
 */
import { EventEmitter } from 'node:events';
import type { DependencyWatch } from '../db/outage.ts';

export type BusHandler<T> = (message: T) => void;

export interface Bus {
  /** Subscribers are in this process (no network hop): a publish costs a function call per subscriber. */
  readonly local?: boolean;
  publish<T>(topic: string, message: T): void;
  /** Returns the unsubscribe function. */
  subscribe<T>(topic: string, handler: BusHandler<T>): () => void;
  /** Resolves while the bus can deliver (Redis answers PING); rejects otherwise. For /v1/readyz. */
  ping(): Promise<void>;
  /** Redis: outages of the bus (for /metrics); the in-process bus has none. */
  readonly health?: DependencyWatch;
  /**
   * Redis: `handler` runs each time the bus is back after an outage, once its subscriptions are renewed — messages
   * published meanwhile were lost, so a subscriber that keeps state (the live feed) should resynchronise. Returns
   * the unsubscribe function. The in-process bus never loses messages and has no such event.
   */
  onResume?(handler: () => void): () => void;
  close(): Promise<void>;
}

/** Topics used across roles. */
export const TOPICS = {
  /** LiveDelta batches (packages/shared contracts/live.contract.ts) after they are committed. */
  live: 'live',
  /** Device commands to deliver: { commandId, deviceId, imei }. */
  commands: 'commands',
  /** An organisation's derive settings or fences changed: { organisationId } (gateway/ingest/derive-context-db.ts). */
  deriveContext: 'derive-context',
  /** Devices whose record or vehicle links changed: { deviceIds: string[] } (gateways re-read them at the next frame). */
  devices: 'devices',
} as const;

/** What is published on TOPICS.devices. */
export interface DevicesChangedMessage {
  deviceIds: string[];
}

export function createInProcessBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    local: true,
    publish(topic, message) {
      // A throwing subscriber must not break the publisher (the gateway's ingest loop).
      for (const listener of emitter.listeners(topic)) {
        try {
          (listener as (m: unknown) => void)(message);
        } catch (error) {
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    },
    subscribe(topic, handler) {
      emitter.on(topic, handler as (m: unknown) => void);
      return () => emitter.off(topic, handler as (m: unknown) => void);
    },
    async ping() {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}
