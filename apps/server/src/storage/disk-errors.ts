/**
 * A full or read-only disk under DATA_DIR (uploads, report files, the embedded database) is the operator's problem,
 * not a defect and not the caller's fault: the caller gets a clear 507 / 503 instead of "Encountered a server error",
 * and the write it asked for left nothing behind (local-disk-storage.ts writes to a temporary name, PostgreSQL rolls
 * the statement back). Nothing needs a restart: the next write after space is freed succeeds.
 */
import { AppError } from '../http/errors.ts';

export const DISK_MESSAGES = {
  full: "The server's disk is full: nothing was saved. Ask the administrator to free space, then try again.",
  readOnly:
    'The server cannot write to its storage (read-only or not permitted): nothing was saved. Ask the administrator to check the data directory, then try again.',
} as const;

export type DiskProblem = 'full' | 'read-only';

export class DiskUnavailableError extends AppError {
  constructor(
    readonly problem: DiskProblem,
    override readonly cause?: unknown,
  ) {
    super(problem === 'full' ? 507 : 503, problem === 'full' ? DISK_MESSAGES.full : DISK_MESSAGES.readOnly);
  }
}

const FULL_ERRNO = new Set(['ENOSPC', 'EDQUOT']);
const READ_ONLY_ERRNO = new Set(['EROFS', 'EACCES', 'EPERM']);
/** PostgreSQL (and PGlite) SQLSTATE disk_full: "could not extend file …: No space left on device". */
const DISK_FULL_SQLSTATE = '53100';

/**
 * What kind of disk problem `error` is, looking through drizzle's `cause` wrapping: a Node errno (ENOSPC …) or the
 * database's disk_full. Undefined for anything else.
 */
export function diskProblemOf(error: unknown): DiskProblem | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    if (current instanceof DiskUnavailableError) return current.problem;
    const code: unknown = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (FULL_ERRNO.has(code) || code === DISK_FULL_SQLSTATE) return 'full';
      if (READ_ONLY_ERRNO.has(code)) return 'read-only';
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** `error` as a DiskUnavailableError when it is one of those problems; otherwise `error` itself. */
export function asDiskError(error: unknown): unknown {
  if (error instanceof DiskUnavailableError) return error;
  const problem = diskProblemOf(error);
  return problem ? new DiskUnavailableError(problem, error) : error;
}
