import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountTmpfs, tmpfsUnavailable, type Tmpfs } from '../../test/tmpfs.ts';
import { DISK_MESSAGES, DiskUnavailableError } from './disk-errors.ts';
import { isStorageKey } from './file-storage.ts';
import { createLocalDiskStorage } from './local-disk-storage.ts';

describe('local disk storage', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'cf-storage-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('puts, gets and deletes, leaving no temporary files', async () => {
    const storage = createLocalDiskStorage(root);
    const bytes = Buffer.from('%PDF-1.7 test');
    await storage.put('misc/abc123.pdf', bytes, 'application/pdf');
    expect(await readdir(path.join(root, 'misc'))).toEqual(['abc123.pdf']);
    expect(await storage.get('misc/abc123.pdf')).toEqual({ bytes, contentType: 'application/pdf' });
    await storage.delete('misc/abc123.pdf');
    expect(await storage.get('misc/abc123.pdf')).toBeNull();
    await expect(storage.delete('misc/abc123.pdf')).resolves.toBeUndefined();
  });

  it('refuses keys that could leave the store', async () => {
    const storage = createLocalDiskStorage(root);
    for (const key of [
      '../etc/passwd',
      'misc/../../x',
      '/abs/x.png',
      'misc/a/b.png',
      'Misc/x.png',
      'misc/.png',
    ]) {
      expect(isStorageKey(key), key).toBe(false);
      await expect(storage.put(key, Buffer.from('x'), 'image/png'), key).rejects.toThrow(
        'Invalid storage key',
      );
      await expect(storage.get(key), key).rejects.toThrow('Invalid storage key');
    }
  });

  describe('on a full or read-only disk (a 4 MiB tmpfs)', () => {
    it.skipIf(tmpfsUnavailable() !== null)(
      'fails with a clear error, leaves no half-written file, and works again once space is back',
      async () => {
        const tmpfs = mountTmpfs(4 * 1024 * 1024);
        try {
          await fullAndReadOnly(tmpfs);
        } finally {
          tmpfs.unmount();
        }
      },
    );
  });
});

async function fullAndReadOnly(tmpfs: Tmpfs): Promise<void> {
  const storage = createLocalDiskStorage(path.join(tmpfs.dir, 'files'));
  await storage.put('misc/first.pdf', Buffer.from('%PDF-1.7 first'), 'application/pdf');
  tmpfs.fill(64 * 1024);
  const big = Buffer.alloc(512 * 1024, 7);
  const full = storage.put('misc/big.pdf', big, 'application/pdf');
  await expect(full).rejects.toThrow(DiskUnavailableError);
  await expect(full).rejects.toMatchObject({ statusCode: 507, message: DISK_MESSAGES.full });
  expect(await readdir(path.join(tmpfs.dir, 'files', 'misc'))).toEqual(['first.pdf']);

  tmpfs.free();
  await storage.put('misc/big.pdf', big, 'application/pdf');
  expect((await storage.get('misc/big.pdf'))?.bytes.equals(big)).toBe(true);

  tmpfs.remount('ro');
  try {
    await expect(storage.put('misc/third.pdf', big, 'application/pdf')).rejects.toMatchObject({
      statusCode: 503,
      message: DISK_MESSAGES.readOnly,
    });
    // Reading still works.
    expect((await storage.get('misc/first.pdf'))?.bytes.toString()).toBe('%PDF-1.7 first');
  } finally {
    tmpfs.remount('rw');
  }
  await storage.put('misc/third.pdf', big, 'application/pdf');
  expect((await readdir(path.join(tmpfs.dir, 'files', 'misc'))).sort()).toEqual([
    'big.pdf',
    'first.pdf',
    'third.pdf',
  ]);
}
