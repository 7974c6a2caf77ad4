/** API process only (`npm run start:api`): scale it out behind a load balancer with DATABASE_URL. */
import { buildApi } from './app.ts';
import { banner } from './banner.ts';
import { hasDemoAccounts } from './db/seed/demo.ts';
import { createMetrics } from './observability/metrics.ts';
import { onShutdown, openRuntime } from './runtime.ts';

const runtime = await openRuntime(console.log, 'api');
const { env, database, mailer, bus } = runtime;
if (!env.databaseUrl) {
  console.warn(
    'start:api on the embedded database: worker jobs do not run in this process (use `npm start`).',
  );
}
// Live deltas and device commands cross processes only over Redis (REDIS_URL). Without it, /v1/live here gets no
// deltas from a separate gateway process (its snapshot still works) and commands wait for the device's next login.
if (!env.redisUrl) {
  console.warn(
    'start:api without REDIS_URL: live deltas and commands do not reach separate gateway processes.',
  );
}
// /metrics: HTTP latency, live clients and process metrics of this process.
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
console.log(banner(env, { demo: await hasDemoAccounts(database.db), dbKind: database.kind }));

onShutdown(async () => {
  await app.close();
  await runtime.close();
});
