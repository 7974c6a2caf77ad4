/** All-in-one process (`npm start`): API + console + worker jobs on one database (PGlite by default). */
import { buildApi } from './app.ts';
import { banner } from './banner.ts';
import { hasDemoAccounts } from './db/seed/demo.ts';
import { onShutdown, openRuntime } from './runtime.ts';
import { workerJobs } from './worker/jobs.ts';
import { startJobs } from './worker/runner.ts';

const runtime = await openRuntime();
const { env, database, mailer } = runtime;
const app = await buildApi({ db: database.db, env, brand: runtime.brand, mailer });
await app.listen({ port: env.port, host: env.host });
const jobs = startJobs(
  workerJobs({ db: database.db, mailer, clock: () => new Date(), smtpConfigured: Boolean(env.smtpUrl) }),
  app.log,
);

const demo = await hasDemoAccounts(database.db);
console.log(banner(env, { demo, dbKind: database.kind }));

onShutdown(async () => {
  await app.close();
  await jobs.stop();
  await runtime.close();
});
