/**
 * Password hashing with node:crypto scrypt. Encoded as `scrypt$N$r$p$salt$hash` (salt and hash base64url) so that
 * parameters can be raised later without invalidating stored hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ServiceUnavailableError } from '../../http/errors.ts';

const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/**
 * scrypt runs on libuv's thread pool (4 threads by default), which file access, DNS and zlib share: a burst of
 * sign-ins used to occupy all of it and push /healthz to seconds. At most HASH_SLOTS derivations run at once; the
 * others wait in turn, and past MAX_WAITING the request is refused (503) rather than queued without end.
 */
const HASH_SLOTS = 2;
const MAX_WAITING = 256;
export const HASHING_BUSY_MESSAGE = 'The server is busy checking passwords. Try again in a moment.';

let running = 0;
const waiting: Array<() => void> = [];
let peakRunning = 0;

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_SLOTS) {
    if (waiting.length >= MAX_WAITING) throw new ServiceUnavailableError(HASHING_BUSY_MESSAGE);
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  peakRunning = Math.max(peakRunning, running);
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter (running stays the same), or free it.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** The most derivations that ran at once since the last call (for tests and the bench). */
export function takePeakHashing(): number {
  const peak = peakRunning;
  peakRunning = running;
  return peak;
}

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; the default maxmem (32 MiB) is exactly that for N=2^15, r=8, so leave headroom.
  const options: ScryptOptions = { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 };
  return withHashSlot(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (![n, r, p].every((v) => Number.isInteger(v) && v > 0) || n > 2 ** 20) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await derive(password, salt, n, r, p);
  return timingSafeEqual(actual, expected);
}

/** A real hash of a random password: verified against when the user does not exist, so timing stays the same. */
let dummyHash: Promise<string> | undefined;
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
