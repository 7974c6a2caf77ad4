/**
 * Alerts the WORKER raises are forwarded like the gateway's (outbox in the event's transaction, same payload and
 * type filter): a device falls silent, the offline job raises its 'offline' alert, and after the delivery job a real
 * loopback webhook whose target filters 'offline' receives it while a target filtering 'sos' receives nothing. The
 * missed-points notice (a Drizzle job) reaches its webhook the same way; a rolled-back transaction queues nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForwardTarget } from '@civicfleet/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { rows } from '../../db/client.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { deriveWiring } from '../../gateway/ingest/derive-stage.ts';
import { sqlClientOf } from '../../gateway/ingest/sql-client.ts';
import {
  INDORE,
  organisationId,
  seedTrackedVehicle,
  testGatewayConfig,
} from '../../gateway/testing/fleet.ts';
import { gt06Location, gt06Login } from '../../gateway/testing/packets.ts';
import { TcpDevice } from '../../gateway/testing/tcp-device.ts';
import { offlineJob } from '../../worker/offline-job.ts';
import { raiseMissedPointsAlerts } from '../operations/missed-points-job.ts';
import { alertPayloadOf, drizzleExecutor, enqueueAlerts } from './enqueue.ts';
import { deliverForwarding } from './forwarding-job.ts';
import type { DeliveredItem, WebhookEnvelope } from './payload.ts';
import { startHttpReceiver, type HttpReceiver } from './testing/receivers.ts';

const LOOPBACK_OK = { allowPrivateAddresses: true };

describe('forwarding of worker-raised alerts', () => {
  let t: TestApp;
  let gateway: Gateway;
  let offlineHook: HttpReceiver;
  let sosHook: HttpReceiver;
  let indore: bigint;

  beforeAll(async () => {
    t = await createTestApp();
    indore = await organisationId(t.db, INDORE);
    offlineHook = await startHttpReceiver();
    sosHook = await startHttpReceiver();
    gateway = await startGateway({
      database: t.database,
      bus: t.bus,
      config: testGatewayConfig(),
      protocols: ['gt06'],
      ...deriveWiring(),
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    await offlineHook?.close();
    await sosHook?.close();
    await t?.close();
  });

  async function createTarget(name: string, url: string, eventTypes: string[]): Promise<ForwardTarget> {
    const res = await t.call('ADMIN', 'POST', '/v1/forwarding/targets', {
      name,
      kind: 'webhook',
      url,
      sendPositions: false,
      eventTypes,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ForwardTarget;
  }

  const itemsOf = (receiver: HttpReceiver): DeliveredItem[] =>
    receiver.requests.flatMap((r) => (JSON.parse(r.body) as WebhookEnvelope).items);

  it("delivers the offline job's alert to a target filtering 'offline', not to one filtering 'sos'", async () => {
    const offlineTarget = await createTarget('Offline desk', offlineHook.url, ['offline']);
    const sosTarget = await createTarget('SOS desk', sosHook.url, ['sos']);
    const tracked = await seedTrackedVehicle(t.db, {
      imei: '359710049095901',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09WA0001',
    });
    const lastFix = new Date(Math.floor(Date.now() / 1000) * 1000 - 30 * 60_000);
    const device = await TcpDevice.connect(gateway.ports.gt06 ?? 0);
    await device.write(gt06Login(tracked.imei, 1));
    await device.read(10);
    await device.write(gt06Location({ at: lastFix, lat: 22.7186, lon: 75.8553, speedKph: 0 }, 2));
    await device.read(10);
    device.socket.end();
    await device.closed;

    const job = offlineJob(t.database, () => new Date(Date.now() + 20 * 60_000));
    expect(await job.run()).toMatch(/^[1-9]\d* devices went offline$/);
    const [queued] = await rows<{ offline: number; sos: number }>(
      t.db,
      sql`select count(*) filter (where target_id = ${offlineTarget.id})::int as offline,
                 count(*) filter (where target_id = ${sosTarget.id})::int as sos
            from forward_queue where payload->>'imei' = ${tracked.imei}`,
    );
    expect(queued).toEqual({ offline: 1, sos: 0 });
    // Once per episode: a second run raises (and queues) nothing more.
    await job.run();

    const summary = await deliverForwarding(sqlClientOf(t.database), { addresses: LOOPBACK_OK });
    expect(summary.failed).toBe(0);
    const delivered = itemsOf(offlineHook).filter((i) => i.type === 'alert' && i.imei === tracked.imei);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({
      type: 'alert',
      alertType: 'offline',
      deviceId: String(tracked.deviceId),
      vehicleId: String(tracked.vehicleId),
      registrationNumber: 'MP09WA0001',
      time: lastFix.toISOString(),
      lat: 22.7186,
      lon: 75.8553,
      late: false,
    });
    expect(itemsOf(sosHook)).toEqual([]);
    await t.call('ADMIN', 'DELETE', `/v1/forwarding/targets/${offlineTarget.id}`);
    await t.call('ADMIN', 'DELETE', `/v1/forwarding/targets/${sosTarget.id}`);
  });

  it('delivers the missed-points notice (a Drizzle job, same enqueue in its transaction)', async () => {
    const target = await createTarget('Ops desk', offlineHook.url, ['missedPoints']);
    offlineHook.requests.length = 0;
    const tracked = await seedTrackedVehicle(t.db, {
      imei: '359710049095902',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09WA0002',
    });
    const now = new Date('2026-11-26T09:00:00Z');
    const [job] = await rows<{ id: string }>(
      t.db,
      sql`insert into jobs (organisation_id, name, schedule_type, start_date, start_time, end_time, vehicle_id)
          values (${indore}, 'Ward 12 morning', 'One Time', '2026-11-26', '06:00', '09:10', ${tracked.vehicleId})
          returning id::text as id`,
    );
    const checkpoints = [
      { name: 'P1', lat: 22.71, lon: 75.85, reachedAt: '2026-11-26T08:00:00Z' },
      { name: 'P2', lat: 22.72, lon: 75.86, reachedAt: null },
    ];
    await t.db.execute(
      sql`insert into job_runs (job_id, day, organisation_id, vehicle_id, window_start, window_end, status, checkpoints)
          values (${job?.id}, '2026-11-26', ${indore}, ${tracked.vehicleId}, ${new Date('2026-11-26T00:30:00Z')},
                  ${new Date(now.getTime() + 10 * 60_000)}, 'started', ${JSON.stringify(checkpoints)}::jsonb)`,
    );
    expect(await raiseMissedPointsAlerts(t.db, now)).toBe(1);
    expect(await raiseMissedPointsAlerts(t.db, now)).toBe(0);

    await deliverForwarding(sqlClientOf(t.database), { addresses: LOOPBACK_OK });
    const delivered = itemsOf(offlineHook).filter((i) => i.type === 'alert' && i.imei === tracked.imei);
    expect(delivered).toEqual([
      expect.objectContaining({
        alertType: 'missedPoints',
        deviceId: String(tracked.deviceId),
        vehicleId: String(tracked.vehicleId),
        registrationNumber: 'MP09WA0002',
        time: now.toISOString(),
        late: false,
      }),
    ]);
    await t.call('ADMIN', 'DELETE', `/v1/forwarding/targets/${target.id}`);
  });

  it('queues nothing when the transaction holding the event rolls back', async () => {
    const hook = await createTarget('Ops desk 2', offlineHook.url, ['missedPoints']);
    const alert = alertPayloadOf(
      {
        type: 'missedPoints',
        deviceId: '1',
        vehicleId: null,
        startedAt: new Date('2026-11-26T10:00:00Z'),
        lat: null,
        lon: null,
        late: false,
      },
      '359710049095903',
    );
    const queuedRows = async () =>
      (
        await rows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from forward_queue where target_id = ${hook.id}`,
        )
      )[0]?.n;
    await expect(
      t.db.transaction(async (tx) => {
        expect(await enqueueAlerts(drizzleExecutor(tx), indore, [alert])).toBe(1);
        throw new Error('event insert failed');
      }),
    ).rejects.toThrow('event insert failed');
    expect(await queuedRows()).toBe(0);
    // The type filter: only the missedPoints item of two is queued.
    await t.db.transaction(async (tx) => {
      expect(await enqueueAlerts(drizzleExecutor(tx), indore, [alert, { ...alert, alertType: 'sos' }])).toBe(
        1,
      );
    });
    expect(await queuedRows()).toBe(1);
    await t.call('ADMIN', 'DELETE', `/v1/forwarding/targets/${hook.id}`);
  });
});
