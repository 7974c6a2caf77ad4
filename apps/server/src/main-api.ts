/** API process only (`npm run start:api`): scale it out behind a load balancer with DATABASE_URL. */
import { buildApi } from './app.ts';
import { banner } from './banner.ts';
import { hasDemoAccounts } from './db/seed/demo.ts';
import { onShutdown, openRuntime } from './runtime.ts';

const runtime = await openRuntime();
const { env, database, mailer, bus } = runtime;
if (!env.databaseUrl) {
  console.warn(
    'start:api on the embedded database: worker jobs do not run in this process (use `npm start`).',
  );
}
// With the in-process bus, /v1/live here receives no deltas from a separate gateway process until the Redis bus
// (scale-out issue); its snapshot still works.
const app = await buildApi({ db: database.db, env, brand: runtime.brand, mailer, bus });
await app.listen({ port: env.port, host: env.host });
console.log(banner(env, { demo: await hasDemoAccounts(database.db), dbKind: database.kind }));

onShutdown(async () => {
  await app.close();
  await runtime.close();
});
