/**
 * FileStorage on the local disk: `<root>/<folder>/<name>`, written to a temporary file and renamed into place so a
 * reader never sees half a file; a full or read-only disk leaves nothing behind and fails with DiskUnavailableError
 * (disk-errors.ts). The content type is not stored beside the bytes: the name's extension carries it (keys end in the
 * sniffed extension), and the `files` table holds it too.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { asDiskError } from './disk-errors.ts';
import { assertStorageKey, type FileStorage } from './file-storage.ts';

const TYPE_BY_EXTENSION: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.pdf': 'application/pdf',
};

export function createLocalDiskStorage(root: string): FileStorage {
  const fileOf = (key: string): string => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };

  return {
    async put(key, bytes) {
      const file = fileOf(key);
      const temporary = `${file}.${randomBytes(6).toString('hex')}.part`;
      try {
        await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
        await writeFile(temporary, bytes, { mode: 0o600, flag: 'wx' });
        await rename(temporary, file);
      } catch (error) {
        // A disk that filled up mid-write leaves no half file behind, under either name.
        await rm(temporary, { force: true }).catch(() => undefined);
        throw asDiskError(error);
      }
    },

    async get(key) {
      try {
        const bytes = await readFile(fileOf(key));
        return {
          bytes,
          contentType: TYPE_BY_EXTENSION[path.extname(key)] ?? 'application/octet-stream',
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
