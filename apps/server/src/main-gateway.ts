/**
 * Gateway process only (`npm run start:gateway`): TCP listeners for AIS-140, GT06 and Teltonika and the ingest
 * pipeline, against PostgreSQL. Run any number behind a TCP load balancer; each device stays on one connection.
 */
import { devicePortsLine } from './banner.ts';
import { describeBus } from './bus/create-bus.ts';
import { loadEnv } from './config/env.ts';
import { startGateway } from './gateway/gateway.ts';
import { createLiveDeriveContext } from './gateway/ingest/derive-context-db.ts';
import { deriveWiring } from './gateway/ingest/derive-stage.ts';
import { withForwarding } from './modules/forwarding/forward-stage.ts';
import { createProcessLogger } from './observability/logger.ts';
import { createMetrics } from './observability/metrics.ts';
import { startOpsServer } from './observability/ops-server.ts';
import { onShutdown, openRuntime } from './runtime.ts';

const env = loadEnv();
if (!env.databaseUrl) {
  // PGlite lives inside one process; a second process on the same data directory would corrupt it.
  console.error(
    'start:gateway needs DATABASE_URL (PostgreSQL). With the embedded database use `npm start`, which runs the gateway.',
  );
  process.exit(1);
}
const log = createProcessLogger({ role: 'gateway', level: env.logLevel });
const metrics = createMetrics({ defaultMetrics: true });
const runtime = await openRuntime(console.log, 'gateway');
// Outages and reconnects of PostgreSQL and Redis (db/outage.ts).
metrics.dependencies.watch(runtime.database.health);
metrics.dependencies.watch(runtime.bus.health);
const { bus } = runtime;
if (!env.redisUrl) {
  console.warn(
    'start:gateway without REDIS_URL: API processes receive no live deltas and send no commands here.',
  );
}
const gateway = await startGateway({
  database: runtime.database,
  bus,
  config: env.gateway,
  log,
  metrics,
  ...withForwarding(
    deriveWiring(createLiveDeriveContext(bus)),
    bus,
    { allowPrivateAddresses: env.forwardAllowPrivateAddresses ?? false },
    { log, metrics: metrics.forwarding },
  ),
});
// OPS_PORT: /healthz, /readyz and /metrics of this process (docs/operations.md).
const ops = env.ops
  ? await startOpsServer({
      ...env.ops,
      db: runtime.database.db,
      bus,
      metrics,
      metricsToken: env.metricsToken,
    })
  : null;
console.log(`\n  CivicFleet gateway running (bus: ${describeBus(env)})\n${devicePortsLine(gateway.ports)}\n`);

onShutdown(async () => {
  await gateway.stop();
  await ops?.close();
  await runtime.close();
});
