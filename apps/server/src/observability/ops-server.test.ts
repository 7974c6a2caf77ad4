/** The ops listener of the gateway-only and worker-only processes, over real HTTP on loopback. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus, type Bus } from '../bus/bus.ts';
import { openTestDatabase, type TestDatabase } from '../../test/helpers.ts';
import { METRICS_TOKEN_REQUIRED } from './metrics-access.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import { startOpsServer, type OpsServer } from './ops-server.ts';
import { BUS_DOWN, DATABASE_DOWN } from './readiness.ts';

const TOKEN = 'ops-token-0123456789abcdef';

describe('ops server', () => {
  let testDb: TestDatabase;
  let metrics: Metrics;
  let ops: OpsServer;
  let tokenOps: OpsServer;
  let isBusUp = true;
  const inProcess = createInProcessBus();
  /** The in-process bus whose PING fails while isBusUp is false (a Redis outage). */
  const bus: Bus = {
    ...inProcess,
    ping: async () => {
      if (!isBusUp) throw new Error('connection refused');
    },
  };

  beforeAll(async () => {
    testDb = await openTestDatabase();
    metrics = createMetrics({ defaultMetrics: true });
    ops = await startOpsServer({ port: 0, host: '127.0.0.1', db: testDb.db, bus, metrics });
    tokenOps = await startOpsServer({
      port: 0,
      host: '127.0.0.1',
      db: testDb.db,
      bus,
      metrics,
      metricsToken: TOKEN,
    });
  });
  afterAll(async () => {
    await ops?.close();
    await tokenOps?.close();
    await testDb?.close();
  });

  const get = (server: OpsServer, path: string, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${server.port}${path}`, { headers });

  it('answers /healthz with the API envelope', async () => {
    const res = await get(ops, '/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, message: 'alive', data: { status: 'alive' } });
  });

  it('answers /readyz 200 while the database and bus answer, 503 naming the bus while PING fails', async () => {
    const ready = await get(ops, '/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ success: true, data: { status: 'ready' } });
    isBusUp = false;
    try {
      const down = await get(ops, '/readyz');
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ success: false, message: BUS_DOWN });
    } finally {
      isBusUp = true;
    }
    expect((await get(ops, '/readyz')).status).toBe(200);
  });

  it('serves the registry at /metrics, with the process metrics and job counters', async () => {
    metrics.jobs.jobDone('purge-expired-sessions', 'ok', 0.05);
    const res = await get(ops, '/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = await res.text();
    expect(body).toContain('civicfleet_process_resident_memory_bytes');
    expect(body).toContain('civicfleet_worker_job_runs_total{job="purge-expired-sessions",outcome="ok"} 1');
  });

  it('requires the Bearer token on /metrics when one is configured', async () => {
    const none = await get(tokenOps, '/metrics');
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ success: false, message: METRICS_TOKEN_REQUIRED });
    const ok = await get(tokenOps, '/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    const proxied = await get(ops, '/metrics', { 'x-forwarded-for': '198.51.100.4' });
    expect(proxied.status).toBe(403);
  });

  it('answers unknown paths 404 and other methods 405 in the envelope', async () => {
    const missing = await get(ops, '/v1/vehicles');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ success: false, message: 'Not found.' });
    const post = await fetch(`http://127.0.0.1:${ops.port}/healthz`, { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it('answers /readyz 503 naming the database once it is gone (last: closes it)', async () => {
    await testDb.database.close();
    const down = await get(ops, '/readyz');
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ success: false, message: DATABASE_DOWN });
  });
});
