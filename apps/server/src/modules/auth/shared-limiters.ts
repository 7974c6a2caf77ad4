/**
 * Sign-in limits shared by every API process (OWASP ASVS 2.2.1): with REDIS_URL the failure counters live in Redis,
 * so 5 failures per username hold for the whole deployment, not 5 per process. If Redis cannot be reached a counter
 * falls back to the process's memory (insurance limiter): sign-in keeps working and stays limited per process.
 */
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { memoryLimiters, type LimiterFactory } from '../../http/rate-limit.ts';

export function createLimiterFactory(app: FastifyInstance, redisUrl: string | undefined): LimiterFactory {
  if (!redisUrl) return memoryLimiters;
  // Commands wait for the connection, but give up after one reconnect attempt: then the insurance limiter answers.
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  client.on('error', () => undefined); // reconnects by itself; the insurance limiter covers the gap
  app.addHook('onClose', async () => {
    client.disconnect();
  });
  return (options) =>
    new RateLimiterRedis({
      storeClient: client,
      keyPrefix: `cf:${options.keyPrefix}`,
      points: options.points,
      duration: options.duration,
      insuranceLimiter: new RateLimiterMemory(options),
    });
}
