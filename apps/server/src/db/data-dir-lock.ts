/**
 * One process per embedded data directory. PGlite is a single-process engine: two processes with the same
 * `DATA_DIR/pglite` open each keep their own copy of the database in memory, so one does not see the other's writes
 * and their files can be corrupted. Every process that opens the embedded database (db/client.ts openDatabase) first
 * takes `DATA_DIR/pglite.lock`, created atomically (O_CREAT|O_EXCL), holding who took it. A second process is refused
 * at once with DataDirInUseError.
 *
 * A lock left behind by a process that died without releasing it (SIGKILL, power loss) is stale when its pid is not
 * alive on this host (or is this very process, as after a container restart where the server is pid 1 again); it is
 * then taken over. A lock written on another host (a shared volume) cannot be checked and is never taken over.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

export const LOCK_FILE_NAME = 'pglite.lock';

const LockHolderSchema = z.object({
  pid: z.number().int().positive(),
  hostname: z.string(),
  startedAt: z.string(),
  command: z.string(),
});
export type LockHolder = z.infer<typeof LockHolderSchema>;

export interface DataDirLock {
  file: string;
  holder: LockHolder;
  /** Removes the lock file if it is still ours; a second call does nothing. */
  release(): void;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly file: string,
    /** Null when the lock file could not be read (written by something else, or half-written). */
    readonly holder: LockHolder | null,
  ) {
    super(describeHolder(file, holder));
    this.name = 'DataDirInUseError';
  }

  /** The holder is a process alive on this host (so it may answer on the control socket). */
  get isLocalLiveHolder(): boolean {
    return this.holder !== null && this.holder.hostname === hostname() && isAlive(this.holder.pid);
  }
}

function describeHolder(file: string, holder: LockHolder | null): string {
  const dataDir = path.dirname(file);
  if (holder === null) {
    return (
      `The data directory ${dataDir} is locked by ${file}, which cannot be read. The embedded database allows one ` +
      `process at a time. If no CivicFleet process uses this directory, delete that file and try again.`
    );
  }
  const where = holder.hostname === hostname() ? '' : ` on host ${holder.hostname}`;
  return (
    `The data directory ${dataDir} is in use by process ${holder.pid}${where} ("${holder.command}", started ` +
    `${holder.startedAt}). The embedded database allows one process at a time: stop that process first, or give ` +
    `this one another DATA_DIR (or use PostgreSQL with DATABASE_URL). If you are sure no CivicFleet process uses ` +
    `this directory, delete ${file}.`
  );
}

/** Whether `pid` is a live process on this host. EPERM: alive, but another user's. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | null | 'gone' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
  try {
    const parsed = LockHolderSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function isStale(holder: LockHolder): boolean {
  if (holder.hostname !== hostname()) return false;
  return holder.pid === process.pid || !isAlive(holder.pid);
}

/** Lock files this process holds: a second take in the same process (a bug) must not take over its own lock. */
const heldHere = new Set<string>();

/**
 * Takes the lock of `dataDir` (which must exist) or throws DataDirInUseError. `command` names this process in the
 * lock file (and so in another process's refusal).
 */
export function acquireDataDirLock(dataDir: string, command = describeThisProcess()): DataDirLock {
  const file = path.join(path.resolve(dataDir), LOCK_FILE_NAME);
  if (heldHere.has(file)) throw new DataDirInUseError(file, readHolderOrNull(file));
  const holder: LockHolder = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    command,
  };
  // Two rounds: the second after removing a stale lock.
  for (let round = 0; round < 2; round += 1) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') {
        throw new Error(
          `Cannot create the lock file ${file} (${code ?? String(error)}): the data directory must be writable ` +
            `by this process (a full or read-only disk?).`,
          { cause: error },
        );
      }
      const current = readHolder(file);
      if (current === 'gone') continue;
      if (current === null || !isStale(current) || round > 0) throw new DataDirInUseError(file, current);
      removeIfUnchanged(file, current);
      continue;
    }
    try {
      writeSync(fd, `${JSON.stringify(holder)}\n`);
    } catch (error) {
      // No half-written lock left behind (a full disk): the next start would find it unreadable.
      closeSync(fd);
      unlinkSync(file);
      throw error;
    }
    closeSync(fd);
    heldHere.add(file);
    return { file, holder, release: releaser(file, holder) };
  }
  throw new DataDirInUseError(file, readHolderOrNull(file));
}

function readHolderOrNull(file: string): LockHolder | null {
  const h = readHolder(file);
  return h === 'gone' ? null : h;
}

/**
 * Removes a stale lock only if it still names the same holder, so that of two processes finding the same stale lock
 * the slower one does not remove the lock the faster one has just written (the window left is the few microseconds
 * between this read and the unlink).
 */
function removeIfUnchanged(file: string, stale: LockHolder): void {
  const now = readHolder(file);
  if (now === 'gone') return;
  if (now === null || now.pid !== stale.pid || now.startedAt !== stale.startedAt) {
    throw new DataDirInUseError(file, now);
  }
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function releaser(file: string, holder: LockHolder): () => void {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(file);
    process.off('exit', release);
    const now = readHolderOrNullQuietly(file);
    if (now && now.pid === holder.pid && now.startedAt === holder.startedAt) {
      try {
        unlinkSync(file);
      } catch {
        // already gone, or the directory is read-only now: the next start finds it stale
      }
    }
  };
  // An exit without closing the database (process.exit, an uncaught exception) still frees the directory.
  process.on('exit', release);
  return release;
}

function readHolderOrNullQuietly(file: string): LockHolder | null {
  try {
    return readHolderOrNull(file);
  } catch {
    return null;
  }
}

/** `node src/main.ts`-like: the script this process runs, relative to the working directory. */
function describeThisProcess(): string {
  const script = process.argv[1];
  return script ? `node ${path.relative(process.cwd(), script) || script}` : 'node';
}
