import { withClusterLock } from '../advisory-lock.ts';
import type { Database } from '../client.ts';
import { backfillDemoGeography } from './demo-geography.ts';
import { seedDemo } from './demo.ts';
import { ensureBuiltinRoles } from './roles.ts';
import { ensureReferenceRtos } from './rtos.ts';

export interface PrepareResult {
  seededDemo: boolean;
}

/**
 * Start-up: apply migrations, make sure the built-in roles exist, seed the demo data into an empty database.
 * On PostgreSQL, N processes starting together (2 API + 2 gateway + 1 worker) migrate once (migrate() holds its own
 * advisory lock) and then seed one after another under a second lock, so "seed the demo into an empty database"
 * happens exactly once (two concurrent read-committed transactions would both see it empty) and the later ones find
 * everything in place. Each lock holds one pooled connection while the work uses another (a pool of 2 suffices).
 */
export async function prepareDatabase(
  database: Database,
  /** `demoFleet: false` seeds the demo data without the demo fleet (the test template). */
  options: { demo: boolean; demoFleet?: boolean },
): Promise<PrepareResult> {
  await database.migrate();
  return withClusterLock(database, 'prepare', async () => {
    await ensureBuiltinRoles(database.db);
    await ensureReferenceRtos(database.db);
    const seededDemo = options.demo
      ? await seedDemo(database.db, { fleet: options.demoFleet ?? true })
      : false;
    // A demo database seeded before the demo wards had boundaries and geofences existed gets them now.
    if (options.demo && !seededDemo) await backfillDemoGeography(database.db);
    return { seededDemo };
  });
}
