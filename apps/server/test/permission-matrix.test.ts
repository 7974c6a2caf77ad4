/**
 * Every registered /v1 route × every demo role: the answer must match the route's declared permission
 * (docs/conventions.md "Permissions"), computed with hasPermission() from @civicfleet/shared.
 *
 * - deny  = 403 with the error envelope and the standard message;
 * - allow = anything but 401/403 (and never a 500); public routes never answer 401, not even without a token.
 *
 * Routes come from app.routeCatalogue, so a route added by a later issue is checked without touching this file. The
 * permission is enforced in onRequest, before validation, so the matrix can send bodies that fail validation (an
 * allowed caller gets 400) and ids that do not exist on mutating routes (404): nothing is ever changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, ROLE_NAMES, hasPermission, isSuperAdmin, type LoginResult } from '@civicfleet/shared';
import { buildApi } from '../src/app.ts';
import { loadBrand } from '../src/config/brand.ts';
import { adminDivisions } from '../src/db/schema/index.ts';
import type { ApiModule, RouteCatalogueEntry, RoutePermission } from '../src/http/types.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';

const BHOPAL = 'admin.bhopal@demo.civicfleet.in';
const CALLERS: string[] = [...ROLE_NAMES, BHOPAL];
/** An id no seeded row has: used on mutating routes so that an allowed call cannot change anything. */
const MISSING_ID = '987654321';

/** A route of a "future" module: it must show up in the matrix without any change here. */
const PROBE_URL = '/v1/matrix-probe/:id';
const probeModule: ApiModule = {
  name: 'matrix-probe',
  register(app) {
    app.get(
      '/matrix-probe/:id',
      { config: { permission: { module: 'vehicle', action: 'add-vehicle' } } },
      async () => ({ success: true, message: 'probe', data: null }),
    );
  },
};

interface Caller {
  who: string;
  session: LoginResult;
  headers: { authorization: string };
}

function isAllowed(permission: RoutePermission, session: LoginResult): boolean {
  if ('public' in permission || 'authenticated' in permission) return true;
  const role = session.user.role.name;
  if ('superAdminOnly' in permission) return isSuperAdmin(role);
  return hasPermission(role, session.user.permissions, permission.module, permission.action);
}

const isMutating = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

describe('permission matrix', () => {
  let t: TestApp;
  let divisionId: string;
  const callers: Caller[] = [];

  /** Path params: the caller's own records on reads (a 404 is fine too), a missing id on writes. */
  function urlFor(entry: RouteCatalogueEntry, caller: Caller): string {
    const { user } = caller.session;
    const resource = entry.url.split('/')[2] ?? '';
    const own: Record<string, string> = {
      organisation: user.organisation.id,
      users: user.id,
      roles: user.role.id,
      auth: user.id,
      'admin-divisions': divisionId,
    };
    return entry.url
      .replace(/:[A-Za-z_]+/g, () => (isMutating(entry.method) ? MISSING_ID : (own[resource] ?? MISSING_ID)))
      .replace(/\*$/, 'x');
  }

  async function send(entry: RouteCatalogueEntry, url: string, headers: Record<string, string>) {
    // An array never satisfies an object body schema: allowed callers get 400, before any handler runs.
    const body = isMutating(entry.method) && entry.method !== 'DELETE' ? { payload: [] as unknown[] } : {};
    return t.app.inject({ method: entry.method as 'GET', url, headers, ...body });
  }

  beforeAll(async () => {
    t = await createTestApp({ extraModules: [probeModule] });
    for (const who of CALLERS) {
      const session = await t.signIn(who);
      const headers = { authorization: `Bearer ${session.token.access.token}` };
      // Routes declared `config.stepUp` want a recent password confirmation after the permission check; with it
      // they answer like any other route here (step-up.routes.test.ts covers the confirmation itself).
      const stepUp = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/step-up',
        headers,
        payload: { password: DEMO_PASSWORD },
      });
      if (stepUp.statusCode !== 200) throw new Error(`step-up ${who}: ${stepUp.statusCode} ${stepUp.body}`);
      callers.push({ who, session, headers });
    }
    const [division] = await t.db.select({ id: adminDivisions.id }).from(adminDivisions).limit(1);
    divisionId = String(division?.id ?? MISSING_ID);
  });
  afterAll(async () => t?.close());

  it('has a declared permission on every route, including routes of later modules', () => {
    const routes = t.app.routeCatalogue;
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /v1/organisation',
        'DELETE /v1/organisation/:id',
        'PUT /v1/organisation/settings/:id',
        'GET /v1/organisation/device-network-settings/:id',
        'PUT /v1/organisation/device-network-settings/:id',
        'GET /v1/users',
        'POST /v1/users/rfcAdmin',
        'PUT /v1/users/:id/password',
        'GET /v1/roles',
        'GET /v1/admin-divisions/:id',
        'GET /v1/search',
        'GET /v1/check-port',
        'POST /v1/auth/login',
        `GET ${PROBE_URL}`,
      ]),
    );
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of routes) {
      const p = route.permission;
      const valid =
        'public' in p || 'authenticated' in p || 'superAdminOnly' in p || typeof p.module === 'string';
      expect(valid, `${route.method} ${route.url}`).toBe(true);
    }
  });

  it('refuses to build an app with an undeclared route', async () => {
    const undeclared: ApiModule = {
      name: 'undeclared',
      register(app) {
        app.get('/matrix-undeclared', async () => ({ success: true, message: 'x', data: null }));
      },
    };
    const deps = { db: t.db, env: t.env, brand: loadBrand(t.env.brand), mailer: t.mailer };
    await expect(buildApi(deps, { logger: false, extraModules: [undeclared] })).rejects.toThrow(
      /GET \/v1\/matrix-undeclared has no valid config.permission declaration/,
    );
  });

  it('answers anonymous callers 401 except on public routes', async () => {
    const mismatches: string[] = [];
    for (const entry of t.app.routeCatalogue) {
      const res = await send(entry, entry.url.replace(/:[A-Za-z_]+/g, MISSING_ID), {});
      const isPublic = 'public' in entry.permission;
      if (
        isPublic
          ? res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500
          : res.statusCode !== 401
      ) {
        mismatches.push(`${entry.method} ${entry.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it.each(CALLERS)('matches the declared permissions for %s', async (who) => {
    const caller = callers.find((c) => c.who === who);
    if (!caller) throw new Error(`no session for ${who}`);
    const mismatches: string[] = [];
    let allowed = 0;
    for (const entry of t.app.routeCatalogue) {
      const url = urlFor(entry, caller);
      const res = await send(entry, url, caller.headers);
      const label = `${entry.method} ${url} (${JSON.stringify(entry.permission)})`;
      if (isAllowed(entry.permission, caller.session)) {
        allowed++;
        if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) {
          mismatches.push(`expected allow, got ${res.statusCode} ${res.body.slice(0, 120)}: ${label}`);
        }
      } else if (res.statusCode !== 403) {
        mismatches.push(`expected 403, got ${res.statusCode}: ${label}`);
      } else if (res.body !== JSON.stringify({ success: false, message: AUTH_MESSAGES.forbidden })) {
        mismatches.push(`403 without the standard envelope (${res.body}): ${label}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(allowed).toBeGreaterThan(0);
  });
});
