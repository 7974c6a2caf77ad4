/**
 * Readiness of a process: the database answers `select 1` and the bus answers PING (with REDIS_URL, else live
 * deltas and device commands would not cross processes). Shared by the API's /readyz and the ops server.
 *
 * Both checks run at once and each is bounded (READINESS_CHECK_MS), so /readyz answers within about a second even when
 * a dependency hangs (a pool with every connection taken, a black-holed server) instead of making the orchestrator's
 * probe time out; the answer names the failing dependency.
 */
import { sql } from 'drizzle-orm';
import type { Bus } from '../bus/bus.ts';
import { rows, type Db } from '../db/client.ts';

export const DATABASE_DOWN = 'The database is not reachable.';
export const BUS_DOWN = 'The message bus (Redis) is not reachable.';
/** Each dependency must answer within this long for the process to be ready. */
export const READINESS_CHECK_MS = 800;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** null when ready, else the message of the first dependency (database, then bus) that does not answer. */
export async function checkReadiness(
  db: Db,
  bus: Bus | undefined,
  boundMs = READINESS_CHECK_MS,
): Promise<string | null> {
  const [database, busAnswer] = await Promise.allSettled([
    within(rows(db, sql`select 1 as ok`), boundMs),
    bus ? within(bus.ping(), boundMs) : Promise.resolve(),
  ]);
  if (database.status === 'rejected') return DATABASE_DOWN;
  if (busAnswer.status === 'rejected') return BUS_DOWN;
  return null;
}
