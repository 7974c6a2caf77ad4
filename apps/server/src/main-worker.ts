/** Worker process only (`npm run start:worker`): scheduled jobs against PostgreSQL. */
import { loadEnv } from './config/env.ts';
import { createLiveDeriveContext } from './gateway/ingest/derive-context-db.ts';
import { onShutdown, openRuntime } from './runtime.ts';
import { workerJobs } from './worker/jobs.ts';
import { createFileStorage } from './storage/index.ts';
import { consoleJobLogger, startJobs } from './worker/runner.ts';

const env = loadEnv();
if (!env.databaseUrl) {
  // PGlite lives inside one process; a second process on the same data directory would corrupt it.
  console.error(
    'start:worker needs DATABASE_URL (PostgreSQL). With the embedded database use `npm start`, which runs the jobs.',
  );
  process.exit(1);
}
const log = consoleJobLogger();
const runtime = await openRuntime();
const jobs = startJobs(
  workerJobs({
    db: runtime.database.db,
    database: runtime.database,
    mailer: runtime.mailer,
    clock: () => new Date(),
    smtpConfigured: Boolean(env.smtpUrl),
    deriveContext: createLiveDeriveContext(runtime.bus),
    bus: runtime.bus,
    publicUrl: env.publicUrl,
    storage: createFileStorage(env),
  }),
  log,
);
log.info({ jobs: 'started' }, 'worker started');

onShutdown(async () => {
  await jobs.stop();
  await runtime.close();
});
