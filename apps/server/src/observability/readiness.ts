/**
 * Readiness of a process: the database answers `select 1` and the bus answers PING (with REDIS_URL, else live
 * deltas and device commands would not cross processes). Shared by the API's /readyz and the ops server.
 */
import { sql } from 'drizzle-orm';
import type { Bus } from '../bus/bus.ts';
import { rows, type Db } from '../db/client.ts';

export const DATABASE_DOWN = 'The database is not reachable.';
export const BUS_DOWN = 'The message bus (Redis) is not reachable.';

/** null when ready, else the message of the first dependency that does not answer. */
export async function checkReadiness(db: Db, bus: Bus | undefined): Promise<string | null> {
  try {
    await rows(db, sql`select 1 as ok`);
  } catch {
    return DATABASE_DOWN;
  }
  try {
    await bus?.ping();
  } catch {
    return BUS_DOWN;
  }
  return null;
}
