/**
 * Session start (spec 01 §4): decides from the stored tokens whether the visitor is signed in. Has no side effect on
 * storage except through a refresh, so that an aborted run (React StrictMode mounts twice) changes nothing; the
 * provider applies the outcome.
 */
import type { LoginResult, SessionUser } from '@civicfleet/shared';
import { loggedInUser } from '@/api/auth';
import { ApiError, isAbortError, refreshSessionOnce } from '@/api/client';
import {
  hasSessionTraces,
  isTokenValid,
  readAccessToken,
  readRefreshToken,
  readUserId,
  writeIdentity,
  writeTokens,
} from '@/api/token-store';

export type StartOutcome =
  | { kind: 'authenticated'; user: SessionUser }
  /** Fresh browser: nothing was ever stored. The login screen shows without a toast. */
  | { kind: 'anonymous' }
  /** Tokens missing, expired or refused: "Session expired! Login again." and the stored session is cleared. */
  | { kind: 'expired' }
  /** The server could not be reached or failed: the stored session is kept for the next attempt. */
  | { kind: 'unavailable'; message: string };

function isRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

export async function startSession(signal?: AbortSignal): Promise<StartOutcome> {
  const refreshToken = readRefreshToken();
  const userId = readUserId();
  if (
    refreshToken === null ||
    readAccessToken() === null ||
    userId === null ||
    !isTokenValid(refreshToken, 0)
  ) {
    return hasSessionTraces() ? { kind: 'expired' } : { kind: 'anonymous' };
  }

  if (!isTokenValid(readAccessToken())) {
    try {
      await refreshSessionOnce();
    } catch (error) {
      if (isAbortError(error)) throw error;
      if (error instanceof ApiError && !isRefusal(error.status)) {
        return { kind: 'unavailable', message: error.message };
      }
      return { kind: 'expired' };
    }
  }

  const result = await loggedInUser(userId, signal);
  if (result.success) return { kind: 'authenticated', user: result.data };
  return isRefusal(result.status) ? { kind: 'expired' } : { kind: 'unavailable', message: result.message };
}

/** Keeps what sign-in answered (tokens, user id, permission list); the page then reloads (spec 01 §4). */
export function storeSignIn(result: LoginResult): void {
  writeTokens(result.token);
  writeIdentity(result.user.id, result.user.permissions);
}

/** After the user loaded: the stored permission list follows what the server computed this time. */
export function storeIdentity(user: SessionUser): void {
  writeIdentity(user.id, user.permissions);
}
