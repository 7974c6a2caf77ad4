/**
 * The session kept in localStorage (spec 01 §3 "Session tokens", §4; spec 02 §9): access and refresh tokens as
 * `{ token, expires }`, the signed-in user's id and the flattened permission list. Reads never throw: a corrupt or
 * unavailable storage reads as "no session".
 */
import type { TokenPair } from '@civicfleet/shared';

/** `{ token, expires }` (TokenSchema of the auth contract). */
export type StoredToken = TokenPair['access'];

export const SESSION_KEYS = {
  access: 'cf.session.accessToken',
  refresh: 'cf.session.refreshToken',
  userId: 'cf.session.userId',
  permissions: 'cf.session.permissions',
} as const;

/*
 * Stored values are checked by hand rather than with the contract's zod schemas: this file is on the sign-in route,
 * which must not download zod (bundle budget, see api/auth-contracts.ts). Same rules as TokenSchema / z.array(z.string()).
 */
function toStoredToken(value: unknown): StoredToken | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { token, expires } = value as Record<string, unknown>;
  return typeof token === 'string' && typeof expires === 'string' ? { token, expires } : null;
}

function toStringList(value: unknown): string[] | null {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
    ? [...(value as string[])]
    : null;
}

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

function readJson<T>(key: string, parse: (value: unknown) => T | null): T | null {
  const raw = read(key);
  if (raw === null) return null;
  try {
    return parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

export function readAccessToken(): StoredToken | null {
  return readJson(SESSION_KEYS.access, toStoredToken);
}

export function readRefreshToken(): StoredToken | null {
  return readJson(SESSION_KEYS.refresh, toStoredToken);
}

export function readUserId(): string | null {
  return read(SESSION_KEYS.userId);
}

export function readPermissions(): string[] {
  return readJson(SESSION_KEYS.permissions, toStringList) ?? [];
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
