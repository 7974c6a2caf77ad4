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
import { onShutdown, openRuntime } from './runtime.ts';
import { consoleJobLogger } from './worker/runner.ts';

const env = loadEnv();
if (!env.databaseUrl) {
  // PGlite lives inside one process; a second process on the same data directory would corrupt it.
  console.error(
    'start:gateway needs DATABASE_URL (PostgreSQL). With the embedded database use `npm start`, which runs the gateway.',
  );
  process.exit(1);
}
const jobLog = consoleJobLogger();
const log = { info: jobLog.info, warn: jobLog.error, error: jobLog.error };
const runtime = await openRuntime();
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
  ...deriveWiring(createLiveDeriveContext(bus)),
});
console.log(`\n  CivicFleet gateway running (bus: ${describeBus(env)})\n${devicePortsLine(gateway.ports)}\n`);

onShutdown(async () => {
  await gateway.stop();
  await runtime.close();
});
