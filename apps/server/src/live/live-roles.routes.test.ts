/**
 * /v1/live per role (issue 20, finding 1): every demo account and a custom role without any permission, over real
 * WebSockets. Each gets exactly what its role's permissions allow (live-permissions.ts: positions need live-tracking
 * or vehicle-status, alerts live-tracking / sos-desk / report-alert, desk steps sos-desk) for the vehicles of its
 * organisation subtree; a role granting none (INVENTORY_MANAGER, the empty role) is closed with 4403 and gets nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE, type AlertDeskChange } from '@civicfleet/shared';
import { TOPICS } from '../bus/bus.ts';
import { deviceLatest } from '../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../db/seed/demo-accounts.ts';
import {
  BHOPAL,
  eventually,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  sleep,
} from '../gateway/testing/fleet.ts';
import { DESK_TOPIC } from '../modules/alert-desk/alert-desk.bus.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import type { LiveTopic } from './live-permissions.ts';
import { LIVE_SESSION_MESSAGES } from './live-session.ts';
import {
  connectLiveAs,
  createUserWithRole,
  livePosition,
  liveSos,
  snapshotOrClose,
  type LiveTestClient,
} from './testing/live-client.ts';

type City = 'indore' | 'bhopal';
interface Expected {
  topics: LiveTopic[];
  sees: City[];
}
const ALL: LiveTopic[] = ['positions', 'alerts', 'desk'];
const EMPTY_ROLE_EMAIL = 'no-permission@live.test';

/** Written out per account (not derived from the table under test). The demo tree: platform > manufacturer > vendor > Indore; manufacturer > Bhopal's vendor > Bhopal. */
const EXPECTED: Record<string, Expected> = {
  'superadmin@demo.civicfleet.in': { topics: ALL, sees: ['indore', 'bhopal'] },
  'admin@demo.civicfleet.in': { topics: ALL, sees: ['indore'] },
  // vehicle-status (positions) and every report (report-alert: alerts); no SOS desk.
  'manufacturer@demo.civicfleet.in': { topics: ['positions', 'alerts'], sees: ['indore', 'bhopal'] },
  // Devices and items only: 403 on every vehicle route, nothing on the feed.
  'inventory_manager@demo.civicfleet.in': { topics: [], sees: [] },
  'rfc@demo.civicfleet.in': { topics: ['positions'], sees: ['indore'] },
  'rfc_admin@demo.civicfleet.in': { topics: ['positions'], sees: ['indore'] },
  'fitter@demo.civicfleet.in': { topics: ['positions'], sees: ['indore'] },
  // Live tracking, the desk (acknowledge) and the alert report, for its organisation's vehicles only.
  'limited_user@demo.civicfleet.in': { topics: ALL, sees: ['indore'] },
  'custom@demo.civicfleet.in': { topics: ['positions'], sees: ['indore'] },
  'admin.bhopal@demo.civicfleet.in': { topics: ALL, sees: ['bhopal'] },
  [EMPTY_ROLE_EMAIL]: { topics: [], sees: [] },
};

describe('/v1/live per role', () => {
  let t: TestApp;
  const devices = new Map<City, { deviceId: bigint; vehicleId: bigint; org: bigint }>();
  const clients = new Map<string, LiveTestClient>();

  const device = (city: City) => {
    const found = devices.get(city);
    if (!found) throw new Error(`no ${city} device`);
    return found;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const now = new Date();
    for (const [city, name, imei, lat] of [
      ['indore', INDORE, '861000000000011', 22.72],
      ['bhopal', BHOPAL, '861000000000012', 23.26],
    ] as const) {
      const org = await organisationId(t.db, name);
      const tracked = await seedTrackedVehicle(t.db, {
        imei,
        protocol: 'ais140',
        organisationId: org,
        registrationNumber: `MP0${city === 'indore' ? 9 : 4}LR0001`,
      });
      devices.set(city, { deviceId: tracked.deviceId, vehicleId: tracked.vehicleId, org });
      await t.db.insert(deviceLatest).values({
        deviceId: tracked.deviceId,
        vehicleId: tracked.vehicleId,
        organisationId: org,
        fixedAt: now,
        serverAt: now,
        lat,
        lon: 77.4,
        status: 'stopped',
        statusSince: now,
        lastPacketAt: now,
      });
    }
    await createUserWithRole(t.db, {
      roleName: 'Nothing at all',
      authScopes: {},
      organisationId: device('indore').org,
      email: EMPTY_ROLE_EMAIL,
    });
  });
  afterAll(async () => {
    for (const client of clients.values()) client.ws.terminate();
    await t?.close();
  });

  it('covers every demo account', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(
      [...DEMO_ACCOUNTS.map((a) => a.email), EMPTY_ROLE_EMAIL].sort(),
    );
  });

  it('opens the feed with a snapshot of the permitted vehicles, or closes it with 4403 and nothing else', async () => {
    for (const email of Object.keys(EXPECTED)) {
      clients.set(email, await connectLiveAs(t.app, await t.login(email)));
    }
    for (const [email, expected] of Object.entries(EXPECTED)) {
      const client = clients.get(email);
      if (!client) throw new Error(email);
      const snapshot = await snapshotOrClose(client);
      if (expected.topics.length === 0) {
        expect(snapshot, email).toBeNull();
        expect((await client.closed).code, email).toBe(LIVE_CLOSE.forbidden);
        expect(client.messages, email).toEqual([{ type: 'error', message: LIVE_SESSION_MESSAGES.forbidden }]);
        continue;
      }
      expect(snapshot, email).not.toBeNull();
      const seen = (snapshot ?? []).map((p) => p.deviceId);
      for (const city of ['indore', 'bhopal'] as const) {
        const shouldSee = expected.topics.includes('positions') && expected.sees.includes(city);
        expect(seen.includes(String(device(city).deviceId)), `${email} ${city}`).toBe(shouldSee);
        if (!expected.sees.includes(city)) {
          expect(
            snapshot?.some((p) => p.organisationId === String(device(city).org)),
            email,
          ).toBe(false);
        }
      }
    }
  });

  it('sends each open socket only the positions, alerts and desk steps its role allows', async () => {
    const cities = ['indore', 'bhopal'] as const;
    t.bus.publish(TOPICS.live, {
      positions: cities.map((c, i) =>
        livePosition(device(c).deviceId, device(c).vehicleId, device(c).org, 22 + i),
      ),
      alerts: cities.map((c) => liveSos(`alert-${c}`, device(c).deviceId, device(c).org)),
    });
    for (const c of cities) {
      t.bus.publish<AlertDeskChange>(DESK_TOPIC, {
        id: `desk-${c}`,
        organisationId: String(device(c).org),
        type: 'sos',
        deskStatus: 'acknowledged',
        action: 'acknowledge',
        at: new Date().toISOString(),
      });
    }
    const received = (client: LiveTestClient) => {
      const positions = new Set<string>();
      const alerts = new Set<string>();
      const desk = new Set<string>();
      for (const m of client.messages) {
        if (m.type === 'delta') {
          for (const p of m.positions) positions.add(p.deviceId);
          for (const a of m.alerts) alerts.add(a.id);
        }
        if (m.type === 'desk') for (const c of m.changes) desk.add(c.id);
      }
      return { positions: [...positions].sort(), alerts: [...alerts].sort(), desk: [...desk].sort() };
    };
    const expectedOf = ({ topics, sees }: Expected) => ({
      positions: topics.includes('positions') ? sees.map((c) => String(device(c).deviceId)).sort() : [],
      alerts: topics.includes('alerts') ? sees.map((c) => `alert-${c}`).sort() : [],
      desk: topics.includes('desk') ? sees.map((c) => `desk-${c}`).sort() : [],
    });
    const open = Object.entries(EXPECTED).filter(([, e]) => e.topics.length > 0);
    await eventually(async () =>
      open.every(([email, e]) => {
        const client = clients.get(email);
        return client && JSON.stringify(received(client)) === JSON.stringify(expectedOf(e));
      }),
    ).catch(() => undefined); // the assertions below tell which account differs
    await sleep(700); // a delta interval: anything that should not come would have come
    for (const [email, expected] of Object.entries(EXPECTED)) {
      const client = clients.get(email);
      if (!client) throw new Error(email);
      expect(received(client), email).toEqual(expectedOf(expected));
      if (!expected.topics.includes('positions') && !expected.topics.includes('alerts'))
        expect(
          client.messages.filter((m) => m.type === 'delta'),
          email,
        ).toEqual([]);
    }
  });
});
