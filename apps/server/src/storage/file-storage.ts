/**
 * Where uploaded bytes live. The file module only talks to this interface, so an S3-compatible store (a later issue)
 * replaces the local disk without touching routes or services.
 *
 * Keys are `<folder>/<name>` built by the file service from an allow-listed folder and a random name; stores still
 * refuse anything else (isStorageKey), so a key can never climb out of the store.
 */
export interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

export interface FileStorage {
  /** Stores the bytes under `key` (replacing nothing: keys are random and new). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes `key`; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** One lower-case slug folder, a slash, one name of letters, digits and at most one dot-extension. */
const KEY_PATTERN = /^[a-z0-9-]{1,32}\/[a-z0-9_-]{1,64}(\.[a-z0-9]{1,8})?$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}
