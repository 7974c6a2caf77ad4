/**
 * Announced changes to sessions (the database's `cf_auth` NOTIFYs, modules/auth/auth-cache.ts `AuthChange`: `f:<family>`,
 * `u:<user id>`, `r:<role id>`, `*`), passed on to long-lived connections once the authentication cache has dropped
 * what they affect, so that re-authenticating reads the new state. Every API process LISTENs on the same database, so
 * a sign-out through one process reaches the /v1/live sockets of all of them (live/live-session.ts).
 */
export type AuthChangeListener = (change: string) => void;

export interface AuthChanges {
  /** Returns the unsubscribe function. */
  subscribe(listener: AuthChangeListener): () => void;
}

export interface AuthChangeFeed extends AuthChanges {
  emit(change: string): void;
}

export function createAuthChanges(): AuthChangeFeed {
  const listeners = new Set<AuthChangeListener>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(change) {
      for (const listener of [...listeners]) {
        try {
          listener(change);
        } catch (error) {
          // One listener's failure must not keep the others (or the cache's listener) from the change.
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    },
  };
}
