/**
 * Forwarding end to end on a real gateway: positions and alerts sent by a TCP device reach a real webhook receiver,
 * signed, after the worker's delivery; an AIS-140 EMR packet reaches a real TCP emergency backend byte for byte
 * before its batch commits; an organisation without targets queues nothing.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForwardTarget } from '@civicfleet/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { rows } from '../../db/client.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { sqlClientOf } from '../../gateway/ingest/sql-client.ts';
import {
  BHOPAL,
  eventually,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  sleep,
  testGatewayConfig,
} from '../../gateway/testing/fleet.ts';
import { gt06Alarm, gt06Location, gt06Login } from '../../gateway/testing/packets.ts';
import { TcpDevice } from '../../gateway/testing/tcp-device.ts';
import { withForwarding } from './forward-stage.ts';
import { deliverForwarding } from './forwarding-job.ts';
import type { WebhookEnvelope } from './payload.ts';
import {
  startHttpReceiver,
  startTcpReceiver,
  type HttpReceiver,
  type TcpReceiver,
} from './testing/receivers.ts';

/** The receivers of these tests listen on loopback, which the SSRF guard refuses by default. */
const LOOPBACK_OK = { allowPrivateAddresses: true };

const SECRET = 'a-long-shared-secret-0123';
const EMR_PACKET =
  '$,EPB,istartracker,EMR,867458047932167,NM,14072020111520,A,22.678880,N,114.047001,E,30.5,12.0,0.3,G,' +
  'andy123456,+8613800000000,*473A0F35\r\n';
/** Batches holding this device's rows wait here before COMMIT (the emergency must not wait for it). */
const SLOW_COMMIT_MS = 1500;

describe('forwarding through the gateway', () => {
  let t: TestApp;
  let gateway: Gateway;
  let webhook: HttpReceiver;
  let backend: TcpReceiver;
  let indore: bigint;
  let slowDevice: bigint | null = null;
  const commits: Array<{ at: number; devices: bigint[] }> = [];

  beforeAll(async () => {
    t = await createTestApp();
    indore = await organisationId(t.db, INDORE);
    webhook = await startHttpReceiver();
    backend = await startTcpReceiver();
    gateway = await startGateway({
      database: t.database,
      bus: t.bus,
      config: testGatewayConfig(),
      ...withForwarding({ deriveStages: [], tables: [] }, t.bus, LOOPBACK_OK),
      writerHooks: {
        async beforeCommit(batch) {
          if (slowDevice !== null && batch.rawLogs.some((r) => r.deviceId === slowDevice))
            await sleep(SLOW_COMMIT_MS);
        },
        afterCommit(batch) {
          commits.push({
            at: performance.now(),
            devices: batch.rawLogs.flatMap((r) => (r.deviceId ? [r.deviceId] : [])),
          });
        },
      },
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    await webhook?.close();
    await backend?.close();
    await t?.close();
  });

  const queued = async (targetId?: string) =>
    (
      await rows<{ n: number }>(
        t.db,
        targetId
          ? sql`select count(*)::int as n from forward_queue where target_id = ${targetId}`
          : sql`select count(*)::int as n from forward_queue`,
      )
    )[0]?.n ?? 0;

  it('queues nothing for an organisation without targets', async () => {
    // Another organisation (Indore) has a target: Bhopal's data still costs nothing.
    const other = await t.call('ADMIN', 'POST', '/v1/forwarding/targets', {
      name: 'Indore ERP',
      kind: 'webhook',
      url: webhook.url,
    });
    expect(other.statusCode, other.body).toBe(200);
    const tracked = await seedTrackedVehicle(t.db, {
      imei: '359710041234560',
      protocol: 'gt06',
      organisationId: await organisationId(t.db, BHOPAL),
      registrationNumber: 'MP04FW0001',
    });
    const device = await TcpDevice.connect(gateway.ports.gt06 ?? 0);
    await device.write(gt06Login(tracked.imei, 1));
    await device.read(10);
    await device.write(
      gt06Location({ at: new Date(Date.now() - 5_000), lat: 23.25, lon: 77.41, speedKph: 20 }, 2),
    );
    await device.read(10);
    const stored = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from positions where device_id = ${tracked.deviceId}`,
    );
    expect(stored[0]?.n).toBe(1);
    expect(await queued()).toBe(0);
    device.close();
    await t.call('ADMIN', 'DELETE', `/v1/forwarding/targets/${(other.json().data as ForwardTarget).id}`);
  });

  it('delivers positions and alerts of a device to the webhook, signed, with the registration', async () => {
    const created = await t.call('ADMIN', 'POST', '/v1/forwarding/targets', {
      name: 'ERP',
      kind: 'webhook',
      url: webhook.url,
      secret: SECRET,
      eventTypes: ['sos'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const target = created.json().data as ForwardTarget;
    const tracked = await seedTrackedVehicle(t.db, {
      imei: '359710041234578',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09FW0001',
    });
    const device = await TcpDevice.connect(gateway.ports.gt06 ?? 0);
    await device.write(gt06Login(tracked.imei, 1));
    await device.read(10);
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 - 10_000);
    await device.write(gt06Location({ at, lat: 22.7196, lon: 75.8577, speedKph: 32, headingDeg: 90 }, 2));
    await device.read(10);
    // 0x01: SOS alarm packet.
    await device.write(
      gt06Alarm({ at: new Date(at.getTime() + 5_000), lat: 22.72, lon: 75.858, speedKph: 0 }, 0x01, 3),
    );
    await device.read(10);
    // Acked = committed = queued (same transaction).
    expect(await queued(target.id)).toBeGreaterThanOrEqual(3);

    const summary = await deliverForwarding(sqlClientOf(t.database), { addresses: LOOPBACK_OK });
    expect(summary.failed).toBe(0);
    expect(webhook.requests).toHaveLength(1);
    const request = webhook.requests[0];
    if (!request) throw new Error('no request');
    const timestamp = String(request.headers['x-civicfleet-timestamp']);
    const expected = `sha256=${createHmac('sha256', SECRET).update(`${timestamp}.${request.body}`).digest('hex')}`;
    expect(request.headers['x-civicfleet-signature']).toBe(expected);
    const envelope = JSON.parse(request.body) as WebhookEnvelope;
    expect(envelope.target).toEqual({ id: target.id, name: 'ERP' });
    const positions = envelope.items.filter((i) => i.type === 'position');
    expect(positions[0]).toMatchObject({
      imei: tracked.imei,
      registrationNumber: 'MP09FW0001',
      fixTime: at.toISOString(),
      lat: 22.7196,
      lon: 75.8577,
      speedKph: 32,
      headingDeg: 90,
    });
    const alerts = envelope.items.filter((i) => i.type === 'alert');
    expect(alerts.map((a) => (a.type === 'alert' ? a.alertType : null))).toEqual(['sos']);
    expect(alerts[0]).toMatchObject({ registrationNumber: 'MP09FW0001', imei: tracked.imei });
    expect(await queued(target.id)).toBe(0);

    const stats = (await t.call('ADMIN', 'GET', `/v1/forwarding/targets/${target.id}`)).json()
      .data as ForwardTarget;
    expect(stats.stats).toMatchObject({ queued: 0, dead: 0, failedLastHour: 0 });
    expect(stats.stats.deliveredLastHour).toBe(envelope.items.length);
    expect(stats.stats.lastSuccessAt).not.toBeNull();
    device.close();
    await t.call('ADMIN', 'DELETE', `/v1/forwarding/targets/${target.id}`);
  });

  it('sends an AIS-140 emergency packet to the TCP backend at once, before its batch commits', async () => {
    const created = await t.call('ADMIN', 'POST', '/v1/forwarding/targets', {
      name: 'State ERSS',
      kind: 'emergency',
      host: '127.0.0.1',
      port: backend.port,
    });
    expect(created.statusCode, created.body).toBe(200);
    const tracked = await seedTrackedVehicle(t.db, {
      imei: '867458047932167',
      protocol: 'ais140',
      organisationId: indore,
      registrationNumber: 'MP09FW0002',
    });
    slowDevice = tracked.deviceId;
    const device = await TcpDevice.connect(gateway.ports.ais140 ?? 0);
    const sentAt = performance.now();
    await device.write(Buffer.from(EMR_PACKET, 'ascii'));
    const arrived = await eventually(async () => backend.received[0], 1000);
    expect(arrived.at - sentAt).toBeLessThan(1000);
    await eventually(async () => arrived.bytes.length >= EMR_PACKET.length - 2, 1000);
    expect(arrived.bytes.toString('ascii')).toBe(EMR_PACKET.replace(/\r\n$/, ''));
    const commit = await eventually(
      async () => commits.find((c) => c.devices.includes(tracked.deviceId)),
      5000,
    );
    expect(arrived.at).toBeLessThan(commit.at);
    await gateway.writer.drain();
    const target = (created.json().data as ForwardTarget).id;
    const stats = await eventually(async () => {
      const data = (await t.call('ADMIN', 'GET', `/v1/forwarding/targets/${target}`)).json()
        .data as ForwardTarget;
      return data.stats.deliveredLastHour === 1 ? data : null;
    });
    expect(stats.stats.queued).toBe(0);
    slowDevice = null;
    device.close();
  });
});
