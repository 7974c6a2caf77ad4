/**
 * Which database errors mean "the database is away" (or the pool is exhausted) rather than "this statement is wrong".
 * The API turns them into a 503 (http/error-handler.ts), the outage watch (outage.ts) into one warning per outage, and
 * the gateway and the worker into a quiet retry instead of an error line per batch or per job.
 */

/** Why a call failed without the statement being at fault. */
export type UnavailableKind = 'unreachable' | 'busy' | 'timeout';

export const DATABASE_UNREACHABLE_MESSAGE =
  'The database is not reachable right now. Please try again in a moment.';
export const DATABASE_BUSY_MESSAGE = 'The server is busy right now. Please try again in a moment.';
export const DATABASE_TIMEOUT_MESSAGE = 'The request took too long and was stopped. Please try again.';

/** Socket-level errors of the driver (pg) while connecting or on an open connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
]);

/**
 * SQLSTATEs of a server going away or refusing sessions: class 08 (connection exception), 57P01 admin_shutdown
 * (`pg_ctl stop/restart -m fast`, pg_terminate_backend), 57P02 crash_shutdown (`-m immediate`), 57P03
 * cannot_connect_now (starting up / shutting down / in recovery), 53300 too_many_connections.
 */
const UNREACHABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** pg's own messages for a connection that ended or could not be made (no code attached). */
const UNREACHABLE_MESSAGES = [
  /Connection terminated/i,
  /not queryable/i,
  /Client was closed/i,
  /Connection ended/i,
  /server closed the connection unexpectedly/i,
  /connection timeout/i,
  /terminating connection/i,
];

/** pg-pool: every connection was in use for connectionTimeoutMillis. */
const POOL_TIMEOUT = /timeout exceeded when trying to connect/i;

/** The errors along `error.cause` (drizzle wraps the driver's error), at most a few deep. */
function* chain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    yield current as { code?: unknown; message?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

/** What kind of unavailability `error` shows, or undefined for an ordinary error. */
export function unavailableKind(error: unknown): UnavailableKind | undefined {
  for (const link of chain(error)) {
    const code = typeof link.code === 'string' ? link.code : '';
    const message = typeof link.message === 'string' ? link.message : '';
    if (POOL_TIMEOUT.test(message)) return 'busy';
    if (code === '57014' && /statement timeout/i.test(message)) return 'timeout';
    if (NETWORK_CODES.has(code) || UNREACHABLE_STATES.has(code) || code.startsWith('08'))
      return 'unreachable';
    if (UNREACHABLE_MESSAGES.some((pattern) => pattern.test(message))) return 'unreachable';
  }
  return undefined;
}

/** The database (or the way to it) is away: not the statement's fault, retry later. */
export function isUnreachable(error: unknown): boolean {
  return unavailableKind(error) === 'unreachable';
}

export function unavailableMessage(kind: UnavailableKind): string {
  if (kind === 'busy') return DATABASE_BUSY_MESSAGE;
  if (kind === 'timeout') return DATABASE_TIMEOUT_MESSAGE;
  return DATABASE_UNREACHABLE_MESSAGE;
}
