/**
 * Brute-force protection for sign-in, password confirmations and password reset (OWASP ASVS 2.2.1), on
 * rate-limiter-flexible. The store is chosen by a factory: process memory, or Redis shared by every API process
 * (modules/auth/shared-limiters.ts).
 *
 * An attempt is **reserved before the secret is checked**: `reserve` consumes one point of every budget at once
 * (an atomic increment in memory or in Redis), so N parallel requests can never get more than the budget evaluated;
 * a success gives the points back. Budgets, per window:
 * - per client address (`perIp`): failures from one address, whatever account they aim at;
 * - per account **and** address (`perUsername`): the lockout. Five wrong passwords from one address lock the account
 *   for that address only, so an attacker cannot keep a victim out from every address;
 * - per account (`perAccount`): a higher ceiling over all addresses, for guessing spread over many addresses; when it
 *   is reached `onAccountCeiling` is told once per window (an audit entry, modules/auth/auth.routes.ts).
 * The account is what the caller resolves (`u:<user id>` for a real user, so the e-mail and the phone share one
 * budget), not the typed string.
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

interface Budget {
  points: number;
  durationS: number;
}

export interface AttemptLimits {
  /**
   * Failed attempts per client IP per window. Successes do not count: a control room behind one NAT signs dozens of
   * staff in at shift start.
   */
  perIp: Budget;
  /** Failed attempts per account from one client address per window; reset by a success from that address. */
  perUsername: Budget;
  /** Failed attempts per account from all addresses together (default: 20 × perUsername's points, same window). */
  perAccount?: Budget;
}

export const DEFAULT_LOGIN_LIMITS: AttemptLimits = {
  perIp: { points: 30, durationS: 10 * 60 },
  perUsername: { points: 5, durationS: 15 * 60 },
  perAccount: { points: 100, durationS: 15 * 60 },
};

/** One reserved attempt: left alone it counts as a failure. */
export interface AttemptReservation {
  /** The secret was right: the points go back and the account's failures from this address are forgotten. */
  succeeded(): Promise<void>;
  /** Nothing was checked (e.g. a field was missing): the points go back, the counts stay as they were. */
  cancel(): Promise<void>;
}

export interface AttemptLimiter {
  /** Refuses (429) when a budget is already spent, without consuming: an early answer before other checks. */
  check(ip: string, account: string): Promise<void>;
  /** Reserves one attempt for `account` from `ip` in every budget at once, or refuses (429) and reserves nothing. */
  reserve(ip: string, account: string): Promise<AttemptReservation>;
}

export interface AttemptLimiterOptions {
  /** Called once per window when an account reaches its all-addresses ceiling. */
  onAccountCeiling?: (account: string, ip: string) => void;
}

function tooMany(res: unknown): TooManyRequestsError {
  const ms = res instanceof RateLimiterRes ? res.msBeforeNext : 60_000;
  return new TooManyRequestsError(AUTH_MESSAGES.tooManyAttempts, ms / 1000);
}

/** Store errors (Redis without its insurance, bugs) propagate; a plain rejection means "over the budget". */
function rejection(error: unknown): RateLimiterRes {
  if (error instanceof Error) throw error;
  return error as RateLimiterRes;
}

export function createAttemptLimiter(
  name: string,
  limits: AttemptLimits = DEFAULT_LOGIN_LIMITS,
  factory: LimiterFactory = memoryLimiters,
  options: AttemptLimiterOptions = {},
): AttemptLimiter {
  const perAccount = limits.perAccount ?? {
    points: limits.perUsername.points * 20,
    durationS: limits.perUsername.durationS,
  };
  const make = (suffix: string, budget: Budget) => ({
    limiter: factory({ keyPrefix: `${name}_${suffix}`, points: budget.points, duration: budget.durationS }),
    points: budget.points,
  });
  const byIp = make('ip', limits.perIp);
  const bySource = make('src', limits.perUsername);
  const byAccount = make('acct', perAccount);
  const sourceKey = (ip: string, account: string) => `${account}@${ip}`;

  return {
    async check(ip, account) {
      const keys: Array<[typeof byIp, string]> = [
        [bySource, sourceKey(ip, account)],
        [byAccount, account],
        [byIp, ip],
      ];
      for (const [budget, key] of keys) {
        const state = await budget.limiter.get(key);
        if (state && state.consumedPoints >= budget.points) throw tooMany(state);
      }
    },

    async reserve(ip, account) {
      const steps: Array<[typeof byIp, string]> = [
        [byIp, ip],
        [bySource, sourceKey(ip, account)],
        [byAccount, account],
      ];
      const taken: Array<[typeof byIp, string]> = [];
      const giveBack = () => Promise.all(taken.map(([budget, key]) => budget.limiter.reward(key, 1)));
      for (const [budget, key] of steps) {
        let refused: RateLimiterRes | undefined;
        try {
          await budget.limiter.consume(key, 1);
        } catch (error) {
          refused = rejection(error);
        }
        if (refused) {
          // The budgets taken before this one go back. The refused one stays over its limit (counted atomically), so
          // exactly one refusal sees the count one past the limit: the ceiling notice goes out once per window.
          await giveBack();
          if (budget === byAccount && refused.consumedPoints === budget.points + 1) {
            options.onAccountCeiling?.(account, ip);
          }
          throw tooMany(refused);
        }
        taken.push([budget, key]);
      }
      let settled = false;
      return {
        async succeeded() {
          if (settled) return;
          settled = true;
          await Promise.all([
            byIp.limiter.reward(ip, 1),
            byAccount.limiter.reward(account, 1),
            bySource.limiter.delete(sourceKey(ip, account)),
          ]);
        },
        async cancel() {
          if (settled) return;
          settled = true;
          await giveBack();
        },
      };
    },
  };
}
