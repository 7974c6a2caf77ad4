/**
 * Brute-force protection for sign-in and password reset, on rate-limiter-flexible. The store is chosen by a factory so
 * that several API processes can share a Redis store later (RateLimiterRedis has the same interface).
 */
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AUTH_MESSAGES } from '@civicfleet/shared';
import { TooManyRequestsError } from './errors.ts';

export type LimiterFactory = (options: {
  keyPrefix: string;
  points: number;
  duration: number;
}) => RateLimiterAbstract;

export const memoryLimiters: LimiterFactory = (options) => new RateLimiterMemory(options);

export interface AttemptLimits {
  /**
   * Failed attempts per client IP per window. Successes do not count: a control room behind one NAT signs dozens of
   * staff in at shift start.
   */
  perIp: { points: number; durationS: number };
  /** Failed attempts per username per window; reset by a success. */
  perUsername: { points: number; durationS: number };
}

export const DEFAULT_LOGIN_LIMITS: AttemptLimits = {
  perIp: { points: 30, durationS: 10 * 60 },
  perUsername: { points: 5, durationS: 15 * 60 },
};

export interface AttemptLimiter {
  /** Refuses (429) when the IP or the username is over its limit of failures. */
  check(ip: string, username: string): Promise<void>;
  /** Counts a failure against both the username and the client IP. */
  recordFailure(username: string, ip: string): Promise<void>;
  recordSuccess(username: string): Promise<void>;
}

function tooMany(res: unknown): TooManyRequestsError {
  const ms = res instanceof RateLimiterRes ? res.msBeforeNext : 60_000;
  return new TooManyRequestsError(AUTH_MESSAGES.tooManyAttempts, ms / 1000);
}

export function createAttemptLimiter(
  name: string,
  limits: AttemptLimits = DEFAULT_LOGIN_LIMITS,
  factory: LimiterFactory = memoryLimiters,
): AttemptLimiter {
  const byIp = factory({
    keyPrefix: `${name}_ip`,
    points: limits.perIp.points,
    duration: limits.perIp.durationS,
  });
  const byUser = factory({
    keyPrefix: `${name}_user`,
    points: limits.perUsername.points,
    duration: limits.perUsername.durationS,
  });
  return {
    async check(ip, username) {
      const userState = await byUser.get(username);
      if (userState && userState.consumedPoints >= limits.perUsername.points) throw tooMany(userState);
      const ipState = await byIp.get(ip);
      if (ipState && ipState.consumedPoints >= limits.perIp.points) throw tooMany(ipState);
    },
    async recordFailure(username, ip) {
      // Over the limit consume() rejects; the count is already at its maximum, which is all we need.
      const keepMax = (error: unknown) => {
        if (error instanceof Error) throw error;
      };
      await Promise.all([byUser.consume(username).catch(keepMax), byIp.consume(ip).catch(keepMax)]);
    },
    async recordSuccess(username) {
      await byUser.delete(username);
    },
  };
}
