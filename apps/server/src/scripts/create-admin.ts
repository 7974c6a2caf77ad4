/**
 * Creates a SUPER_ADMIN: `npm run create-admin -- --email a@b.in --password '…' [--phone 98…] [--first-name …]`.
 * Uses the same database as the server (DATABASE_URL or DATA_DIR). On the embedded database only one process may
 * open DATA_DIR (db/data-dir-lock.ts): when a server on this host holds it, the request goes to that server's control
 * socket (control/control-socket.ts) and the server creates the administrator; otherwise this process opens the
 * database itself.
 */
import { loadEnv } from '../config/env.ts';
import { controlSocketPath, sendCreateAdmin, type ControlAnswer } from '../control/control-socket.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { DataDirInUseError, isAlive } from '../db/data-dir-lock.ts';
import { prepareDatabase } from '../db/seed/index.ts';
import { CreateAdminError, createSuperAdmin } from '../db/seed/super-admin.ts';
import { parseCreateAdminArgs } from './create-admin-args.ts';

/** A server that has the lock but is still migrating opens its socket a few seconds later. */
const WAIT_FOR_SERVER_MS = 60_000;

const argv = process.argv.slice(2);
let input;
try {
  input = parseCreateAdminArgs(argv);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const env = loadEnv();
let database: Database;
try {
  database = await openDatabase(env);
} catch (error) {
  if (!(error instanceof DataDirInUseError)) throw error;
  process.exit(await throughRunningServer(error));
}
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

/** Asks the server holding DATA_DIR to create the administrator; returns the exit code. */
async function throughRunningServer(inUse: DataDirInUseError): Promise<number> {
  const socket = controlSocketPath(env.dataDir);
  const holder = inUse.holder;
  if (!inUse.isLocalLiveHolder || holder === null || socket === null) {
    console.error(inUse.message);
    if (socket === null)
      console.error('(DATA_DIR is too long for the control socket: stop the server first.)');
    return 1;
  }
  const deadline = Date.now() + WAIT_FOR_SERVER_MS;
  let waiting = false;
  for (;;) {
    let answer: ControlAnswer;
    try {
      answer = await sendCreateAdmin(socket, argv);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const notListening = code === 'ENOENT' || code === 'ECONNREFUSED';
      if (!notListening || !isAlive(holder.pid) || Date.now() > deadline) {
        console.error(
          `${inUse.message}\nIts control socket ${socket} did not answer (${code ?? String(error)}).`,
        );
        return 1;
      }
      if (!waiting) console.log(`Waiting for the server (process ${holder.pid}) to finish starting …`);
      waiting = true;
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    if (!answer.success) {
      console.error(answer.message);
      return 1;
    }
    console.log(`${answer.message} (through the running server, process ${holder.pid})`);
    return 0;
  }
}
