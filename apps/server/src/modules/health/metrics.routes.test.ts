/**
 * /metrics, the root /healthz and /readyz, request ids and the HTTP histogram on the API; gateway metrics moving
 * after a real GT06 device sends frames over TCP, seen through the same /metrics (the all-in-one wiring).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../app.ts';
import { createInProcessBus } from '../../bus/bus.ts';
import { loadBrand } from '../../config/brand.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import {
  eventually,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  testGatewayConfig,
} from '../../gateway/testing/fleet.ts';
import { gt06Ack, gt06Location, gt06Login, toHex } from '../../gateway/testing/packets.ts';
import { TcpDevice } from '../../gateway/testing/tcp-device.ts';
import type { ApiApp } from '../../http/types.ts';
import { createOutboxMailer } from '../../mail/outbox-mailer.ts';
import { createMetrics, type Metrics } from '../../observability/metrics.ts';
import { openTestDatabase, testEnv, type TestDatabase } from '../../../test/helpers.ts';
import { METRICS_LOOPBACK_ONLY, METRICS_TOKEN_REQUIRED } from '../../observability/metrics-access.ts';

const TOKEN = 'scrape-token-0123456789abcdef';

function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

describe('/metrics and the root probes', () => {
  let testDb: TestDatabase;
  let metrics: Metrics;
  let app: ApiApp;
  let tokenApp: ApiApp;
  let gateway: Gateway;
  const bus = createInProcessBus();

  beforeAll(async () => {
    testDb = await openTestDatabase();
    metrics = createMetrics();
    const build = (metricsToken?: string) => {
      const env = testEnv({ metricsToken });
      const mailer = createOutboxMailer({ db: testDb.db, from: env.mailFrom, smtpUrl: undefined });
      return buildApi(
        { db: testDb.db, env, brand: loadBrand(env.brand), mailer, bus, metrics },
        { logger: false },
      );
    };
    app = await build();
    tokenApp = await build(TOKEN);
    gateway = await startGateway({
      database: testDb.database,
      bus,
      config: testGatewayConfig(),
      protocols: ['gt06'],
      metrics,
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    await app?.close();
    await tokenApp?.close();
    await testDb?.close();
  });

  const scrape = async (target = app, headers: Record<string, string> = {}) => {
    const res = await target.inject({ method: 'GET', url: '/metrics', headers });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('serves Prometheus text to loopback clients when no METRICS_TOKEN is set', async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE civicfleet_http_request_duration_seconds histogram');
  });

  it('refuses other clients and proxied requests with 403 when no token is set', async () => {
    const remote = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.20.30.40' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toEqual({ success: false, message: METRICS_LOOPBACK_ONLY });
    const proxied = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(403);
  });

  it('requires the Bearer token when METRICS_TOKEN is set, from loopback too', async () => {
    const none = await tokenApp.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ success: false, message: METRICS_TOKEN_REQUIRED });
    const wrong = await tokenApp.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-token' },
    });
    expect(wrong.statusCode).toBe(401);
    const remote = await tokenApp.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '10.20.30.40',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(remote.statusCode).toBe(200);
    expect(remote.body).toContain('civicfleet_ingest_lag_seconds');
  });

  it('answers /healthz and /readyz at the root like under /v1', async () => {
    for (const url of ['/healthz', '/v1/healthz']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.json()).toMatchObject({ success: true, data: { status: 'alive' } });
    }
    for (const url of ['/readyz', '/v1/readyz']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.json()).toMatchObject({ success: true, data: { status: 'ready' } });
    }
  });

  it('observes each request under its route pattern; unknown paths as "unmatched"', async () => {
    const series = (route: string, status: number) =>
      `civicfleet_http_request_duration_seconds_count{method="GET",route="${route}",status_code="${status}"}`;
    const before = await scrape();
    await app.inject({ method: 'GET', url: '/v1/vehicle/linkable-devices/12345' });
    await app.inject({ method: 'GET', url: '/v1/no-such-thing/42' });
    const after = await scrape();
    expect(
      valueOf(after, series('/v1/vehicle/linkable-devices/:vehicleId', 401)) -
        valueOf(before, series('/v1/vehicle/linkable-devices/:vehicleId', 401)),
    ).toBe(1);
    expect(valueOf(after, series('unmatched', 404)) - valueOf(before, series('unmatched', 404))).toBe(1);
    expect(after).not.toContain('/v1/vehicle/linkable-devices/12345');
  });

  it('echoes a sane X-Request-Id and generates one otherwise', async () => {
    const kept = await app.inject({
      method: 'GET',
      url: '/v1/healthz',
      headers: { 'x-request-id': 'edge-42.a_b' },
    });
    expect(kept.headers['x-request-id']).toBe('edge-42.a_b');
    const replaced = await app.inject({
      method: 'GET',
      url: '/v1/healthz',
      headers: { 'x-request-id': 'x'.repeat(65) },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const fresh = await app.inject({ method: 'GET', url: '/v1/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh.headers['x-request-id']).not.toBe(replaced.headers['x-request-id']);
  });

  it('moves the gateway and ingest metrics when a GT06 device logs in and sends positions', async () => {
    const imei = '359710049077701';
    await seedTrackedVehicle(testDb.db, {
      imei,
      protocol: 'gt06',
      organisationId: await organisationId(testDb.db, INDORE),
      registrationNumber: 'MP09MT0001',
    });
    const port = gateway.ports.gt06 ?? 0;
    const before = await scrape();
    const device = await TcpDevice.connect(port);
    try {
      await device.write(gt06Login(imei, 1));
      await device.read(10);
      const at = Date.now() - 60_000;
      for (let i = 0; i < 3; i++) {
        await device.write(
          gt06Location({ at: new Date(at + i * 1000), lat: 22.72, lon: 75.86, speedKph: 20 }, 2 + i),
        );
        expect(toHex(await device.read(10))).toBe(toHex(gt06Ack(0x12, 2 + i)));
      }
      // An unknown IMEI's login: counted, never answered.
      const unknown = await TcpDevice.connect(port);
      await unknown.write(gt06Login('359710049077799', 1));
      const connected = await eventually(async () => {
        const text = await scrape();
        return valueOf(text, 'civicfleet_gateway_unknown_device_packets_total{protocol="gt06"}') > 0 && text;
      });
      expect(valueOf(connected, 'civicfleet_gateway_connections{protocol="gt06"}')).toBe(2);
      unknown.close();
    } finally {
      device.close();
    }
    const delta = (text: string, series: string) => valueOf(text, series) - valueOf(before, series);
    // The unknown device's login is never acknowledged, so its raw-log row may commit in a later
    // batch than the closed connection shows: wait for both.
    const after = await eventually(async () => {
      const text = await scrape();
      return (
        valueOf(text, 'civicfleet_gateway_connections{protocol="gt06"}') === 0 &&
        delta(text, 'civicfleet_ingest_lag_seconds_count') >= 5 &&
        text
      );
    });
    expect(delta(after, 'civicfleet_gateway_packets_received_total{protocol="gt06",kind="login"}')).toBe(2);
    expect(delta(after, 'civicfleet_gateway_packets_received_total{protocol="gt06",kind="position"}')).toBe(
      3,
    );
    expect(delta(after, 'civicfleet_gateway_unknown_device_packets_total{protocol="gt06"}')).toBe(1);
    expect(delta(after, 'civicfleet_gateway_acks_sent_total{protocol="gt06"}')).toBe(4);
    expect(delta(after, 'civicfleet_ingest_positions_committed_total')).toBe(3);
    // Every frame is a raw log: 5 packets, each observed once in the lag histogram.
    expect(delta(after, 'civicfleet_ingest_lag_seconds_count')).toBe(5);
    expect(delta(after, 'civicfleet_ingest_batch_flush_seconds_count')).toBeGreaterThanOrEqual(1);
  });
});
