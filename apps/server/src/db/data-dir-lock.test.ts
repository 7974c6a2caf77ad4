import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError, LOCK_FILE_NAME, type LockHolder } from './data-dir-lock.ts';

/** A real other process: alive until killed. */
function otherProcess() {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { pid: child.pid ?? 0, stop: () => (child.kill('SIGKILL'), exited) };
}

function holder(pid: number, host = hostname()): LockHolder {
  return { pid, hostname: host, startedAt: '2026-12-07T10:00:00.000Z', command: 'node src/main.ts' };
}

describe('data directory lock', () => {
  let dir = '';
  let file = '';
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'cf-lock-'));
    file = path.join(dir, LOCK_FILE_NAME);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes who holds it, refuses a second taker and frees the directory on release', () => {
    const lock = acquireDataDirLock(dir, 'node src/main.ts');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      pid: process.pid,
      hostname: hostname(),
      startedAt: lock.holder.startedAt,
      command: 'node src/main.ts',
    });
    // Even this same process may not open the directory twice (two PGlite instances on the same files).
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
    lock.release();
    expect(existsSync(file)).toBe(false);
    lock.release();
    acquireDataDirLock(dir).release();
  });

  it('refuses while another live process holds it, naming the process and what to do', async () => {
    const other = otherProcess();
    try {
      writeFileSync(file, JSON.stringify(holder(other.pid)));
      let refusal: unknown;
      try {
        acquireDataDirLock(dir);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DataDirInUseError);
      const inUse = refusal as DataDirInUseError;
      expect(inUse.isLocalLiveHolder).toBe(true);
      expect(inUse.message).toContain(`in use by process ${other.pid} ("node src/main.ts"`);
      expect(inUse.message).toContain('stop that process first');
      expect(inUse.message).toContain(`delete ${file}`);
      // The holder's lock is left alone.
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: other.pid });
    } finally {
      await other.stop();
    }
  });

  it('takes over a stale lock: its process is gone (killed without releasing)', async () => {
    const other = otherProcess();
    await other.stop();
    writeFileSync(file, JSON.stringify(holder(other.pid)));
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(existsSync(file)).toBe(false);
  });

  it('takes over a lock naming this very pid from an earlier life (a container restarted as pid 1)', () => {
    writeFileSync(file, JSON.stringify(holder(process.pid)));
    acquireDataDirLock(dir).release();
  });

  it('never takes over a lock of another host, nor one it cannot read', () => {
    writeFileSync(file, JSON.stringify(holder(999_999, 'other-host')));
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by process 999999 on host other-host/);
    writeFileSync(file, 'garbage');
    expect(() => acquireDataDirLock(dir)).toThrow(/cannot be read/);
    expect(readFileSync(file, 'utf8')).toBe('garbage');
  });

  it('says so when the data directory cannot be written', () => {
    expect(() => acquireDataDirLock(path.join(dir, 'missing'))).toThrow(
      /Cannot create the lock file .*missing\/pglite\.lock \(ENOENT\): the data directory must be writable/,
    );
  });

  it('release leaves a lock that is no longer its own', () => {
    const lock = acquireDataDirLock(dir);
    // Someone deleted the file by hand and another process took the directory.
    writeFileSync(file, JSON.stringify(holder(process.pid + 1)));
    lock.release();
    expect(existsSync(file)).toBe(true);
  });
});
