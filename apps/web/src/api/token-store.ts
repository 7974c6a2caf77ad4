/**
 * The session kept in localStorage (spec 01 §3 "Session tokens", §4; spec 02 §9): access and refresh tokens as
 * `{ token, expires }`, the signed-in user's id and the flattened permission list. Reads never throw: a corrupt or
 * unavailable storage reads as "no session".
 */
import type { TokenPair } from '@civicfleet/shared';
// zod/mini, not classic: this file is on the sign-in route (see auth-wire.ts).
import * as z from 'zod/mini';
import { TokenSchema } from './auth-wire';

export type StoredToken = z.infer<typeof TokenSchema>;

export const SESSION_KEYS = {
  access: 'cf.session.accessToken',
  refresh: 'cf.session.refreshToken',
  userId: 'cf.session.userId',
  permissions: 'cf.session.permissions',
} as const;

const PermissionsSchema = z.array(z.string());

type Listener = () => void;
const listeners = new Set<Listener>();

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the session lasts for this page only.
  }
}

function remove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}

function readJson<T>(key: string, schema: z.ZodMiniType<T>): T | null {
  const raw = read(key);
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

export function readAccessToken(): StoredToken | null {
  return readJson(SESSION_KEYS.access, TokenSchema);
}

export function readRefreshToken(): StoredToken | null {
  return readJson(SESSION_KEYS.refresh, TokenSchema);
}

export function readUserId(): string | null {
  return read(SESSION_KEYS.userId);
}

export function readPermissions(): string[] {
  return readJson(SESSION_KEYS.permissions, PermissionsSchema) ?? [];
}

export function writeTokens(pair: TokenPair): void {
  write(SESSION_KEYS.access, JSON.stringify(pair.access));
  write(SESSION_KEYS.refresh, JSON.stringify(pair.refresh));
  notify();
}

export function writeIdentity(userId: string, permissions: readonly string[]): void {
  write(SESSION_KEYS.userId, userId);
  write(SESSION_KEYS.permissions, JSON.stringify(permissions));
}

/** True when anything of a session was ever stored here (tells "expired" apart from "first visit"). */
export function hasSessionTraces(): boolean {
  return Object.values(SESSION_KEYS).some((key) => read(key) !== null);
}

export function clearSession(): void {
  for (const key of Object.values(SESSION_KEYS)) remove(key);
  notify();
}

/** Milliseconds until the token expires (negative once expired; -Infinity when absent or unreadable). */
export function msUntilExpiry(token: StoredToken | null, nowMs = Date.now()): number {
  if (token === null) return Number.NEGATIVE_INFINITY;
  const expiresMs = Date.parse(token.expires);
  return Number.isNaN(expiresMs) ? Number.NEGATIVE_INFINITY : expiresMs - nowMs;
}

/**
 * A token counts as valid only with `marginMs` to spare, so that a call started now does not reach the server just
 * after expiry (and to absorb small clock differences between browser and server).
 */
export function isTokenValid(
  token: StoredToken | null,
  marginMs = 10_000,
  nowMs = Date.now(),
): token is StoredToken {
  return msUntilExpiry(token, nowMs) > marginMs;
}

/** Called whenever tokens are written or the session is cleared in this tab. */
export function subscribeTokens(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
