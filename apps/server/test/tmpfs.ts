/**
 * A small tmpfs for disk-full and read-only tests (issue 27). Mounting needs root (or CAP_SYS_ADMIN): without it
 * `tmpfsUnavailable` answers the reason and the test skips. No vitest imports.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Tmpfs {
  dir: string;
  /** Fills the disk with one file, leaving `leaveBytes` free (default 0). */
  fill(leaveBytes?: number): void;
  /** Removes the filling file. */
  free(): void;
  freeBytes(): number;
  remount(mode: 'ro' | 'rw'): void;
  unmount(): void;
}

/**
 * Why tmpfs tests cannot run here, or null when they can: tries to mount (and at once unmounts) a tiny one. Call it
 * at collection time for `skipIf`, and mount in the test or its beforeAll, so that a test filtered out mounts nothing.
 */
export function tmpfsUnavailable(): string | null {
  const probe = tryMount(64 * 1024);
  if (typeof probe === 'string') return probe;
  probe.unmount();
  return null;
}

/** Mounts a tmpfs of `sizeBytes`; throws when this process may not mount (see tmpfsUnavailable). */
export function mountTmpfs(sizeBytes: number): Tmpfs {
  const mounted = tryMount(sizeBytes);
  if (typeof mounted === 'string') throw new Error(mounted);
  return mounted;
}

function tryMount(sizeBytes: number): Tmpfs | string {
  if (process.platform !== 'linux') return 'tmpfs mounts need Linux';
  const dir = mkdtempSync(path.join(tmpdir(), 'cf-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes}`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return `cannot mount a tmpfs here (${stderr || (error as Error).message}); run as root to test a full disk`;
  }
  const filler = path.join(dir, '.filler');
  const freeBytes = () => {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  };
  return {
    dir,
    fill(leaveBytes = 0) {
      writeFileSync(filler, Buffer.alloc(Math.max(0, freeBytes() - leaveBytes)));
    },
    free: () => rmSync(filler, { force: true }),
    freeBytes,
    remount: (mode) => execFileSync('mount', ['-o', `remount,${mode}`, dir], { stdio: 'pipe' }),
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
