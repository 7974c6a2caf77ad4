/** /v1/live: auth by the first message (never a URL token), snapshot scoped by organisation, deltas filtered and batched. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { LiveDelta, LiveMessage, LivePosition } from '@civicfleet/shared';
import { TOPICS } from '../bus/bus.ts';
import { DELTA_EVERY_MS } from './live-session.ts';
import { livePosition } from './testing/live-client.ts';
import { LIVE_TOKEN_IN_URL_MESSAGE } from './live.routes.ts';
import { deviceLatest } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import {
  BHOPAL,
  eventually,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  sleep,
  type TrackedVehicle,
} from '../gateway/testing/fleet.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';

interface Client {
  ws: WebSocket;
  messages: LiveMessage[];
  closed: Promise<{ code: number; reason: string }>;
}

describe('/v1/live', () => {
  let t: TestApp;
  let indore: TrackedVehicle;
  let bhopal: TrackedVehicle;
  let indoreOrg: bigint;
  let bhopalOrg: bigint;

  async function connect(path: string): Promise<Client> {
    const messages: LiveMessage[] = [];
    let resolveClosed: (value: { code: number; reason: string }) => void = () => undefined;
    const closed = new Promise<{ code: number; reason: string }>((resolve) => {
      resolveClosed = resolve;
    });
    const ws = await t.app.injectWS(
      path,
      {},
      {
        onInit(socket) {
          socket.on('message', (data) => messages.push(JSON.parse(String(data)) as LiveMessage));
          socket.on('close', (code, reason) => resolveClosed({ code, reason: String(reason) }));
        },
      },
    );
    return { ws, messages, closed };
  }

  /** Connects and authenticates the way the console does: the access token as the first message. */
  async function connectAs(token: string): Promise<Client> {
    const client = await connect('/v1/live');
    client.ws.send(JSON.stringify({ type: 'auth', token }));
    return client;
  }

  const snapshotOf = async (client: Client) => {
    const message = await eventually(async () => client.messages.find((m) => m.type === 'snapshot'));
    return message.type === 'snapshot' ? message.positions : [];
  };

  const position = (tracked: TrackedVehicle, organisation: bigint, lat: number): LivePosition =>
    livePosition(tracked.deviceId, tracked.vehicleId, organisation, lat);

  beforeAll(async () => {
    t = await createTestApp();
    indoreOrg = await organisationId(t.db, INDORE);
    bhopalOrg = await organisationId(t.db, BHOPAL);
    indore = await seedTrackedVehicle(t.db, {
      imei: '861000000000001',
      protocol: 'ais140',
      organisationId: indoreOrg,
      registrationNumber: 'MP09LV0001',
    });
    bhopal = await seedTrackedVehicle(t.db, {
      imei: '861000000000002',
      protocol: 'ais140',
      organisationId: bhopalOrg,
      registrationNumber: 'MP04LV0001',
    });
    const now = new Date();
    for (const [tracked, org, lat] of [
      [indore, indoreOrg, 22.72],
      [bhopal, bhopalOrg, 23.26],
    ] as const) {
      await t.db.insert(deviceLatest).values({
        deviceId: tracked.deviceId,
        vehicleId: tracked.vehicleId,
        organisationId: org,
        fixedAt: now,
        serverAt: now,
        lat,
        lon: 77.4,
        speedKph: 0,
        ignition: false,
        status: 'stopped',
        statusSince: now,
        lastPacketAt: now,
      });
    }
  });
  afterAll(async () => t?.close());

  it('sends a snapshot scoped to the organisation: Bhopal admin does not see Indore, nor Indore admin Bhopal', async () => {
    const bhopalClient = await connectAs(await t.login(BHOPAL_ADMIN));
    expect((await snapshotOf(bhopalClient)).map((p) => p.deviceId)).toEqual([String(bhopal.deviceId)]);
    const indoreClient = await connectAs(await t.login('ADMIN'));
    const indoreSnapshot = await snapshotOf(indoreClient);
    expect(indoreSnapshot.map((p) => p.deviceId)).toEqual([String(indore.deviceId)]);
    expect(indoreSnapshot[0]).toMatchObject({
      vehicleId: String(indore.vehicleId),
      status: 'stopped',
      lat: 22.72,
    });
    const superClient = await connectAs(await t.login('SUPER_ADMIN'));
    const all = (await snapshotOf(superClient)).map((p) => p.deviceId);
    expect(all).toEqual(expect.arrayContaining([String(indore.deviceId), String(bhopal.deviceId)]));
    for (const c of [bhopalClient, indoreClient, superClient]) c.ws.terminate();
  });

  it('forwards deltas filtered to the organisation, batched and coalesced per device', async () => {
    const client = await connectAs(await t.login(BHOPAL_ADMIN));
    await snapshotOf(client);
    const deltas: LiveDelta[] = [
      { positions: [position(indore, indoreOrg, 22.73), position(bhopal, bhopalOrg, 23.27)], alerts: [] },
      { positions: [position(bhopal, bhopalOrg, 23.28)], alerts: [] },
      {
        positions: [],
        alerts: [
          {
            id: '1',
            deviceId: String(indore.deviceId),
            vehicleId: null,
            organisationId: String(indoreOrg),
            type: 'sos',
            at: new Date().toISOString(),
            lat: null,
            lon: null,
            late: false,
          },
          {
            id: '2',
            deviceId: String(bhopal.deviceId),
            vehicleId: String(bhopal.vehicleId),
            organisationId: String(bhopalOrg),
            type: 'sos',
            at: new Date().toISOString(),
            lat: 23.28,
            lon: 77.4,
            late: false,
          },
        ],
      },
    ];
    for (const delta of deltas) t.bus.publish(TOPICS.live, delta);
    const message = await eventually(async () => client.messages.find((m) => m.type === 'delta'));
    expect(message).toMatchObject({
      type: 'delta',
      positions: [{ deviceId: String(bhopal.deviceId), lat: 23.28 }],
      alerts: [{ id: '2' }],
    });
    // All three publications arrived within one 500 ms window: one message.
    await sleep(600);
    expect(client.messages.filter((m) => m.type === 'delta')).toHaveLength(1);
    client.ws.terminate();
  });

  it('sends a delta after a quiet interval at once, and the next one no sooner than DELTA_EVERY_MS', async () => {
    const client = await connectAs(await t.login(BHOPAL_ADMIN));
    await snapshotOf(client);
    const deltaAt: number[] = [];
    client.ws.on('message', () => deltaAt.push(performance.now()));
    const publishedAt = performance.now();
    t.bus.publish(TOPICS.live, { positions: [position(bhopal, bhopalOrg, 23.29)], alerts: [] });
    await eventually(async () => deltaAt.length === 1);
    t.bus.publish(TOPICS.live, { positions: [position(bhopal, bhopalOrg, 23.3)], alerts: [] });
    await eventually(async () => deltaAt.length === 2);
    const [first = 0, second = 0] = deltaAt;
    // Sent in a microtask (generous bound for a loaded machine); a fixed 500 ms tick would wait 0–500 ms.
    expect(first - publishedAt).toBeLessThan(250);
    expect(second - first).toBeGreaterThanOrEqual(DELTA_EVERY_MS - 50);
    expect(
      client.messages.filter((m) => m.type === 'delta').map((m) => m.type === 'delta' && m.positions[0]?.lat),
    ).toEqual([23.29, 23.3]);
    client.ws.terminate();
  });

  it('sends a delta whose interval ended during a long turn at once, not after the turn', async () => {
    const client = await connectAs(await t.login(BHOPAL_ADMIN));
    await snapshotOf(client);
    const lats = () =>
      client.messages.filter((m) => m.type === 'delta').map((m) => m.type === 'delta' && m.positions[0]?.lat);
    t.bus.publish(TOPICS.live, { positions: [position(bhopal, bhopalOrg, 23.29)], alerts: [] });
    await eventually(async () => lats().length === 1);
    // Within the interval: waits for its end (a timer).
    t.bus.publish(TOPICS.live, { positions: [position(bhopal, bhopalOrg, 23.31)], alerts: [] });
    // One turn that runs past the interval's end (the gateway in the same process, a burst of frames): the timer
    // cannot fire, but the next publication finds the delta overdue and it goes out in a microtask.
    const until = performance.now() + DELTA_EVERY_MS + 50;
    while (performance.now() < until);
    t.bus.publish(TOPICS.live, { positions: [position(bhopal, bhopalOrg, 23.32)], alerts: [] });
    await Promise.resolve();
    // Published after that delta went: the next interval's.
    t.bus.publish(TOPICS.live, { positions: [position(bhopal, bhopalOrg, 23.33)], alerts: [] });
    await eventually(async () => lats().length === 3, 3000);
    // Without the overdue check the timer would have sent 23.31–23.33 coalesced after the turn: [23.29, 23.33].
    expect(lats()).toEqual([23.29, 23.32, 23.33]);
    client.ws.terminate();
  });

  it('accepts the token as the first message', async () => {
    const client = await connect('/v1/live');
    client.ws.send(JSON.stringify({ type: 'auth', token: await t.login('SUPER_ADMIN') }));
    expect((await snapshotOf(client)).length).toBeGreaterThanOrEqual(2);
    client.ws.terminate();
  });

  it('closes with 4401 and an error message on a bad token', async () => {
    const client = await connectAs('not-a-token');
    const closed = await client.closed;
    expect(closed).toEqual({ code: 4401, reason: 'Unauthorised' });
    expect(client.messages).toEqual([{ type: 'error', message: 'Invalid or expired access token.' }]);
  });

  it('refuses an access token in the URL like a bad one, even a valid token (ASVS 3.1.1)', async () => {
    const client = await connect(`/v1/live?token=${await t.login('SUPER_ADMIN')}`);
    // A first message cannot rescue it: the socket is already closing.
    client.ws.send(JSON.stringify({ type: 'auth', token: await t.login('SUPER_ADMIN') }));
    expect(await client.closed).toEqual({ code: 4401, reason: 'Unauthorised' });
    expect(client.messages).toEqual([{ type: 'error', message: LIVE_TOKEN_IN_URL_MESSAGE }]);
    const empty = await connect('/v1/live?token=');
    expect((await empty.closed).code).toBe(4401);
  });

  it('answers a plain HTTP GET with 426 (signed in) or 401 (anonymous)', async () => {
    const signedIn = await t.app.inject({ method: 'GET', url: '/v1/live', headers: await t.auth('ADMIN') });
    expect(signedIn.statusCode).toBe(426);
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/live' });
    expect(anonymous.statusCode).toBe(401);
  });
});
