/**
 * Device identity over real TCP into a real database (issue 20 findings 2 and 6; docs/security.md "Device
 * identity"). Source addresses other than 127.0.0.1 play devices on other networks (Linux routes all of 127/8 to
 * loopback):
 * - allowed source networks, the device's own and its organisation's (inherited): frames from elsewhere refused,
 *   logged, the real connection untouched;
 * - a takeover from another address while the device sends: an identityConflict desk alert, an audit row, the
 *   device's conflict columns; flapping → clone suspected; a reconnect from the same address is no conflict;
 * - commands held for a connection younger than the takeover guard while the conflict is open;
 * - an SOS from a connection that has not sent a fix near the last known place: raised, marked unverified;
 * - unknown IMEIs: a flood is bounded (rows, closed socket), silent sockets close at the login timeout, the
 *   per-address connection cap.
 */
import type { Command } from '@civicfleet/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { rows } from '../../db/client.ts';
import { upsertSettingsSection } from '../../db/organisation-settings.ts';
import { startGateway, type Gateway } from '../gateway.ts';
import {
  BHOPAL,
  eventually,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  sleep,
  testGatewayConfig,
  type TrackedVehicle,
} from '../testing/fleet.ts';
import { gt06Ack, gt06Alarm, gt06Location, gt06Login, toHex } from '../testing/packets.ts';
import { TcpDevice } from '../testing/tcp-device.ts';
import { CLONE_SUSPECTED_AFTER } from './identity-guard.ts';

/** Long enough that a loaded machine still posts the command while the impostor's connection is younger. */
const GUARD_MS = 4000;
const UNKNOWN_FRAMES = 5;
const RAJWADA = { lat: 22.7186, lon: 75.8554 };
const DELHI = { lat: 28.6139, lon: 77.209 };

describe('device identity over TCP', () => {
  let t: TestApp;
  let gateway: Gateway;
  const devices: TcpDevice[] = [];
  let serial = 10;

  const connect = async (from: string) => {
    const device = await TcpDevice.connect(gateway.ports.gt06 ?? 0, '127.0.0.1', from);
    devices.push(device);
    return device;
  };
  /** Logs in from `from` and waits for the login reply. */
  const login = async (imei: string, from: string) => {
    const device = await connect(from);
    const s = serial++;
    await device.write(gt06Login(imei, s));
    expect(toHex(await device.read(10))).toBe(toHex(gt06Ack(0x01, s)));
    return device;
  };
  const locate = async (device: TcpDevice, at: { lat: number; lon: number }) => {
    const s = serial++;
    await device.write(gt06Location({ at: new Date(), ...at }, s));
    expect(toHex(await device.read(10))).toBe(toHex(gt06Ack(0x12, s)));
  };
  const seed = async (imei: string, registrationNumber: string, organisation = INDORE) =>
    seedTrackedVehicle(t.db, {
      imei,
      protocol: 'gt06',
      organisationId: await organisationId(t.db, organisation),
      registrationNumber,
    });
  const eventsOf = (deviceId: bigint, type: string) =>
    rows<{ id: string; desk_status: string | null; attrs: Record<string, unknown> | null }>(
      t.db,
      sql`select id::text as id, desk_status, attrs from events
          where device_id = ${deviceId} and type = ${type} order by id`,
    );
  const deviceRow = async (deviceId: bigint) =>
    (
      await rows<{
        identity_conflicts: number;
        identity_conflict_at: Date | null;
        clone_suspected_at: Date | null;
      }>(
        t.db,
        sql`select identity_conflicts, identity_conflict_at, clone_suspected_at from devices where id = ${deviceId}`,
      )
    )[0];

  beforeAll(async () => {
    t = await createTestApp();
    gateway = await startGateway({
      database: t.database,
      bus: t.bus,
      config: testGatewayConfig({
        takeoverGuardMs: GUARD_MS,
        unknownFrames: UNKNOWN_FRAMES,
        loginTimeoutMs: 400,
        maxConnectionsPerAddress: 3,
      }),
      protocols: ['gt06'],
    });
  });
  afterAll(async () => {
    for (const d of devices) d.close();
    await gateway?.stop();
    await t?.close();
  });

  it("refuses a device's frames from outside its allowed networks and leaves its real connection alone", async () => {
    const tracked = await seed('359710049096001', 'MP09ID0001');
    await t.db.execute(
      sql`update devices set allowed_networks = array['127.0.0.2/32'] where id = ${tracked.deviceId}`,
    );
    const real = await login(tracked.imei, '127.0.0.2');
    await locate(real, RAJWADA);

    const impostor = await connect('127.0.0.3');
    await impostor.write(gt06Login(tracked.imei, 1));
    await impostor.closed;
    expect(impostor.received.length).toBe(0);
    // The real device still holds the slot and is acked.
    expect(real.isClosed).toBe(false);
    await locate(real, RAJWADA);
    const refused = await eventually(async () => {
      const found = await rows<{ decode_error: string | null; remote_addr: string | null }>(
        t.db,
        sql`select decode_error, remote_addr from raw_logs where device_id = ${tracked.deviceId}
            and decode_error like 'refused%'`,
      );
      return found.length > 0 ? found : null;
    });
    expect(refused[0]?.decode_error).toContain('127.0.0.3');
    expect(refused[0]?.remote_addr).toMatch(/^127\.0\.0\.3:/);
    expect(await eventsOf(tracked.deviceId, 'identityConflict')).toEqual([]);
  });

  it("inherits the organisation's allowed networks; a device's empty list allows any address", async () => {
    const tracked = await seed('359710049096002', 'MP09ID0002', BHOPAL);
    await upsertSettingsSection(
      t.db,
      await organisationId(t.db, BHOPAL),
      'deviceNetwork',
      { allowedNetworks: ['10.64.0.0/16'] },
      new Date(),
    );
    const outside = await connect('127.0.0.4');
    await outside.write(gt06Login(tracked.imei, 1));
    await outside.closed;
    expect(outside.received.length).toBe(0);

    await t.db.execute(sql`update devices set allowed_networks = '{}' where id = ${tracked.deviceId}`);
    gateway.directory.refresh([tracked.deviceId]);
    await login(tracked.imei, '127.0.0.4');
  });

  describe('takeover', () => {
    let tracked: TrackedVehicle;
    beforeAll(async () => {
      tracked = await seed('359710049096003', 'MP09ID0003');
    });

    it('a reconnect from the same address is no conflict', async () => {
      const first = await login(tracked.imei, '127.0.0.5');
      await locate(first, RAJWADA);
      const second = await login(tracked.imei, '127.0.0.5');
      await first.closed;
      await locate(second, RAJWADA);
      second.close();
      await sleep(50);
      expect(await eventsOf(tracked.deviceId, 'identityConflict')).toEqual([]);
    });

    it('a takeover from another address while the device sends raises a desk alert, audit and conflict', async () => {
      const real = await login(tracked.imei, '127.0.0.5');
      await locate(real, RAJWADA);
      const impostor = await login(tracked.imei, '127.0.0.6');
      // A command right away: the impostor's connection is younger than the guard, the conflict open.
      const res = await t.call('ADMIN', 'POST', '/v1/command', {
        deviceId: String(tracked.deviceId),
        type: 'custom',
        params: { text: 'STATUS#' },
      });
      expect(res.statusCode).toBe(201);
      const command = (res.json() as { data: Command }).data;
      await real.closed;
      const conflicts = await eventually(async () => {
        const found = await eventsOf(tracked.deviceId, 'identityConflict');
        return found.length > 0 ? found : null;
      });
      expect(conflicts).toHaveLength(1);
      expect(conflicts[0]).toMatchObject({
        desk_status: 'new',
        attrs: { previousAddress: '127.0.0.5', newAddress: '127.0.0.6', conflicts: 1, cloneSuspected: false },
      });
      const audit = await rows<{ action: string; detail: Record<string, unknown>; ip: string }>(
        t.db,
        sql`select action, detail, ip from audit_log where entity = 'device' and entity_id = ${String(tracked.deviceId)}`,
      );
      expect(audit).toEqual([
        expect.objectContaining({ action: 'device.identity-conflict', ip: '127.0.0.6' }),
      ]);
      expect(await deviceRow(tracked.deviceId)).toMatchObject({
        identity_conflicts: 1,
        clone_suspected_at: null,
      });
      expect((await deviceRow(tracked.deviceId))?.identity_conflict_at).not.toBeNull();

      // The desk lists it.
      const desk = await t.call('ADMIN', 'GET', '/v1/alert-desk?type=identityConflict');
      expect(desk.statusCode).toBe(200);
      const items = (desk.json() as { data: { items: { deviceId: string; identity: unknown }[] } }).data
        .items;
      expect(items.find((i) => i.deviceId === String(tracked.deviceId))).toMatchObject({
        identity: { previousAddress: '127.0.0.5', newAddress: '127.0.0.6', cloneSuspected: false },
      });

      // Commands wait while the impostor's connection is younger than the guard, then go to whoever holds it.
      expect(impostor.received.length).toBe(0);
      const status = async () =>
        (
          await rows<{ status: string }>(
            t.db,
            sql`select status from commands where id = ${BigInt(command.id)}`,
          )
        )[0]?.status;
      expect(await status()).toBe('queued');
      await eventually(async () => impostor.received.length > 0, GUARD_MS + 5000);
      expect(await status()).toBe('sent');
      impostor.close();
    });

    it(`flapping between two addresses marks the device clone suspected after ${CLONE_SUSPECTED_AFTER} conflicts`, async () => {
      let holder = await login(tracked.imei, '127.0.0.5');
      for (let i = 0; i < CLONE_SUSPECTED_AFTER; i++) {
        await locate(holder, RAJWADA);
        const next = await login(tracked.imei, i % 2 === 0 ? '127.0.0.6' : '127.0.0.5');
        await holder.closed;
        holder = next;
      }
      const device = await eventually(async () => {
        const row = await deviceRow(tracked.deviceId);
        return row?.clone_suspected_at ? row : null;
      });
      expect(device.identity_conflicts).toBeGreaterThanOrEqual(CLONE_SUSPECTED_AFTER);
      const last = (await eventsOf(tracked.deviceId, 'identityConflict')).at(-1);
      expect(last?.attrs).toMatchObject({ cloneSuspected: true });
    });
  });

  it('an SOS from a connection that has not sent a fix near the last known place is raised, marked unverified', async () => {
    const far = await seed('359710049096004', 'MP09ID0004');
    const near = await seed('359710049096005', 'MP09ID0005');
    for (const tracked of [far, near]) {
      const first = await login(tracked.imei, '127.0.0.7');
      await locate(first, RAJWADA);
      first.close();
      await first.closed;
    }
    // An impostor's SOS from Delhi, the device was last in Indore: raised, unverified.
    const impostor = await login(far.imei, '127.0.0.8');
    const s = serial++;
    await impostor.write(gt06Alarm({ at: new Date(), ...DELHI }, 0x01, s));
    await impostor.read(10);
    // The real device's SOS near its last place: verified.
    const real = await login(near.imei, '127.0.0.7');
    const s2 = serial++;
    await real.write(gt06Alarm({ at: new Date(), ...RAJWADA }, 0x01, s2));
    await real.read(10);
    const [farSos] = await eventually(async () => {
      const found = await eventsOf(far.deviceId, 'sos');
      return found.length > 0 ? found : null;
    });
    const [nearSos] = await eventually(async () => {
      const found = await eventsOf(near.deviceId, 'sos');
      return found.length > 0 ? found : null;
    });
    expect(farSos).toMatchObject({ desk_status: 'new', attrs: { unverified: true } });
    expect(nearSos?.desk_status).toBe('new');
    expect(nearSos?.attrs?.unverified).toBeUndefined();

    const desk = await t.call('ADMIN', 'GET', '/v1/alert-desk?type=sos');
    const items = (desk.json() as { data: { items: { deviceId: string; unverified: boolean }[] } }).data
      .items;
    expect(items.find((i) => i.deviceId === String(far.deviceId))?.unverified).toBe(true);
    expect(items.find((i) => i.deviceId === String(near.deviceId))?.unverified).toBe(false);
  });

  describe('unknown IMEIs and unidentified sockets', () => {
    it('a flood of frames of an unknown IMEI is bounded: a few rows, the socket closed', async () => {
      const imei = '359710049099001';
      const flood = await connect('127.0.0.9');
      const frames = Array.from({ length: 5000 }, (_, i) => gt06Login(imei, i % 0xffff));
      await flood.write(Buffer.concat(frames)).catch(() => undefined);
      await flood.closed;
      // A second connection from the same address: its frames of that IMEI are no longer stored.
      const again = await connect('127.0.0.9');
      await again.write(gt06Login(imei, 1)).catch(() => undefined);
      await sleep(200);
      await gateway.writer.drain();
      const [count] = await rows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from raw_logs where imei = ${imei}`,
      );
      expect(count?.n).toBeLessThanOrEqual(UNKNOWN_FRAMES);
      expect(count?.n).toBeGreaterThan(0);
      const [unknown] = await rows<{ packets: number }>(
        t.db,
        sql`select packets::int as packets from unknown_devices where imei = ${imei}`,
      );
      expect(unknown?.packets).toBeGreaterThan(0);
    });

    it('closes a socket that never identifies within the login timeout', async () => {
      const silent = await connect('127.0.0.10');
      await silent.write(Buffer.from([0x78, 0x78])); // half a frame, then nothing: slow loris
      await silent.closed;
      expect(silent.isClosed).toBe(true);
    });

    it('caps connections per source address', async () => {
      const open = await Promise.all([1, 2, 3].map(() => connect('127.0.0.11')));
      const fourth = await connect('127.0.0.11');
      await fourth.closed;
      for (const d of open) expect(d.isClosed).toBe(false);
      for (const d of open) d.close();
      // Another address is not affected.
      const other = await connect('127.0.0.12');
      await sleep(50);
      expect(other.isClosed).toBe(false);
    });
  });
});
