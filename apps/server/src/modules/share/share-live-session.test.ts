/**
 * /v1/live?share=<token>: only the shared vehicles, public fields only; closed (4410) on revocation, on expiry and for
 * unknown or playback tokens. The expiry and membership checks run on a short interval through a probe route that
 * opens the same session with test timings.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import {
  SHARE_MESSAGES,
  SHARE_SOCKET_CLOSE_GONE,
  type LivePosition,
  type ShareLiveMessage,
} from '@civicfleet/shared';
import { TOPICS } from '../../bus/bus.ts';
import { vehicles } from '../../db/schema/index.ts';
import { eventually, sleep, type TrackedVehicle } from '../../gateway/testing/fleet.ts';
import type { ApiModule } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { NO_LIVE_FEED, runShareLiveSession } from './share-live-session.ts';
import { createShareAccess } from './share-public.service.ts';
import { createShare, seedShareFleet, tokenOf, type ShareFleet } from './share.testing.ts';

const START = new Date('2026-11-20T10:00:00Z');

interface Client {
  ws: WebSocket;
  messages: ShareLiveMessage[];
  closed: Promise<{ code: number; reason: string }>;
}

/** The same session on /v1/share-live-probe, re-checking every 50 ms. */
const probeModule: ApiModule = {
  name: 'share-live-probe',
  register(app, deps) {
    const access = createShareAccess({ db: deps.db, clock: deps.clock });
    app.route({
      method: 'GET',
      url: '/share-live-probe',
      config: { permission: { public: true }, websocketAuth: true },
      handler: async (_request, reply) => reply.code(426).send({ success: false, message: 'Upgrade' }),
      wsHandler: (socket, request) => {
        const { share } = request.query as { share?: string };
        runShareLiveSession(socket, share ?? '', {
          bus: deps.bus,
          clock: deps.clock,
          access,
          timing: { recheckMs: 50, deltaEveryMs: 20 },
        });
      },
    });
  },
};

describe('/v1/live?share=', () => {
  let now = START;
  let t: TestApp;
  let f: ShareFleet;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, extraModules: [probeModule] });
    f = await seedShareFleet(t.db, '103', START);
  });
  afterAll(async () => t?.close());

  async function connect(path: string): Promise<Client> {
    const messages: ShareLiveMessage[] = [];
    let resolveClosed: (value: { code: number; reason: string }) => void = () => undefined;
    const closed = new Promise<{ code: number; reason: string }>((resolve) => {
      resolveClosed = resolve;
    });
    const ws = await t.app.injectWS(
      path,
      {},
      {
        onInit(socket) {
          socket.on('message', (data) => messages.push(JSON.parse(String(data)) as ShareLiveMessage));
          socket.on('close', (code, reason) => resolveClosed({ code, reason: String(reason) }));
        },
      },
    );
    return { ws, messages, closed };
  }

  const snapshotOf = async (client: Client) => {
    const message = await eventually(async () => client.messages.find((m) => m.type === 'snapshot'));
    return message.type === 'snapshot' ? message.positions : [];
  };
  const deltas = (client: Client) => client.messages.filter((m) => m.type === 'delta');

  function position(v: TrackedVehicle, organisation: bigint, lat: number): LivePosition {
    return {
      deviceId: String(v.deviceId),
      vehicleId: String(v.vehicleId),
      organisationId: String(organisation),
      fixTime: START.toISOString(),
      serverTime: START.toISOString(),
      lat,
      lon: 75.86,
      speedKph: 30,
      headingDeg: 180,
      gpsValid: true,
      ignition: true,
      mainPower: true,
      batteryVoltageV: 4.1,
      gsmSignal: 20,
      odometerM: 1234,
      status: 'moving',
      statusSince: null,
    };
  }

  it('streams only the shared vehicle, without private fields, and closes when the link is revoked', async () => {
    const share = await createShare(t, { kind: 'live', vehicleId: String(f.a.vehicleId) });
    const client = await connect(`/v1/live?share=${tokenOf(share)}`);
    const snapshot = await snapshotOf(client);
    expect(snapshot).toEqual([
      {
        vehicleId: String(f.a.vehicleId),
        fixTime: new Date(START.getTime() - 60_000).toISOString(),
        lat: 22.71,
        lon: 75.86,
        speedKph: 20,
        headingDeg: 90,
        ignition: true,
        status: 'moving',
        statusSince: new Date(START.getTime() - 600_000).toISOString(),
      },
    ]);

    t.bus.publish(TOPICS.live, {
      positions: [
        position(f.b, f.indoreOrg, 22.8),
        position(f.a, f.indoreOrg, 22.81),
        position(f.bhopal, f.bhopalOrg, 23.3),
        // The shared vehicle id under another organisation (a device moved fleets): not followed.
        { ...position(f.a, f.bhopalOrg, 23.31), deviceId: String(f.bhopal.deviceId) },
      ],
      alerts: [
        {
          id: '1',
          deviceId: String(f.a.deviceId),
          vehicleId: String(f.a.vehicleId),
          organisationId: String(f.indoreOrg),
          type: 'sos',
          at: START.toISOString(),
          lat: 22.81,
          lon: 75.86,
          late: false,
        },
      ],
    });
    const delta = await eventually(async () => deltas(client)[0]);
    expect(delta).toEqual({
      type: 'delta',
      positions: [
        {
          vehicleId: String(f.a.vehicleId),
          fixTime: START.toISOString(),
          lat: 22.81,
          lon: 75.86,
          speedKph: 30,
          headingDeg: 180,
          ignition: true,
          status: 'moving',
          statusSince: null,
        },
      ],
    });
    // Only other vehicles: nothing is sent.
    t.bus.publish(TOPICS.live, { positions: [position(f.c, f.indoreOrg, 22.9)], alerts: [] });
    await sleep(700);
    expect(deltas(client)).toHaveLength(1);

    expect((await t.call('ADMIN', 'DELETE', `/v1/share/${share.id}`)).statusCode).toBe(200);
    const closed = await client.closed;
    expect(closed.code).toBe(SHARE_SOCKET_CLOSE_GONE);
    expect(client.messages.at(-1)).toEqual({ type: 'error', message: SHARE_MESSAGES.gone });

    // And the revoked token cannot open a new one.
    const again = await connect(`/v1/live?share=${tokenOf(share)}`);
    expect((await again.closed).code).toBe(SHARE_SOCKET_CLOSE_GONE);
    expect(again.messages).toEqual([{ type: 'error', message: SHARE_MESSAGES.gone }]);
  });

  it('closes unknown tokens and playback links at once', async () => {
    const unknown = await connect('/v1/live?share=not-a-token');
    expect((await unknown.closed).code).toBe(SHARE_SOCKET_CLOSE_GONE);
    expect(unknown.messages).toEqual([{ type: 'error', message: SHARE_MESSAGES.gone }]);

    const playback = await createShare(t, {
      kind: 'playback',
      vehicleId: String(f.a.vehicleId),
      from: '2026-11-20T00:00:00Z',
      to: '2026-11-20T06:00:00Z',
    });
    const client = await connect(`/v1/live?share=${tokenOf(playback)}`);
    expect((await client.closed).code).toBe(SHARE_SOCKET_CLOSE_GONE);
    expect(client.messages).toEqual([{ type: 'error', message: NO_LIVE_FEED }]);
  });

  it('follows a group’s members as they change, and closes when the link expires', async () => {
    const share = await createShare(t, { kind: 'live', groupId: String(f.groupId), expiresInMinutes: 15 });
    const client = await connect(`/v1/share-live-probe?share=${tokenOf(share)}`);
    expect((await snapshotOf(client)).map((p) => p.vehicleId).sort()).toEqual(
      [String(f.a.vehicleId), String(f.b.vehicleId)].sort(),
    );
    // D joins the group: picked up at the next re-check.
    await t.db.update(vehicles).set({ groupId: f.groupId }).where(eq(vehicles.id, f.d.vehicleId));
    await sleep(200);
    t.bus.publish(TOPICS.live, { positions: [position(f.d, f.indoreOrg, 22.95)], alerts: [] });
    const delta = await eventually(async () => deltas(client)[0]);
    expect(delta.type === 'delta' && delta.positions.map((p) => p.vehicleId)).toEqual([
      String(f.d.vehicleId),
    ]);

    now = new Date(START.getTime() + 15 * 60_000);
    try {
      const closed = await client.closed;
      expect(closed.code).toBe(SHARE_SOCKET_CLOSE_GONE);
      expect(client.messages.at(-1)).toEqual({ type: 'error', message: SHARE_MESSAGES.gone });
    } finally {
      now = START;
    }
  });

  it('keeps the signed-in feed as it was', async () => {
    const client = await connect('/v1/live');
    client.ws.send(JSON.stringify({ type: 'auth', token: await t.login('ADMIN') }));
    const ids = (await snapshotOf(client)).map((p) => (p as unknown as LivePosition).deviceId);
    expect(ids).toEqual(expect.arrayContaining([String(f.a.deviceId), String(f.c.deviceId)]));
    client.ws.terminate();
  });
});
