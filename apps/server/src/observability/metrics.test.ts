import { describe, expect, it } from 'vitest';
import { checkMetricsAccess, isLoopback } from './metrics-access.ts';
import { createMetrics, instrumentJobs, NO_METRICS, renderMetrics } from './metrics.ts';
import { requestIdOf } from './request-observability.ts';
import type { IncomingMessage } from 'node:http';

/** The value of one series in the text exposition (`name{labels} value`), or undefined. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('createMetrics', () => {
  it('keeps a private registry per call: two instances do not share values', async () => {
    const a = createMetrics();
    const b = createMetrics();
    a.gateway.packetReceived('gt06', 'position');
    a.gateway.packetReceived('gt06', 'position');
    const textA = (await renderMetrics(a)).body;
    const textB = (await renderMetrics(b)).body;
    expect(valueOf(textA, 'civicfleet_gateway_packets_received_total{protocol="gt06",kind="position"}')).toBe(
      2,
    );
    expect(textB).not.toContain('kind="position"');
  });

  it('records gateway, ingest, live, HTTP and job metrics under the civicfleet_ prefix', async () => {
    const m = createMetrics();
    m.gateway.connectionOpened('teltonika');
    m.gateway.connectionOpened('teltonika');
    m.gateway.connectionClosed('teltonika');
    m.gateway.decodeError('ais140');
    m.gateway.checksumMismatch('ais140');
    m.gateway.unknownDevicePacket('gt06');
    m.gateway.ackSent('gt06');
    m.ingest.batchCommitted({
      durationMs: 40,
      rows: 6,
      positions: 3,
      receivedAtMs: [1_000, 1_500, 1_990],
      committedAtMs: 2_000,
    });
    m.ingest.batchFailed();
    m.live.clientOpened();
    m.live.deltaSent();
    m.http.requestDone('GET', '/v1/vehicles/:id', 200, 0.012);
    m.jobs.jobDone('purge-expired-sessions', 'ok', 0.2);
    const { body, contentType } = await renderMetrics(m);
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(valueOf(body, 'civicfleet_gateway_connections{protocol="teltonika"}')).toBe(1);
    expect(valueOf(body, 'civicfleet_gateway_decode_errors_total{protocol="ais140"}')).toBe(1);
    expect(valueOf(body, 'civicfleet_gateway_checksum_mismatches_total{protocol="ais140"}')).toBe(1);
    expect(valueOf(body, 'civicfleet_gateway_unknown_device_packets_total{protocol="gt06"}')).toBe(1);
    expect(valueOf(body, 'civicfleet_gateway_acks_sent_total{protocol="gt06"}')).toBe(1);
    expect(valueOf(body, 'civicfleet_ingest_positions_committed_total')).toBe(3);
    expect(valueOf(body, 'civicfleet_ingest_batch_failures_total')).toBe(1);
    expect(valueOf(body, 'civicfleet_ingest_batch_flush_seconds_sum')).toBeCloseTo(0.04);
    expect(valueOf(body, 'civicfleet_ingest_batch_rows_sum')).toBe(6);
    // Lag per packet: 1 s, 0.5 s, 0.01 s.
    expect(valueOf(body, 'civicfleet_ingest_lag_seconds_count')).toBe(3);
    expect(valueOf(body, 'civicfleet_ingest_lag_seconds_sum')).toBeCloseTo(1.51);
    expect(valueOf(body, 'civicfleet_ingest_lag_seconds_bucket{le="0.5"}')).toBe(2);
    expect(valueOf(body, 'civicfleet_live_clients')).toBe(1);
    expect(valueOf(body, 'civicfleet_live_deltas_sent_total')).toBe(1);
    expect(
      valueOf(
        body,
        'civicfleet_http_request_duration_seconds_count{method="GET",route="/v1/vehicles/:id",status_code="200"}',
      ),
    ).toBe(1);
    expect(valueOf(body, 'civicfleet_worker_job_runs_total{job="purge-expired-sessions",outcome="ok"}')).toBe(
      1,
    );
  });

  it('adds the process metrics only when asked', async () => {
    const withDefaults = (await renderMetrics(createMetrics({ defaultMetrics: true }))).body;
    expect(withDefaults).toContain('civicfleet_process_cpu_seconds_total');
    expect(withDefaults).toContain('civicfleet_nodejs_eventloop_lag_seconds');
    expect((await renderMetrics(createMetrics())).body).not.toContain('civicfleet_process_cpu');
  });

  it('NO_METRICS accepts every call and renders nothing', async () => {
    NO_METRICS.gateway.packetReceived('gt06', 'login');
    NO_METRICS.ingest.batchCommitted({
      durationMs: 1,
      rows: 1,
      positions: 1,
      receivedAtMs: [0],
      committedAtMs: 1,
    });
    expect((await renderMetrics(NO_METRICS)).body.trim()).toBe('');
  });
});

describe('instrumentJobs', () => {
  it('counts runs by outcome and keeps the summary and the error', async () => {
    const m = createMetrics();
    const [ok, failing] = instrumentJobs(
      [
        { name: 'ok-job', intervalMs: 1000, run: async () => 'done 3' },
        {
          name: 'bad-job',
          intervalMs: 1000,
          run: async () => {
            throw new Error('boom');
          },
        },
      ],
      m.jobs,
    );
    await expect(ok?.run()).resolves.toBe('done 3');
    await expect(failing?.run()).rejects.toThrow('boom');
    expect(ok?.intervalMs).toBe(1000);
    const { body } = await renderMetrics(m);
    expect(valueOf(body, 'civicfleet_worker_job_runs_total{job="ok-job",outcome="ok"}')).toBe(1);
    expect(valueOf(body, 'civicfleet_worker_job_runs_total{job="bad-job",outcome="failed"}')).toBe(1);
  });
});

describe('checkMetricsAccess', () => {
  const token = 'a-long-metrics-token-0123456789';
  it('with a token: only the right Bearer token passes, from anywhere', () => {
    const from = (authorization?: string) =>
      checkMetricsAccess(
        { remoteAddress: '10.1.2.3', headers: authorization ? { authorization } : {} },
        token,
      );
    expect(from(`Bearer ${token}`)).toBeNull();
    expect(from(`bearer ${token}`)).toBeNull();
    expect(from('Bearer wrong')?.statusCode).toBe(401);
    expect(from()?.statusCode).toBe(401);
    expect(from(token)?.statusCode).toBe(401);
  });

  it('without a token: loopback peers only, and not through a proxy', () => {
    expect(checkMetricsAccess({ remoteAddress: '127.0.0.1', headers: {} }, undefined)).toBeNull();
    expect(checkMetricsAccess({ remoteAddress: '::ffff:127.0.0.1', headers: {} }, undefined)).toBeNull();
    expect(checkMetricsAccess({ remoteAddress: '::1', headers: {} }, undefined)).toBeNull();
    expect(checkMetricsAccess({ remoteAddress: '192.168.1.9', headers: {} }, undefined)?.statusCode).toBe(
      403,
    );
    expect(
      checkMetricsAccess(
        { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } },
        undefined,
      )?.statusCode,
    ).toBe(403);
    expect(isLoopback(undefined)).toBe(false);
    expect(isLoopback('127.0.0.1.evil')).toBe(false);
  });
});

describe('requestIdOf', () => {
  const request = (id?: string) =>
    ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as IncomingMessage;
  it('keeps a sane incoming id, replaces anything else with a fresh UUID', () => {
    expect(requestIdOf(request('lb-7f3a.19_x'))).toBe('lb-7f3a.19_x');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(requestIdOf(request())).toMatch(uuid);
    expect(requestIdOf(request('a'.repeat(65)))).toMatch(uuid);
    expect(requestIdOf(request('bad id\nwith newline'))).toMatch(uuid);
    expect(requestIdOf(request(''))).toMatch(uuid);
    expect(requestIdOf(request())).not.toBe(requestIdOf(request()));
  });
});
