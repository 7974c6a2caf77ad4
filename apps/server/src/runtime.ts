/** What every process opens first: environment, brand, database (migrated, seeded) and mailer. */
import type { Brand } from '@civicfleet/shared';
import type { Bus } from './bus/bus.ts';
import { createBus } from './bus/create-bus.ts';
import { loadBrand } from './config/brand.ts';
import { loadEnv, type Env } from './config/env.ts';
import { startControlSocket } from './control/control-socket.ts';
import { openDatabase, type Database } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { prepareDatabase } from './db/seed/index.ts';
import type { Mailer } from './mail/mailer.ts';
import { createOutboxMailer } from './mail/outbox-mailer.ts';
import { createProcessLogger, type ProcessRole } from './observability/logger.ts';
import { createFileStorage } from './storage/index.ts';

export interface Runtime {
  env: Env;
  brand: Brand;
  database: Database;
  mailer: Mailer;
  /** In-process by default; Redis pub/sub with REDIS_URL (bus/create-bus.ts), shared with other processes. */
  bus: Bus;
  seededDemo: boolean;
  close(): Promise<void>;
}

export async function openRuntime(
  log: (msg: string) => void = console.log,
  role: ProcessRole = 'all',
): Promise<Runtime> {
  const env = loadEnv();
  const brand = loadBrand(env.brand);
  // PostgreSQL outages (one warning each, db/outage.ts) and lost advisory locks are logged as JSON lines of this role.
  const dbLog = createProcessLogger({ role, level: env.logLevel });
  const database = await openDatabase({ ...env, log: dbLog }).catch((error: unknown) => {
    // A second process on an embedded data directory in use: the message says who holds it and what to do.
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  });
  const { seededDemo } = await prepareDatabase(database, { demo: env.demo });
  const mailer = createOutboxMailer({
    db: database.db,
    from: env.mailFrom,
    smtpUrl: env.smtpUrl,
    storage: createFileStorage(env),
    onError: (error, id) =>
      log(`mail ${id} not delivered: ${error instanceof Error ? error.message : String(error)}`),
  });
  const bus = createBus(env);
  // On the embedded database this process is the only one allowed on DATA_DIR: `npm run create-admin` asks it here.
  const control =
    database.kind === 'pglite'
      ? await startControlSocket({ dataDir: env.dataDir, db: database.db, log })
      : null;
  return {
    env,
    brand,
    database,
    mailer,
    bus,
    seededDemo,
    async close() {
      await control?.close();
      await bus.close();
      await mailer.close();
      await database.close();
    },
  };
}

/**
 * Runs `stop` once on SIGTERM/SIGINT, then exits 0. A second signal exits at once (1); so does a stop that takes
 * longer than `boundMs` (default 25 s, under Kubernetes' default 30 s grace period before SIGKILL).
 */
export function onShutdown(stop: () => Promise<void>, boundMs = 25_000): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`${signal}: shutting down …`);
    setTimeout(() => {
      console.error(`shutdown took longer than ${boundMs} ms; exiting`);
      process.exit(1);
    }, boundMs).unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
}
