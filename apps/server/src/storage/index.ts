/** Picks the FileStorage for this process: the local disk under DATA_DIR/files (an S3-compatible store later). */
import path from 'node:path';
import type { Env } from '../config/env.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalDiskStorage } from './local-disk-storage.ts';

export type { FileStorage, StoredObject } from './file-storage.ts';
export { isStorageKey } from './file-storage.ts';
export { createLocalDiskStorage } from './local-disk-storage.ts';

export function createFileStorage(env: Pick<Env, 'dataDir'>): FileStorage {
  return createLocalDiskStorage(path.join(env.dataDir, 'files'));
}
