/** Worker process only (`npm run start:worker`): scheduled jobs against PostgreSQL. */
import { loadEnv } from './config/env.ts';
import { createLiveDeriveContext } from './gateway/ingest/derive-context-db.ts';
import { onShutdown, openRuntime } from './runtime.ts';
import { workerJobs } from './worker/jobs.ts';
import { createFileStorage } from './storage/index.ts';
import { startJobs } from './worker/runner.ts';
import { createProcessLogger } from './observability/logger.ts';
import { createMetrics, instrumentJobs } from './observability/metrics.ts';
import { startOpsServer } from './observability/ops-server.ts';
import { jobLockOf } from './db/advisory-lock.ts';

const env = loadEnv();
if (!env.databaseUrl) {
  // PGlite lives inside one process; a second process on the same data directory would corrupt it.
  console.error(
    'start:worker needs DATABASE_URL (PostgreSQL). With the embedded database use `npm start`, which runs the jobs.',
  );
  process.exit(1);
}
const log = createProcessLogger({ role: 'worker', level: env.logLevel });
const metrics = createMetrics({ defaultMetrics: true });
const runtime = await openRuntime(console.log, 'worker');
// Outages and reconnects of PostgreSQL and Redis (db/outage.ts).
metrics.dependencies.watch(runtime.database.health);
metrics.dependencies.watch(runtime.bus.health);
const jobs = startJobs(
  instrumentJobs(
    workerJobs({
      db: runtime.database.db,
      database: runtime.database,
      mailer: runtime.mailer,
      clock: () => new Date(),
      smtpConfigured: Boolean(env.smtpUrl),
      forwardAllowPrivateAddresses: env.forwardAllowPrivateAddresses ?? false,
      deriveContext: createLiveDeriveContext(runtime.bus),
      bus: runtime.bus,
      publicUrl: env.publicUrl,
      storage: createFileStorage(env),
    }),
    metrics.jobs,
  ),
  log,
  // Several workers (and all-in-one processes) on one PostgreSQL: each job runs in one of them at a time.
  { lock: jobLockOf(runtime.database) },
);
log.info({ jobs: 'started' }, 'worker started');
// OPS_PORT: /healthz, /readyz and /metrics of this process (docs/operations.md).
const ops = env.ops
  ? await startOpsServer({
      ...env.ops,
      db: runtime.database.db,
      bus: runtime.bus,
      metrics,
      metricsToken: env.metricsToken,
    })
  : null;

onShutdown(async () => {
  await jobs.stop();
  await ops?.close();
  await runtime.close();
});
