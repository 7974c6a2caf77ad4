/**
 * Creates a SUPER_ADMIN: `npm run create-admin -- --email a@b.in --password '…' [--phone 98…] [--first-name …]`.
 * Uses the same database as the server (DATABASE_URL or DATA_DIR). Stop an all-in-one server on the embedded database
 * first: PGlite is single-process.
 */
import { loadEnv } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { prepareDatabase } from '../db/seed/index.ts';
import { CreateAdminError, createSuperAdmin } from '../db/seed/super-admin.ts';
import { parseCreateAdminArgs } from './create-admin-args.ts';

let input;
try {
  input = parseCreateAdminArgs(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const env = loadEnv();
const database = await openDatabase(env);
try {
  // Migrations and built-in roles, but never demo data: an administrator is being set up on purpose.
  await prepareDatabase(database, { demo: false });
  const { userId } = await createSuperAdmin(database.db, input);
  console.log(`Created SUPER_ADMIN ${input.email} (user id ${userId}) in the platform organisation.`);
} catch (error) {
  if (!(error instanceof CreateAdminError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
