import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
