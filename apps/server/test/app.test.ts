import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AUTH_MESSAGES } from '@civicfleet/shared';
import { buildApi } from '../src/app.ts';
import { loadBrand } from '../src/config/brand.ts';
import { ConflictError } from '../src/http/errors.ts';
import type { ApiModule } from '../src/http/types.ts';
import { createOutboxMailer } from '../src/mail/outbox-mailer.ts';
import { createTestApp, openTestDatabase, testEnv, type TestApp } from './helpers.ts';

/** Routes that exercise the http layer: permissions, typed errors, unexpected errors. */
const probe: ApiModule = {
  name: 'probe',
  register(app) {
    app.get(
      '/probe/vehicle-add',
      { config: { permission: { module: 'vehicle', action: 'add-vehicle' } } },
      async (request) => ({
        success: true,
        message: 'ok',
        data: {
          user: String(request.auth.userId),
          orgIds: request.auth.orgIds === 'all' ? 'all' : request.auth.orgIds.length,
        },
      }),
    );
    app.get('/probe/conflict', { config: { permission: { public: true } } }, async () => {
      throw new ConflictError('That name is taken.', { name: 'That name is taken.' });
    });
    app.get('/probe/boom', { config: { permission: { public: true } } }, async () => {
      throw new Error('database exploded with secrets');
    });
    app.get(
      '/probe/query',
      {
        config: { permission: { public: true } },
        schema: { querystring: z.object({ n: z.coerce.number().int().max(5, 'At most 5') }) },
      },
      async (request) => ({ success: true, message: 'ok', data: request.query.n }),
    );
  },
};

describe('http layer', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'cf-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>CivicFleet</title>');
    writeFileSync(path.join(webDist, 'app.js'), 'console.log(1)');
    t = await createTestApp({ env: { webDist }, extraModules: [probe] });
  });
  afterAll(async () => t?.close());

  it('sends the security headers', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: {} });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "img-src 'self' data: blob: https:",
      "style-src 'self' 'unsafe-inline'",
      "worker-src 'self' blob:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    // Sockets only to this origin ('self' covers ws:/wss: of the same host), never to any host (issue 20 #7).
    expect(csp).not.toMatch(/connect-src[^;]*\b(ws|wss):/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown /v1 paths with the 404 envelope', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/v1/no/such/thing', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Not found.' });
    }
  });

  it('serves the console and falls back to index.html for client routes', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/app.js' })).body).toBe('console.log(1)');
    const spa = await t.app.inject({
      method: 'GET',
      url: '/management/vehicle/edit/4',
      headers: { accept: 'text/html' },
    });
    expect(spa.statusCode).toBe(200);
    expect(spa.body).toContain('<title>CivicFleet</title>');
    expect((await t.app.inject({ method: 'GET', url: '/missing.png' })).statusCode).toBe(404);
  });

  it('enforces module permissions and fills request.auth', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/probe/vehicle-add' })).statusCode).toBe(401);
    const denied = await t.app.inject({
      method: 'GET',
      url: '/v1/probe/vehicle-add',
      headers: await t.auth('FITTER'),
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(AUTH_MESSAGES.forbidden);
    const rfcAdmin = await t.app.inject({
      method: 'GET',
      url: '/v1/probe/vehicle-add',
      headers: await t.auth('RFC_ADMIN'),
    });
    expect(rfcAdmin.statusCode).toBe(200);
    // Malwa Auto Electricals sees itself and Indore below it.
    expect(rfcAdmin.json().data.orgIds).toBe(2);
    const superAdmin = await t.app.inject({
      method: 'GET',
      url: '/v1/probe/vehicle-add',
      headers: await t.auth('SUPER_ADMIN'),
    });
    expect(superAdmin.json().data.orgIds).toBe('all');
  });

  it('maps typed errors, validation errors and unexpected errors to the envelope', async () => {
    const conflict = await t.app.inject({ method: 'GET', url: '/v1/probe/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({
      success: false,
      message: 'That name is taken.',
      errors: { name: 'That name is taken.' },
    });
    const boom = await t.app.inject({ method: 'GET', url: '/v1/probe/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({
      success: false,
      message: 'Encountered a server error.',
      requestId: boom.headers['x-request-id'],
    });
    const query = await t.app.inject({ method: 'GET', url: '/v1/probe/query?n=9' });
    expect(query.json()).toEqual({ success: false, message: 'At most 5', errors: { n: 'At most 5' } });
  });

  it('lists every /v1 route with its permission in app.routeCatalogue', () => {
    const find = (method: string, url: string) =>
      t.app.routeCatalogue.find((r) => r.method === method && r.url === url);
    expect(find('POST', '/v1/auth/login')?.permission).toEqual({ public: true });
    expect(find('POST', '/v1/auth/change-password')?.permission).toEqual({ authenticated: true });
    expect(find('GET', '/v1/outbox')?.permission).toEqual({ superAdminOnly: true });
    expect(find('GET', '/v1/probe/vehicle-add')?.permission).toEqual({
      module: 'vehicle',
      action: 'add-vehicle',
    });
    expect(t.app.routeCatalogue.every((r) => r.url.startsWith('/v1/') && !r.url.startsWith('/v1/docs'))).toBe(
      true,
    );
    expect(t.app.routeCatalogue.some((r) => r.method === 'HEAD')).toBe(false);
  });

  it('publishes OpenAPI at /v1/docs without sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths).toHaveProperty('/v1/auth/login');
    expect((await t.app.inject({ method: 'GET', url: '/v1/docs/' })).statusCode).toBe(200);
  });
});

describe('buildApi', () => {
  it('refuses a route without a permission declaration', async () => {
    const testDb = await openTestDatabase();
    const env = testEnv();
    const undeclared: ApiModule = {
      name: 'undeclared',
      register(app) {
        app.get('/oops', async () => ({ success: true, message: 'ok', data: null }));
      },
    };
    try {
      await expect(
        buildApi(
          {
            db: testDb.db,
            env,
            brand: loadBrand('civicfleet'),
            mailer: createOutboxMailer({ db: testDb.db, from: env.mailFrom }),
          },
          { logger: false, extraModules: [undeclared] },
        ),
      ).rejects.toThrow(/GET \/v1\/oops has no valid config.permission/);
    } finally {
      await testDb.close();
    }
  });

  it('explains how to build the console when WEB_DIST is missing', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build:web');
    } finally {
      await t.close();
    }
  });
});
