/**
 * All-in-one process (`npm start`): API + console + device gateway (GATEWAY=off to skip) + worker jobs on one
 * database (PGlite by default) and one bus (in-process by default; Redis with REDIS_URL, shared with other processes).
 */
import { buildApi } from './app.ts';
import { banner } from './banner.ts';
import { hasDemoAccounts } from './db/seed/demo.ts';
import { startDemoSimulator } from './demo-simulator.ts';
import { startGateway } from './gateway/gateway.ts';
import { createLiveDeriveContext } from './gateway/ingest/derive-context-db.ts';
import { deriveWiring } from './gateway/ingest/derive-stage.ts';
import { withForwarding } from './modules/forwarding/forward-stage.ts';
import { createMetrics, instrumentJobs } from './observability/metrics.ts';
import { onShutdown, openRuntime } from './runtime.ts';
import { workerJobs } from './worker/jobs.ts';
import { createFileStorage } from './storage/index.ts';
import { startJobs } from './worker/runner.ts';
import { jobLockOf } from './db/advisory-lock.ts';

const runtime = await openRuntime();
const { env, database, mailer, bus } = runtime;
// Per-organisation derive settings and fences, shared by the gateway's derive stage and the worker's offline check.
const deriveContext = createLiveDeriveContext(bus);
// One registry for the API, gateway and worker of this process: one /metrics shows everything.
const metrics = createMetrics({ defaultMetrics: true });
// Outages and reconnects of PostgreSQL and Redis (db/outage.ts).
metrics.dependencies.watch(database.health);
metrics.dependencies.watch(bus.health);
const app = await buildApi({
  db: database.db,
  env,
  brand: runtime.brand,
  mailer,
  bus,
  metrics,
  changes: database,
});
await app.listen({ port: env.port, host: env.host });
const gateway = env.gateway.enabled
  ? await startGateway({
      database,
      bus,
      config: env.gateway,
      log: app.log.child({ role: 'gateway' }),
      metrics,
      ...withForwarding(
        deriveWiring(deriveContext),
        bus,
        { allowPrivateAddresses: env.forwardAllowPrivateAddresses ?? false },
        { log: app.log.child({ role: 'gateway' }), metrics: metrics.forwarding },
      ),
    })
  : null;
// Demo fleet (SIMULATOR=off to disable): virtual trackers on loopback against the gateway's bound ports.
const simulatorLog = app.log.child({ role: 'simulator' });
const simulator =
  gateway && env.simulator
    ? await startDemoSimulator({
        db: database.db,
        ports: gateway.ports,
        log: (line) => simulatorLog.debug(line),
      })
    : null;
const jobs = startJobs(
  instrumentJobs(
    workerJobs({
      db: database.db,
      database,
      mailer,
      clock: () => new Date(),
      smtpConfigured: Boolean(env.smtpUrl),
      forwardAllowPrivateAddresses: env.forwardAllowPrivateAddresses ?? false,
      deriveContext,
      bus,
      publicUrl: env.publicUrl,
      storage: createFileStorage(env),
    }),
    metrics.jobs,
  ),
  app.log,
  // Several workers (and all-in-one processes) on one PostgreSQL: each job runs in one of them at a time.
  { lock: jobLockOf(database) },
);

const demo = await hasDemoAccounts(database.db);
console.log(
  banner(env, {
    demo,
    dbKind: database.kind,
    devicePorts: gateway?.ports,
    simulatedVehicles: simulator?.vehicles,
  }),
);

onShutdown(async () => {
  // The simulated devices first; then the gateway: stop accepting, commit what was received and send its acks;
  // then the API.
  await simulator?.stop();
  await gateway?.stop();
  await app.close();
  await jobs.stop();
  await runtime.close();
});
