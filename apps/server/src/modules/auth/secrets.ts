/** Random tokens and their stored digests. Only digests reach the database. */
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 32 random bytes, base64url: refresh tokens, reset link tokens, reset request ids. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A uniformly random 6-digit code. */
export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
