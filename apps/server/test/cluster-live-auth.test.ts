/**
 * /v1/live across API processes (issue 20, finding 1): two real API processes on one PostgreSQL and one Redis. A
 * sign-out through API 1 closes the socket the same session holds on API 2 within 5 s, and a role change made through
 * API 1 closes the socket of that user on API 2 — every process hears the database's cf_auth NOTIFY
 * (http/auth-changes.ts), nobody waits for the 60 s re-check. PostgreSQL only (TEST_DATABASE_URL); needs redis-server.
 */
import { LIVE_CLOSE, type LoginResult } from '@civicfleet/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { openPostgres, type Database } from '../src/db/client.ts';
import { roles, users } from '../src/db/schema/index.ts';
import { demoAccount, DEMO_PASSWORD } from '../src/db/seed/demo-accounts.ts';
import { eventually } from '../src/gateway/testing/fleet.ts';
import { startCluster, type Cluster } from './cluster.ts';
import { startRedisServer, type TestRedis } from './redis-server.ts';
import { adminQuery, databaseUrlFor, randomDbName } from './template.ts';

const WITHIN_MS = 5_000;

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  '/v1/live on two API processes: sign-out and role change',
  () => {
    const serverUrl = process.env.TEST_DATABASE_URL ? inject('postgresServerUrl') : '';
    const databaseName = randomDbName('cf_live_auth');
    let redis: TestRedis | undefined;
    let cluster: Cluster | undefined;
    let database: Database | undefined;
    const sockets: WebSocket[] = [];

    const apiUrl = (i: number) => {
      const found = cluster?.apis[i];
      if (!found) throw new Error(`no API process ${i + 1}`);
      return found.url;
    };

    async function signIn(apiIndex: number, email: string): Promise<LoginResult> {
      const res = await fetch(`${apiUrl(apiIndex)}/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: email, password: DEMO_PASSWORD }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: LoginResult }).data;
    }

    /** A socket on API `apiIndex`, signed in with `token`; resolves once the snapshot came. */
    async function openFeed(apiIndex: number, token: string) {
      const socket = new WebSocket(`${apiUrl(apiIndex).replace('http', 'ws')}/v1/live`);
      sockets.push(socket);
      let snapshot = false;
      const closed = new Promise<{ code: number; atMs: number }>((resolve) =>
        socket.once('close', (code) => resolve({ code, atMs: performance.now() })),
      );
      socket.on('message', (data) => {
        if ((JSON.parse(String(data)) as { type?: unknown }).type === 'snapshot') snapshot = true;
      });
      socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
      await eventually(async () => snapshot, 10_000);
      return { closed };
    }

    beforeAll(async () => {
      await adminQuery(serverUrl, `create database ${databaseName}`);
      const databaseUrl = databaseUrlFor(serverUrl, databaseName);
      redis = await startRedisServer();
      cluster = await startCluster({ databaseUrl, redisUrl: redis.url, apis: 2, gateways: 0, workers: 0 });
      database = openPostgres(databaseUrl, 2);
    }, 240_000);

    afterAll(async () => {
      for (const socket of sockets) socket.terminate();
      await cluster?.stop();
      await database?.close();
      await redis?.stop();
      await adminQuery(serverUrl, `drop database if exists ${databaseName} with (force)`);
    }, 60_000);

    it('a sign-out through API 1 closes the session’s socket on API 2 (4401) within 5 s', async () => {
      const session = await signIn(0, demoAccount('ADMIN').email);
      const feed = await openFeed(1, session.token.access.token);
      const startMs = performance.now();
      const res = await fetch(`${apiUrl(0)}/v1/auth/logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken: session.token.refresh.token }),
      });
      expect(res.status).toBe(200);
      const closed = await feed.closed;
      console.log(
        `cluster: logout on API 1 → socket on API 2 closed in ${(closed.atMs - startMs).toFixed(0)} ms`,
      );
      expect(closed.code).toBe(LIVE_CLOSE.unauthorised);
      expect(closed.atMs - startMs).toBeLessThan(WITHIN_MS);
    });

    it('a role change made through API 1 closes the user’s socket on API 2 (4403) within 5 s', async () => {
      if (!database) throw new Error('no database');
      const limited = await signIn(1, demoAccount('LIMITED_USER').email);
      const feed = await openFeed(1, limited.token.access.token);
      const [inventoryRole] = await database.db
        .select({ id: roles.id })
        .from(roles)
        .where(eq(roles.name, 'INVENTORY_MANAGER'));
      const [user] = await database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, demoAccount('LIMITED_USER').email));
      if (!inventoryRole || !user) throw new Error('demo role or user missing');
      const admin = await signIn(0, demoAccount('ADMIN').email);
      const startMs = performance.now();
      const res = await fetch(`${apiUrl(0)}/v1/users/${user.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token.access.token}` },
        body: JSON.stringify({ roleId: String(inventoryRole.id) }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const closed = await feed.closed;
      console.log(
        `cluster: role change on API 1 → socket on API 2 closed in ${(closed.atMs - startMs).toFixed(0)} ms`,
      );
      expect(closed.code).toBe(LIVE_CLOSE.forbidden);
      expect(closed.atMs - startMs).toBeLessThan(WITHIN_MS);
    });
  },
);
