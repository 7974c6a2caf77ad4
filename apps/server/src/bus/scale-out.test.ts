/**
 * The API and the gateway as two processes joined only by Redis (each with its own Redis bus; one database): a GT06
 * fix committed by the gateway reaches a /v1/live client of the API, and POST /v1/command on the API reaches the
 * device connected to the gateway. The subscribers (live/live-session.ts, gateway/commands.ts) see what JSON carries.
 */
import { getCodec } from '@civicfleet/protocols';
import type { Command, LiveMessage } from '@civicfleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { startRedisServer, type TestRedis } from '../../test/redis-server.ts';
import { startGateway, type Gateway } from '../gateway/gateway.ts';
import {
  eventually,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  testGatewayConfig,
  type TrackedVehicle,
} from '../gateway/testing/fleet.ts';
import { gt06Ack, gt06Location, gt06Login, toHex } from '../gateway/testing/packets.ts';
import { TcpDevice } from '../gateway/testing/tcp-device.ts';
import { createRedisBus, type BusLog, type RedisBus } from './redis-bus.ts';

const quiet: BusLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('API and gateway processes over the Redis bus', () => {
  let redis: TestRedis;
  let apiBus: RedisBus;
  let gatewayBus: RedisBus;
  let t: TestApp;
  let gateway: Gateway;
  let tracked: TrackedVehicle;
  const devices: TcpDevice[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    apiBus = createRedisBus(redis.url, { prefix: 'scale-out:', log: quiet });
    gatewayBus = createRedisBus(redis.url, { prefix: 'scale-out:', log: quiet });
    t = await createTestApp({ bus: apiBus });
    tracked = await seedTrackedVehicle(t.db, {
      imei: '359710049095201',
      protocol: 'gt06',
      organisationId: await organisationId(t.db, INDORE),
      registrationNumber: 'MP09SO0001',
    });
    gateway = await startGateway({ database: t.database, bus: gatewayBus, config: testGatewayConfig() });
  });
  afterAll(async () => {
    for (const device of devices) device.close();
    await gateway?.stop();
    await t?.close();
    await Promise.all([apiBus?.close(), gatewayBus?.close()]);
    await redis?.stop();
  });

  it('carries live deltas from the gateway to /v1/live and commands from the API to the device', async () => {
    const messages: LiveMessage[] = [];
    const ws = await t.app.injectWS(
      '/v1/live',
      {},
      {
        onInit: (socket) =>
          socket.on('message', (data) => messages.push(JSON.parse(String(data)) as LiveMessage)),
      },
    );
    ws.send(JSON.stringify({ type: 'auth', token: await t.login('ADMIN') }));
    await eventually(async () => messages.some((m) => m.type === 'snapshot'));

    const device = await TcpDevice.connect(gateway.ports.gt06 ?? 0);
    devices.push(device);
    await device.write(gt06Login(tracked.imei, 1));
    expect(toHex(await device.read(10))).toBe(toHex(gt06Ack(0x01, 1)));
    await eventually(async () => gateway.registry.get(tracked.imei));
    // Both processes' subscriptions (live socket, command delivery) are acknowledged by Redis.
    await Promise.all([apiBus.ready(), gatewayBus.ready()]);

    const fixAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_000);
    await device.write(
      gt06Location({ at: fixAt, lat: 22.7196, lon: 75.8577, speedKph: 32, headingDeg: 90 }, 2),
    );
    expect(toHex(await device.read(10))).toBe(toHex(gt06Ack(0x12, 2)));
    const delta = await eventually(async () =>
      messages.find(
        (m) => m.type === 'delta' && m.positions.some((p) => p.deviceId === String(tracked.deviceId)),
      ),
    );
    expect(delta.type === 'delta' && delta.positions[0]).toMatchObject({
      deviceId: String(tracked.deviceId),
      vehicleId: String(tracked.vehicleId),
      fixTime: fixAt.toISOString(),
      speedKph: 32,
      status: 'moving',
    });
    ws.terminate();

    // getInfo, not engineStop: the tracker above reported 32 km/h, and engine stop is refused above 20 (immobiliser.ts).
    const res = await t.call('ADMIN', 'POST', '/v1/command', {
      deviceId: String(tracked.deviceId),
      type: 'getInfo',
    });
    expect(res.statusCode).toBe(201);
    const command = (res.json() as { data: Command }).data;
    const expected = getCodec('gt06').encodeCommand(
      { text: 'WHERE#', id: Number(command.id) },
      { imei: tracked.imei },
    );
    expect(toHex(await device.read(expected.length))).toBe(toHex(expected));
    const log = await t.call('ADMIN', 'GET', `/v1/command?deviceId=${tracked.deviceId}`);
    expect((log.json() as { data: Command[] }).data[0]).toMatchObject({ id: command.id, status: 'sent' });
  });
});
