/**
 * A reconnect storm (every device logs in at once after a gateway restart) over real TCP into a real database: each
 * device gets its own login reply, unknown IMEIs are still refused (Teltonika `00`) or ignored (GT06), the batched
 * device directory restores each device's pipeline state (open events, persisted derive state, vehicle speed limit)
 * as the per-device reads did, queued commands go out after the reply — and the loads are batched (a few statements
 * for the whole storm, not several per device). Also the batcher (createKeyBatcher) on its own.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { createKeyBatcher } from './device-directory.ts';
import { startGateway, type Gateway } from './gateway.ts';
import { createDbDeriveContext } from './ingest/derive-context-db.ts';
import {
  DERIVE_STAGE,
  deriveWiring,
  initialPersistedDeriveState,
  type PersistedDeriveState,
} from './ingest/derive-stage.ts';
import { sqlClientOf } from './ingest/sql-client.ts';
import { eventually, INDORE, organisationId, testGatewayConfig } from './testing/fleet.ts';
import { gt06Ack, gt06Login, teltonikaHandshake, toHex } from './testing/packets.ts';
import { TcpDevice } from './testing/tcp-device.ts';

const KNOWN = 150;
const UNKNOWN = 20;
const PREFIX = '35992';
const imeiOf = (i: number) => `${PREFIX}${String(i).padStart(10, '0')}`;
/** Not registered (and never will be): GT06 ignores them, Teltonika refuses their handshake. */
const unknownImeiOf = (i: number) => `35993${String(i).padStart(10, '0')}`;
const LOGIN = 0x01;

describe('reconnect storm', () => {
  let t: TestApp;
  let gateway: Gateway;
  let statements = 0;
  const wiring = deriveWiring(createDbDeriveContext());

  beforeAll(async () => {
    t = await createTestApp();
    const org = String(await organisationId(t.db, INDORE));
    const client = sqlClientOf(t.database);
    await client.query(
      `INSERT INTO devices (imei, protocol, organisation_id, status, model)
       SELECT $3 || lpad(g::text, 10, '0'), CASE WHEN g % 10 = 9 THEN 'teltonika' ELSE 'gt06' END, $1,
         'INSTALLED', 'storm unit'
       FROM generate_series(0, $2::int - 1) g`,
      [org, KNOWN, PREFIX],
    );
    await client.query(
      `INSERT INTO vehicles (organisation_id, registration_number, kind, type, category, speed_limit_kph)
       SELECT $1, 'MP09ST' || lpad(g::text, 4, '0'), 'TRUCK', 'tipper', 'Goods', CASE WHEN g % 3 = 0 THEN 35 END
       FROM generate_series(0, $2::int - 1) g`,
      [org, KNOWN],
    );
    await client.query(
      `INSERT INTO vehicle_device_links (vehicle_id, device_id, linked_at)
       SELECT v.id, d.id, '2000-01-01T00:00:00Z' FROM generate_series(0, $3::int - 1) g
       JOIN devices d ON d.imei = $2 || lpad(g::text, 10, '0')
       JOIN vehicles v ON v.organisation_id = $1 AND v.registration_number = 'MP09ST' || lpad(g::text, 4, '0')`,
      [org, PREFIX, KNOWN],
    );
    // What a device has after running a while: persisted derive state (odometer = its index), open powerCut events
    // (every 7th), a queued command (every 25th GT06 device).
    const ofDevices = `FROM devices d JOIN vehicle_device_links l ON l.device_id = d.id
      WHERE d.imei LIKE '${PREFIX}%'`;
    const persisted = initialPersistedDeriveState();
    await client.query(
      `INSERT INTO device_derive_state (device_id, state)
       SELECT d.id, jsonb_set($1::jsonb, '{distance,odometerM}', to_jsonb(right(d.imei, 10)::int)) ${ofDevices}
         AND right(d.imei, 10)::int % 2 = 0`,
      [JSON.stringify(persisted)],
    );
    await client.query(
      `INSERT INTO events (device_id, vehicle_id, organisation_id, type, started_at, last_at, repeat_count)
       SELECT d.id, l.vehicle_id, $1, 'powerCut', '2026-01-01T00:00:00Z', '2026-01-01T00:05:00Z', 3 ${ofDevices}
         AND right(d.imei, 10)::int % 7 = 0`,
      [org],
    );
    await client.query(
      `INSERT INTO commands (device_id, organisation_id, type, text, expires_at)
       SELECT d.id, $1, 'custom', 'WHERE#', now() + interval '1 day' ${ofDevices}
         AND right(d.imei, 10)::int % 25 = 0 AND d.protocol = 'gt06'`,
      [org],
    );
    // Counts the statements the gateway sends outside transactions (identification: directory, derive, commands).
    const driver = (t.database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const query = driver.query.bind(driver);
    driver.query = (...a: unknown[]) => {
      statements++;
      return query(...a);
    };
    gateway = await startGateway({
      database: t.database,
      bus: t.bus,
      config: testGatewayConfig({ flushMs: 50 }),
      protocols: ['gt06', 'teltonika'],
      ...wiring,
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    await t?.close();
  });

  it('answers every one of many simultaneous logins with its own reply and refuses unknown IMEIs as before', async () => {
    const gt06Port = gateway.ports.gt06 ?? 0;
    const teltonikaPort = gateway.ports.teltonika ?? 0;
    const isTeltonika = (i: number) => i % 10 === 9;
    const known = await Promise.all(
      Array.from({ length: KNOWN }, (_, i) => TcpDevice.connect(isTeltonika(i) ? teltonikaPort : gt06Port)),
    );
    const unknown = await Promise.all(
      Array.from({ length: UNKNOWN }, (_, i) => TcpDevice.connect(i % 2 ? teltonikaPort : gt06Port)),
    );
    const before = statements;
    // All at once: every login is written before any reply is read. The serial (i + 1) makes each reply unique.
    await Promise.all([
      ...known.map((d, i) =>
        d.write(isTeltonika(i) ? teltonikaHandshake(imeiOf(i)) : gt06Login(imeiOf(i), i + 1)),
      ),
      ...unknown.map((d, i) =>
        d.write(i % 2 ? teltonikaHandshake(unknownImeiOf(i)) : gt06Login(unknownImeiOf(i), 500 + i)),
      ),
    ]);

    const replies = await Promise.all(
      known.map(async (d, i) => toHex(await d.read(isTeltonika(i) ? 1 : 10, 20_000))),
    );
    replies.forEach((reply, i) => expect(reply).toBe(isTeltonika(i) ? '01' : toHex(gt06Ack(LOGIN, i + 1))));
    // Unknown Teltonika: "not accepted" and closed; unknown GT06: silence, kept in unknown_devices.
    for (const [i, d] of unknown.entries()) {
      if (i % 2) {
        expect(toHex(await d.read(1))).toBe('00');
        await d.closed;
      }
    }
    const unknownGt06 = unknown.filter((_, i) => i % 2 === 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const d of unknownGt06) expect(d.received.length).toBe(0);
    const listed = await eventually(async () => {
      const found = await rows<{ imei: string }>(
        t.db,
        sql`select imei from unknown_devices where imei like '35993%' order by imei`,
      );
      return found.length === UNKNOWN ? found : null;
    });
    expect(listed.map((r) => r.imei)).toEqual(Array.from({ length: UNKNOWN }, (_, i) => unknownImeiOf(i)));

    // Queued commands go out after the login reply, once each.
    const withCommand = known.filter((_, i) => i % 25 === 0 && !isTeltonika(i));
    for (const d of withCommand) expect((await d.read(1, 10_000))[0]).toBe(0x78);
    const sent = await eventually(async () => {
      const found = await rows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from commands where status = 'sent' and text = 'WHERE#'`,
      );
      return found[0]?.n === withCommand.length ? found : null;
    });
    expect(sent[0]?.n).toBe(withCommand.length);

    // Batched: eight statements per batch of devices (+ one per command sent), where the per-device reads took
    // eight per device (1,360 here). How many logins share a batch depends on how fast they arrive.
    expect(statements - before).toBeLessThan(2 * (KNOWN + UNKNOWN));
    for (const d of [...known, ...unknown]) d.close();
  });

  it('restores each device as the per-device reads did: open events, persisted derive state, speed limit', () => {
    const derive = wiring.deriveStages[0];
    for (let i = 0; i < KNOWN; i++) {
      const state = gateway.directory.peek(imeiOf(i), Date.now());
      expect(state?.device.imei).toBe(imeiOf(i));
      if (!state) continue;
      expect(state.openAlarms.has('powerCut')).toBe(i % 7 === 0);
      if (i % 7 === 0) expect(state.openAlarms.get('powerCut')?.repeatCount).toBe(3);
      const head = state.ext.get(DERIVE_STAGE) as PersistedDeriveState | undefined;
      if (i % 2 === 0) {
        expect(head?.distance.odometerM).toBe(i);
        expect(state.distance.odometerM).toBe(i);
        // Reconciled with the open events: the powerCut episode is open in the alert machine.
        expect(state.alerts?.paired.powerCut !== undefined).toBe(i % 7 === 0);
      } else {
        expect(head).toBeUndefined();
      }
      const link = state.links[0];
      expect(link).toBeDefined();
      if (!link || !derive) continue;
      const limitKph = derive.settingsFor(state.device.organisationId, link.vehicleId).speedLimitKph;
      if (i % 3 === 0) expect(limitKph).toBe(35);
      else expect(limitKph).not.toBe(35);
    }
  });
});

describe('createKeyBatcher', () => {
  it('coalesces concurrent keys into one fetch, splits at maxBatch, dedupes, and scopes failures to a batch', async () => {
    const fetched: number[][] = [];
    const get = createKeyBatcher(
      async (keys: number[]) => {
        fetched.push(keys);
        if (keys.includes(13)) throw new Error('unlucky batch');
        return new Map(keys.filter((k) => k !== 7).map((k) => [k, k * 10]));
      },
      { maxBatch: 4 },
    );
    const values = await Promise.all([1, 2, 2, 3, 4, 5, 7].map((k) => get(k)));
    expect(values).toEqual([10, 20, 20, 30, 40, 50, undefined]);
    expect(fetched).toEqual([
      [1, 2, 3, 4],
      [5, 7],
    ]);
    const outcome = await Promise.allSettled([get(13), get(14)]);
    expect(outcome.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(await get(15)).toBe(150);
  });

  it('while a fetch runs, gathers the keys that arrive and sends them together when it is done', async () => {
    const fetched: number[][] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const get = createKeyBatcher(
      async (keys: number[]) => {
        fetched.push(keys);
        if (fetched.length === 1) await gate;
        return new Map(keys.map((k) => [k, k]));
      },
      { maxBatch: 100, waitMs: 2 },
    );
    const first = get(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const later = [get(2), get(3), get(4)];
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetched).toEqual([[1]]);
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3, 4]);
    expect(fetched).toEqual([[1], [2, 3, 4]]);
  });
});
