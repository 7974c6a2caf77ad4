/**
 * The per-process authentication cache (auth-cache.ts): what it serves, and that every announced change — locally or
 * through the database's NOTIFY at COMMIT — ends what it affects, on both engines.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { rows } from '../../db/client.ts';
import type { AuthContext } from '../../http/types.ts';
import { AuthCache, isAuthWrite } from './auth-cache.ts';

const context = (family: string, userId = 1n, roleId = 10n): AuthContext => ({
  userId,
  roleId,
  roleName: 'ADMIN',
  organisationId: 5n,
  permissions: ['vehicle.read'],
  orgIds: [5n, 6n],
  email: 'a@example.com',
  phone: null,
  sessionFamilyId: family,
  mustChangePassword: false,
  mfaEnabled: false,
});

describe('AuthCache', () => {
  it('serves nothing until its change feed is live, and forgets everything when the feed drops', () => {
    const cache = new AuthCache();
    cache.set(cache.generation(), context('f1'), 0);
    expect(cache.get('f1', 1n, 0)).toBeUndefined();
    cache.setLive(true);
    cache.set(cache.generation(), context('f1'), 0);
    expect(cache.get('f1', 1n, 0)?.sessionFamilyId).toBe('f1');
    cache.setLive(false);
    expect(cache.get('f1', 1n, 0)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('matches the token: another user or another token version is a miss (and drops the entry)', () => {
    const cache = new AuthCache();
    cache.setLive(true);
    cache.set(cache.generation(), context('f1'), 3);
    expect(cache.get('f1', 2n, 3)).toBeUndefined();
    cache.set(cache.generation(), context('f1'), 3);
    expect(cache.get('f1', 1n, 4)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops what a change affects: a session, a user, a role, or everything', () => {
    const cache = new AuthCache();
    cache.setLive(true);
    const fill = () => {
      for (const [family, user, role] of [
        ['a', 1n, 10n],
        ['b', 1n, 10n],
        ['c', 2n, 10n],
        ['d', 3n, 11n],
      ] as const)
        cache.set(cache.generation(), context(family, user, role), 0);
    };
    fill();
    cache.apply('f:a');
    expect(
      [...'abcd'].map((f) => cache.get(f, f === 'c' ? 2n : f === 'd' ? 3n : 1n, 0) !== undefined),
    ).toEqual([false, true, true, true]);
    cache.apply('u:1');
    expect(cache.get('b', 1n, 0)).toBeUndefined();
    expect(cache.get('c', 2n, 0)).toBeDefined();
    cache.apply('r:10');
    expect(cache.get('c', 2n, 0)).toBeUndefined();
    expect(cache.get('d', 3n, 0)).toBeDefined();
    cache.apply('*');
    expect(cache.size).toBe(0);
    fill();
    expect(cache.size).toBe(4);
  });

  it('does not store a context read while a change was announced (it may predate the change)', () => {
    const cache = new AuthCache();
    cache.setLive(true);
    const before = cache.generation();
    cache.apply('u:99');
    cache.set(before, context('f1'), 0);
    expect(cache.get('f1', 1n, 0)).toBeUndefined();
  });

  it('expires entries after its time to live and keeps at most maxEntries (oldest out)', () => {
    let now = 1_000;
    const cache = new AuthCache({ ttlMs: 100, maxEntries: 2, now: () => now });
    cache.setLive(true);
    cache.set(cache.generation(), context('a'), 0);
    cache.set(cache.generation(), context('b'), 0);
    cache.set(cache.generation(), context('c'), 0);
    expect(cache.get('a', 1n, 0)).toBeUndefined();
    expect(cache.get('c', 1n, 0)).toBeDefined();
    now += 100;
    expect(cache.get('c', 1n, 0)).toBeUndefined();
  });

  it('hands out frozen contexts: a request cannot change what the next one sees', () => {
    const cache = new AuthCache();
    cache.setLive(true);
    cache.set(cache.generation(), context('f1'), 0);
    const cached = cache.get('f1', 1n, 0);
    expect(Object.isFrozen(cached)).toBe(true);
    expect(() => (cached?.orgIds as bigint[]).push(7n)).toThrow(TypeError);
  });
});

describe('isAuthWrite (PostgreSQL: this process clears its cache when its own write completes)', () => {
  it('sees the writes that can end or alter a session, as drizzle and plain SQL write them', () => {
    for (const text of [
      'update "users" set "is_enabled" = $1 where "users"."id" = $2',
      'update "users" set "password_hash" = $1, "token_version" = "users"."token_version" + 1 where "users"."id" = $2',
      'UPDATE users SET is_enabled = false WHERE id = 5',
      'update "roles" set "auth_scopes" = $1 where "roles"."id" = $2 returning "id"',
      'delete from "roles" where "roles"."id" = $1',
      'insert into "organisations" ("id", "parent_id") values (default, $1) returning "id"',
      'update "organisations" set "deleted" = $1 where "organisations"."id" = $2',
      'update "refresh_tokens" set "revoked_at" = $1 where ("refresh_tokens"."family_id" = $2 and "refresh_tokens"."revoked_at" is null)',
      'UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1',
    ])
      expect(isAuthWrite(text), text).toBe(true);
  });

  it('ignores what cannot: reads, a refresh (used_at, new token), the sign-in stamp, other tables', () => {
    for (const text of [
      'select "id" from "users" where "users"."id" = $1',
      'update "refresh_tokens" set "used_at" = $1 where ("refresh_tokens"."id" = $2 and "refresh_tokens"."used_at" is null and "refresh_tokens"."revoked_at" is null) returning "id"',
      'insert into "refresh_tokens" ("user_id", "family_id") values ($1, $2)',
      'update "users" set "last_login_at" = $1 where "users"."id" = $2',
      'update "vehicles" set "deleted" = $1 where "vehicles"."id" = $2',
      'update "users_audit" set "x" = 1',
    ])
      expect(isAuthWrite(text), text).toBe(false);
  });
});

describe('authentication cache over the database (NOTIFY cf_auth at COMMIT)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const familyOf = (token: string): string =>
    (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { fam: string }).fam;
  const me = (id: string, token: string) =>
    t.app.inject({
      method: 'GET',
      url: `/v1/auth/logged-in-user/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
  /** NOTIFY reaches PostgreSQL listeners on their own connection, a moment after COMMIT. */
  async function statusSoon(id: string, token: string, expected: number): Promise<number> {
    let status = 0;
    for (let i = 0; i < 100; i += 1) {
      status = (await me(id, token)).statusCode;
      if (status === expected) return status;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return status;
  }

  it('serves a session from the cache until the database announces its end', async () => {
    const session = await t.signIn('RFC');
    const token = session.token.access.token;
    const family = familyOf(token);
    expect((await me(session.user.id, token)).statusCode).toBe(200);
    // Revoked behind the cache's back (trigger off; a CTE, which this process's write check does not look into): the
    // cached context is still served — proof it is cached.
    await t.db.execute(sql`ALTER TABLE refresh_tokens DISABLE TRIGGER refresh_tokens_auth_change`);
    try {
      await t.db.execute(
        sql`WITH revoked AS (UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = ${family} RETURNING 1) SELECT count(*) FROM revoked`,
      );
    } finally {
      await t.db.execute(sql`ALTER TABLE refresh_tokens ENABLE TRIGGER refresh_tokens_auth_change`);
    }
    expect((await me(session.user.id, token)).statusCode).toBe(200);
    await t.db.execute(sql`SELECT pg_notify('cf_auth', ${`f:${family}`})`);
    expect(await statusSoon(session.user.id, token, 401)).toBe(401);
  });

  it('a change written by anyone else (another process, plain SQL) reaches the cache through the trigger', async () => {
    const session = await t.signIn('FITTER');
    const token = session.token.access.token;
    expect((await me(session.user.id, token)).statusCode).toBe(200);
    await t.db.execute(sql`UPDATE users SET is_enabled = false WHERE id = ${BigInt(session.user.id)}`);
    expect(await statusSoon(session.user.id, token, 401)).toBe(401);
    await t.db.execute(sql`UPDATE users SET is_enabled = true WHERE id = ${BigInt(session.user.id)}`);
    expect(await statusSoon(session.user.id, token, 200)).toBe(200);
  });

  it('a role losing a permission is refused at once (role trigger), and gets it back the same way', async () => {
    const session = await t.signIn('ADMIN');
    const token = session.token.access.token;
    const list = () =>
      t.app.inject({
        method: 'GET',
        url: '/v1/vehicle?page=1&pageSize=10&sortOrder=asc',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await list()).statusCode).toBe(200);
    const [role] = await rows<{ id: string; scopes: unknown }>(
      t.db,
      sql`SELECT r.id::text AS id, r.auth_scopes AS scopes FROM roles r JOIN users u ON u.role_id = r.id
          WHERE u.id = ${BigInt(session.user.id)}`,
    );
    expect(role).toBeDefined();
    await t.db.execute(sql`UPDATE roles SET auth_scopes = '{}'::jsonb WHERE id = ${BigInt(role?.id ?? 0)}`);
    try {
      let status = 0;
      for (let i = 0; i < 100 && status !== 403; i += 1) {
        status = (await list()).statusCode;
        if (status !== 403) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(status).toBe(403);
    } finally {
      await t.db.execute(
        sql`UPDATE roles SET auth_scopes = ${JSON.stringify(role?.scopes)}::jsonb WHERE id = ${BigInt(role?.id ?? 0)}`,
      );
    }
    expect(await statusSoon(session.user.id, token, 200)).toBe(200);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'PostgreSQL: while the LISTEN connection is down nothing is served from the cache, and it comes back',
    async () => {
      const session = await t.signIn('RFC');
      const token = session.token.access.token;
      expect((await me(session.user.id, token)).statusCode).toBe(200);
      await t.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
      );
      // Revoked without any announcement while (or just after) the feed is down: never served from a stale cache.
      await t.db.execute(sql`ALTER TABLE refresh_tokens DISABLE TRIGGER refresh_tokens_auth_change`);
      try {
        await t.db.execute(
          sql`WITH revoked AS (UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = ${familyOf(token)} RETURNING 1) SELECT count(*) FROM revoked`,
        );
      } finally {
        await t.db.execute(sql`ALTER TABLE refresh_tokens ENABLE TRIGGER refresh_tokens_auth_change`);
      }
      expect(await statusSoon(session.user.id, token, 401)).toBe(401);
      // The listener reconnects (1 s) and caching resumes for a new session.
      const again = await t.signIn('RFC');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const [listening] = await rows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'`,
      );
      expect(listening?.n).toBe(1);
      expect((await me(again.user.id, again.token.access.token)).statusCode).toBe(200);
    },
  );
});
