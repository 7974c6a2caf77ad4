/**
 * The bus a process uses: Redis pub/sub when REDIS_URL is set (several processes: `start:api`, `start:gateway`, …),
 * otherwise the in-process bus (`npm start`, one process). Both deliver the same JSON-safe messages (wire.ts).
 */
import type { Env } from '../config/env.ts';
import { createInProcessBus, type Bus } from './bus.ts';
import { createRedisBus, type BusLog } from './redis-bus.ts';

export function createBus(env: Pick<Env, 'redisUrl'>, options: { log?: BusLog } = {}): Bus {
  if (!env.redisUrl) return createInProcessBus();
  return createRedisBus(env.redisUrl, options.log ? { log: options.log } : {});
}

/** "Redis (host:port)" or "in-process", for start-up banners. */
export function describeBus(env: Pick<Env, 'redisUrl'>): string {
  if (!env.redisUrl) return 'in-process';
  try {
    const url = new URL(env.redisUrl);
    return `Redis (${url.hostname}:${url.port || '6379'})`;
  } catch {
    return 'Redis';
  }
}
