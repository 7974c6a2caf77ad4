/**
 * Proofs for docs/security.md that concern every route rather than one module: security headers (ASVS 14.4 via
 * helmet, relied on by 5.3.3 and 12.5.2), HTTP parameter pollution (5.1.1), prototype pollution in JSON bodies
 * (5.5.3) and path traversal through the file route (12.3.1).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { registerWeb } from './web.ts';

describe('security baseline of every answer', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('sends the security headers on API answers, errors included', async () => {
    for (const url of ['/v1/healthz', '/v1/no-such-route', '/v1/users']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
      });
    }
  });

  it('lets the console connect to its own host only (no sockets to any host)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/connect-src[^;]*(ws:|wss:|\*)/);
  });

  it('forbids caching of token answers (Cache-Control: no-store), errors included', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: 'admin@demo.civicfleet.in', password: 'Demo@12345' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/refresh-tokens',
      payload: { refreshToken: ok.json().data.token.refresh.token },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/refresh-tokens',
      payload: { refreshToken: 'x' },
    });
    expect(bad.headers['cache-control']).toBe('no-store');
  });

  it('answers a repeated query parameter with a clear 400, never a 500 (parameter pollution)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/users?search=a&search=b',
      headers: await t.auth('ADMIN'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors: { search: expect.any(String) } });
  });

  it('refuses __proto__ and constructor.prototype keys in JSON bodies', async () => {
    for (const payload of [
      '{"username":"a@b.in","password":"x","__proto__":{"isAdmin":true}}',
      '{"username":"a@b.in","password":"x","constructor":{"prototype":{"isAdmin":true}}}',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('never resolves a file path outside the store', async () => {
    const headers = await t.auth('SUPER_ADMIN');
    for (const url of [
      '/v1/file/rc/..%2F..%2F..%2Fetc%2Fpasswd',
      '/v1/file/..%2F..%2Fpackage.json/x',
      '/v1/file/rc/%2e%2e%2fsecret.jpg',
      '/v1/file/rc/0123456789abcdef0123456789abcdef.jpg%00.html',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});

describe('the console build directory (ASVS 4.3.2)', () => {
  it('serves the build but never dot-files or folders', async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'cf-web-dist-'));
    const app = Fastify();
    try {
      await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
      await writeFile(path.join(dist, '.env'), 'JWT_SECRET=leak');
      await mkdir(path.join(dist, '.git'));
      await writeFile(path.join(dist, '.git', 'config'), '[core]');
      await registerWeb(app, dist);
      expect((await app.inject({ method: 'GET', url: '/index.html' })).statusCode).toBe(200);
      for (const url of ['/.env', '/.git/config', '/%2e%2e/%2e%2e/etc/passwd']) {
        const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(res.body, url).not.toContain('leak');
        expect(res.body, url).not.toContain('[core]');
        // A 404, or the console's index.html (the client-side route fallback), never the file.
        expect(res.statusCode === 404 || res.body.includes('<title>console</title>'), url).toBe(true);
      }
    } finally {
      await app.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});
