/**
 * Per-process cache of authentication contexts, so that a request with a valid access token costs no query to learn
 * who is calling (the user, whether the session is still live, the organisation subtree: three queries before).
 *
 * Never stale beyond a few milliseconds:
 * - the database announces every change that can end or alter a session on the channel `cf_auth` at COMMIT
 *   (migration 0019: a revoked or deleted session family, any change of a user row, of a role, of the organisation
 *   tree), and every API process LISTENs and drops what it affects — so a sign-out, a password change, a disabled
 *   user or a new role takes effect in every process at once;
 * - on PostgreSQL the writes this process makes itself (`isAuthWrite`) also clear the cache as soon as they complete,
 *   because a NOTIFY arrives on its own connection and the caller's next request may be handled before it is read
 *   (PGlite delivers notifications with the COMMIT's result);
 * - while the LISTEN connection is down (and until it is back) nothing is cached or served from the cache;
 * - a context read while an announcement arrived is not stored (generation counter), entries live at most
 *   `ttlMs`, and at most `maxEntries` are kept (oldest first out).
 */
import type { AuthContext } from '../../http/types.ts';

export const AUTH_CHANGES_CHANNEL = 'cf_auth';

/** `f:<family>`, `u:<user id>`, `r:<role id>` or `*` (see the migration). */
export type AuthChange = `f:${string}` | `u:${string}` | `r:${string}` | '*';

interface Entry {
  context: AuthContext;
  tokenVersion: number;
  expiresAt: number;
}

export interface AuthCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export class AuthCache {
  readonly #entries = new Map<string, Entry>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  #generation = 0;
  #live = false;

  constructor(options: AuthCacheOptions = {}) {
    this.#ttlMs = options.ttlMs ?? 60_000;
    this.#maxEntries = options.maxEntries ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  /** The cached context of a session, when the token's user and token version still match it. */
  get(familyId: string, userId: bigint, tokenVersion: number): AuthContext | undefined {
    if (!this.#live) return undefined;
    const entry = this.#entries.get(familyId);
    if (!entry) return undefined;
    if (
      entry.expiresAt <= this.#now() ||
      entry.context.userId !== userId ||
      entry.tokenVersion !== tokenVersion
    ) {
      this.#entries.delete(familyId);
      return undefined;
    }
    return entry.context;
  }

  /** Taken before reading the database; `set` stores only if nothing was announced since. */
  generation(): number {
    return this.#generation;
  }

  set(generation: number, context: AuthContext, tokenVersion: number): void {
    if (!this.#live || generation !== this.#generation) return;
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(context.sessionFamilyId, {
      context: freeze(context),
      tokenVersion,
      expiresAt: this.#now() + this.#ttlMs,
    });
  }

  apply(change: string): void {
    this.#generation += 1;
    const id = change.slice(2);
    if (change.startsWith('f:')) {
      this.#entries.delete(id);
    } else if (change.startsWith('u:')) {
      for (const [family, entry] of this.#entries)
        if (String(entry.context.userId) === id) this.#entries.delete(family);
    } else if (change.startsWith('r:')) {
      for (const [family, entry] of this.#entries)
        if (String(entry.context.roleId) === id) this.#entries.delete(family);
    } else {
      this.#entries.clear();
    }
  }

  /** The change feed is up (serve and fill the cache) or down (forget everything, read the database every time). */
  setLive(live: boolean): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#live = live;
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** Cached contexts are shared by concurrent requests: nobody may change one. */
function freeze(context: AuthContext): AuthContext {
  Object.freeze(context.permissions);
  if (context.orgIds !== 'all') Object.freeze(context.orgIds);
  return Object.freeze(context);
}

/** Writes that can end or alter a session (what the triggers of migration 0019 announce)… */
const AUTH_WRITE =
  /^\s*(?:update\s+"?(?:users|roles|organisations)"?\s|delete\s+from\s+"?(?:users|roles|refresh_tokens|organisations)"?\s|insert\s+into\s+"?organisations"?\s)/i;
/** …a session revoked… */
const REVOKE = /^\s*update\s+"?refresh_tokens"?\s+set\s[^]*?"?revoked_at"?\s*=/i;
/** …but not the sign-in's own stamp, which changes nothing a session may do. */
const SIGN_IN_STAMP = /^\s*update\s+"?users"?\s+set\s+"?last_login_at"?\s*=\s*\$1\s+where/i;

/** Whether a statement this process runs may change an authentication context (auth-cache.ts, db/client.ts). */
export function isAuthWrite(text: string): boolean {
  return (AUTH_WRITE.test(text) && !SIGN_IN_STAMP.test(text)) || REVOKE.test(text);
}
