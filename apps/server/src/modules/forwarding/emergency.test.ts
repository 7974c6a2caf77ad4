/**
 * Emergency forwarding failures over real loopback TCP: every failed try is logged with organisation, IMEI, target
 * and reason and counted in prom-client; tries are repeated a bounded number of times off the frame handler (offer
 * returns at once); after the last one the item waits in forward_queue for the worker. A backend that comes up late
 * gets the bytes on a retry; idle() (shutdown) hands a waiting try to the queue at once.
 */
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ForwardTarget } from '@civicfleet/shared';
import { useTestApp } from '../../../test/helpers.ts';
import { rows } from '../../db/client.ts';
import type { IngestContext } from '../../gateway/ingest/pipeline.ts';
import { sqlClientOf } from '../../gateway/ingest/sql-client.ts';
import { eventually, INDORE, organisationId } from '../../gateway/testing/fleet.ts';
import { createMetrics, renderMetrics, type Metrics } from '../../observability/metrics.ts';
import { createEmergencyForwarder, type EmergencyForwarder } from './emergency.ts';
import type { CachedTarget, ForwardTargetCache } from './target-cache.ts';
import { closedPort, startTcpReceiver, type TcpReceiver } from './testing/receivers.ts';

const LOOPBACK_OK = { allowPrivateAddresses: true };
const IMEI = '867458047932167';
const FRAME = Buffer.from('$,EPB,istartracker,EMR,867458047932167,NM,14072020111520,A,22.678880,N', 'ascii');

interface LogLine {
  level: 'warn' | 'error';
  fields: Record<string, unknown>;
  msg: string;
}

describe('emergency forwarding failures', () => {
  const t = useTestApp();
  let indore: bigint;
  let receiver: TcpReceiver | null = null;
  let forwarder: EmergencyForwarder | null = null;

  beforeAll(async () => {
    indore = await organisationId(t.db, INDORE);
  });
  afterEach(async () => {
    await forwarder?.idle();
    await receiver?.close();
    receiver = null;
  });

  async function emergencyTarget(port: number): Promise<CachedTarget> {
    const res = await t.call('ADMIN', 'POST', '/v1/forwarding/targets', {
      name: `ERSS ${port}`,
      kind: 'emergency',
      host: '127.0.0.1',
      port,
      timeoutMs: 1000,
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data as ForwardTarget;
    return {
      id: BigInt(created.id),
      organisationId: indore,
      kind: 'emergency',
      sendPositions: false,
      sendAlerts: false,
      eventTypes: null,
      host: '127.0.0.1',
      port,
      timeoutMs: 1000,
    };
  }

  function start(target: CachedTarget, retryDelaysMs: number[], metrics: Metrics, log: LogLine[]) {
    const cache: ForwardTargetCache = {
      get: (id) => (id === indore ? [target] : []),
      load: async () => undefined,
      invalidate: () => undefined,
    };
    forwarder = createEmergencyForwarder({
      cache,
      addresses: LOOPBACK_OK,
      retryDelaysMs,
      metrics: metrics.forwarding,
      log: {
        warn: (fields, msg) => log.push({ level: 'warn', fields: fields as Record<string, unknown>, msg }),
        error: (fields, msg) => log.push({ level: 'error', fields: fields as Record<string, unknown>, msg }),
      },
    });
    const ctx = {
      message: { protocol: 'ais140', alarms: ['sos'] },
      organisationId: indore,
      state: { device: { imei: IMEI } },
      serverAt: new Date('2026-11-26T10:00:00Z'),
    } as unknown as IngestContext;
    const startedAt = performance.now();
    forwarder.offer(ctx, FRAME, sqlClientOf(t.database));
    return { forwarder, offerMs: performance.now() - startedAt };
  }

  const queueOf = (target: CachedTarget) =>
    rows<{ attempts: number; last_error: string | null; kind: string }>(
      t.db,
      sql`select attempts, last_error, kind from forward_queue where target_id = ${String(target.id)}`,
    );
  const failures = async (metrics: Metrics, outcome: string) => {
    const text = (await renderMetrics(metrics)).body;
    const line = text
      .split('\n')
      .find((l) => l.startsWith(`civicfleet_forwarding_emergency_failures_total{outcome="${outcome}"}`));
    return line ? Number(line.split(' ').pop()) : 0;
  };

  it('logs and counts every refused try, tries 3 times, then leaves the item to the worker queue', async () => {
    const target = await emergencyTarget(await closedPort());
    const metrics = createMetrics();
    const log: LogLine[] = [];
    const { offerMs } = start(target, [50, 100], metrics, log);
    // The frame handler does not wait for the backend.
    expect(log).toHaveLength(0);
    expect(offerMs).toBeLessThan(50);

    await eventually(async () => (await queueOf(target)).length > 0, 5000);
    expect(log.map((l) => l.level)).toEqual(['warn', 'warn', 'error']);
    for (const [i, line] of log.entries())
      expect(line.fields).toMatchObject({
        organisationId: String(indore),
        imei: IMEI,
        targetId: String(target.id),
        target: `127.0.0.1:${target.port}`,
        attempt: i + 1,
        reason: expect.stringContaining('ECONNREFUSED'),
      });
    expect(await failures(metrics, 'retrying')).toBe(2);
    expect(await failures(metrics, 'queued')).toBe(1);
    const queued = await queueOf(target);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ attempts: 1, kind: 'emergency' });
    expect(queued[0]?.last_error).toContain('ECONNREFUSED');
  });

  it('delivers on a retry to a backend that starts accepting late', async () => {
    const port = await closedPort();
    const target = await emergencyTarget(port);
    const metrics = createMetrics();
    const log: LogLine[] = [];
    start(target, [400, 400], metrics, log);
    await eventually(async () => log.length > 0, 3000);
    receiver = await startTcpReceiver(port);
    const arrived = await eventually(async () => receiver?.received[0], 5000);
    await eventually(async () => arrived.bytes.length >= FRAME.length, 1000);
    expect(arrived.bytes.equals(FRAME)).toBe(true);
    await forwarder?.idle();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ level: 'warn', fields: { attempt: 1, outcome: 'retrying' } });
    expect(await failures(metrics, 'retrying')).toBe(1);
    expect(await failures(metrics, 'queued')).toBe(0);
    expect(await queueOf(target)).toEqual([]);
    const [stats] = await rows<{ delivered: number }>(
      t.db,
      sql`select coalesce(sum(delivered), 0)::int as delivered from forward_delivery_stats
           where target_id = ${String(target.id)}`,
    );
    expect(stats?.delivered).toBe(1);
  });

  it('idle() (shutdown) does not wait out a retry delay: the item goes to the worker queue at once', async () => {
    const target = await emergencyTarget(await closedPort());
    const metrics = createMetrics();
    const log: LogLine[] = [];
    start(target, [60_000], metrics, log);
    await eventually(async () => log.length > 0, 3000);
    const startedAt = performance.now();
    await forwarder?.idle();
    expect(performance.now() - startedAt).toBeLessThan(2000);
    expect(await queueOf(target)).toHaveLength(1);
  });
});
