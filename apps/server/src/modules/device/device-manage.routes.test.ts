/** Device management: create/edit/delete, bulk create, allocate/rollback, status, firmware, temporary, details. */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { isLuhnValid, type BulkResult, type Device, type DeviceDetails } from '@civicfleet/shared';
import { auditLog, commands, deviceLatest, rawLogs } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/helpers.ts';
import {
  INDORE,
  organisationId,
  seedTrackedVehicle,
  type TrackedVehicle,
} from '../../gateway/testing/fleet.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';
const MAKER = 'MANUFACTURER';
const VENDOR = 'Malwa Auto Electricals';

/** A Luhn-valid 15-digit IMEI from a 14-digit body. */
function imei(body: string): string {
  for (let d = 0; d <= 9; d++) if (isLuhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error('unreachable');
}
/** The same body with a wrong check digit. */
const badImei = (body: string) => `${body}${(Number(imei(body).slice(-1)) + 1) % 10}`;

let now = new Date('2026-11-20T10:00:00Z');

describe('/v1/device management', () => {
  const t = useTestApp({ clock: () => now });
  let indore: TrackedVehicle;

  const call = async <T>(
    who: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
  ) => {
    const res = await t.call(who, method, url, body);
    return {
      status: res.statusCode,
      body: res.json() as { success: boolean; message: string; data: T; errors?: Record<string, string> },
    };
  };
  const add = (who: string, body: Record<string, unknown>) => call<Device>(who, 'POST', '/v1/device', body);

  beforeAll(async () => {
    indore = await seedTrackedVehicle(t.db, {
      imei: imei('86300000000001'),
      protocol: 'gt06',
      organisationId: await organisationId(t.db, INDORE),
      registrationNumber: 'MP09DM0001',
    });
  });

  describe('create, edit, delete', () => {
    it('adds a NEW device in the caller’s organisation, audited', async () => {
      const res = await add(MAKER, {
        imei: imei('86300000000010'),
        iccid: '8991000000000000010',
        sim1: '9876543210',
        eSimProvider: 'TAISYS',
        model: 'AIS140-X1',
        protocol: 'ais140',
        panicButtonCount: 1,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data).toMatchObject({
        status: 'NEW',
        eSimProvider: 'TAISYS',
        sim2: null,
        organisation: { tradeName: 'Narmada Telematics Pvt Ltd' },
      });
      const [entry] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'device.created'), eq(auditLog.entityId, res.body.data.id)));
      expect(entry).toBeDefined();
    });

    it('validates the IMEI (15 digits, Luhn), SIMs and provider, and keeps the IMEI unique', async () => {
      const short = await add(MAKER, { imei: '12345' });
      expect(short.status).toBe(400);
      expect(short.body.errors?.imei).toMatch(/15 digits/);
      const luhn = await add(MAKER, { imei: badImei('86300000000099') });
      expect(luhn.status).toBe(400);
      expect(luhn.body.errors?.imei).toMatch(/Luhn/);
      expect((await add(MAKER, { imei: imei('86300000000011'), eSimProvider: 'AIRTEL' })).status).toBe(400);
      expect((await add(MAKER, { imei: imei('86300000000011'), sim1: '12' })).status).toBe(400);
      const dup = await add(MAKER, { imei: imei('86300000000010') });
      expect(dup.status).toBe(409);
      expect(dup.body).toMatchObject({ success: false, errors: { imei: 'Already registered' } });
    });

    it('needs add-device; another organisation is not a valid owner', async () => {
      expect((await add('RFC', { imei: imei('86300000000012') })).status).toBe(403);
      const bhopalOrg = await organisationId(t.db, 'Bhopal Municipal Corporation');
      expect(
        (await add('ADMIN', { imei: imei('86300000000012'), organisationId: String(bhopalOrg) })).status,
      ).toBe(404);
    });

    it('edits a device; another organisation’s is a 404; delete is soft and frees the IMEI', async () => {
      const created = await add(MAKER, { imei: imei('86300000000020') });
      const id = created.body.data.id;
      const edited = await call<Device>(MAKER, 'PUT', `/v1/device/${id}`, {
        imei: imei('86300000000020'),
        model: 'GT06N',
        sim2: '9123456789',
      });
      expect(edited.status).toBe(200);
      expect(edited.body.data).toMatchObject({ model: 'GT06N', sim2: '9123456789' });
      expect(
        (await call(BHOPAL_ADMIN, 'PUT', `/v1/device/${id}`, { imei: imei('86300000000020') })).status,
      ).toBe(404);
      expect((await call(BHOPAL_ADMIN, 'DELETE', `/v1/device/${id}`)).status).toBe(404);
      expect((await call('RFC', 'DELETE', `/v1/device/${id}`)).status).toBe(403);
      expect((await call(MAKER, 'DELETE', `/v1/device/${id}`)).status).toBe(200);
      expect((await call(MAKER, 'GET', `/v1/device/${id}`)).status).toBe(404);
      const again = await add(MAKER, { imei: imei('86300000000020') });
      expect(again.status).toBe(201);
      expect(again.body.data).toMatchObject({ id, model: null, status: 'NEW' });
    });

    it('records the AIS-140 UID: trimmed, unique among live devices (409), blank clears it', async () => {
      const created = await add(MAKER, { imei: imei('86300000000070'), uid: '  NT/AIS140/0070 ' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.data.uid).toBe('NT/AIS140/0070');
      const id = created.body.data.id;
      expect((await call<Device>(MAKER, 'GET', `/v1/device/${id}`)).body.data.uid).toBe('NT/AIS140/0070');
      const details = await call<DeviceDetails>(MAKER, 'GET', `/v1/device/details/${imei('86300000000070')}`);
      expect(details.body.data.device.uid).toBe('NT/AIS140/0070');

      const bad = await add(MAKER, { imei: imei('86300000000071'), uid: 'NT 0071!' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.uid).toBe('The UID must be 1 to 40 letters, digits, - or /');
      expect((await add(MAKER, { imei: imei('86300000000071'), uid: 'X'.repeat(41) })).status).toBe(400);

      const dup = await add(MAKER, { imei: imei('86300000000071'), uid: 'NT/AIS140/0070' });
      expect(dup.status).toBe(409);
      expect(dup.body).toMatchObject({
        success: false,
        message: 'A device with this UID is already registered.',
        errors: { uid: 'Already registered' },
      });
      const other = await add(MAKER, { imei: imei('86300000000071'), uid: 'NT-0071' });
      expect(other.body.data.uid).toBe('NT-0071');
      const clash = await call(MAKER, 'PUT', `/v1/device/${other.body.data.id}`, {
        imei: imei('86300000000071'),
        uid: 'NT/AIS140/0070',
      });
      expect(clash.status).toBe(409);
      // Saving a device with its own UID is not a clash; a blank UID clears it.
      const same = await call<Device>(MAKER, 'PUT', `/v1/device/${id}`, {
        imei: imei('86300000000070'),
        uid: 'NT/AIS140/0070',
        model: 'AIS140-X1',
      });
      expect(same.status).toBe(200);
      const cleared = await call<Device>(MAKER, 'PUT', `/v1/device/${other.body.data.id}`, {
        imei: imei('86300000000071'),
        uid: '',
      });
      expect(cleared.body.data.uid).toBeNull();
      // A deleted device frees its UID.
      expect((await call(MAKER, 'DELETE', `/v1/device/${id}`)).status).toBe(200);
      const reused = await add(MAKER, { imei: imei('86300000000072'), uid: 'NT/AIS140/0070' });
      expect(reused.status).toBe(201);
    });

    it('refuses to delete a device fitted on a vehicle', async () => {
      const res = await call('ADMIN', 'DELETE', `/v1/device/${indore.deviceId}`);
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/MP09DM0001/);
    });
  });

  describe('list filters', () => {
    it('filters by status and statusNotIn (comma lists)', async () => {
      const notInstalled = await call<{ items: Device[] }>(
        MAKER,
        'GET',
        '/v1/device?statusNotIn=INSTALLED&pageSize=100',
      );
      expect(notInstalled.status).toBe(200);
      expect(notInstalled.body.data.items.every((d) => d.status !== 'INSTALLED')).toBe(true);
      const installed = await call<{ items: Device[] }>(
        'ADMIN',
        'GET',
        '/v1/device?status=INSTALLED,DEFECTED',
      );
      expect(installed.body.data.items.map((d) => d.imei)).toContain(indore.imei);
      expect((await call(MAKER, 'GET', '/v1/device?statusNotIn=LOST')).status).toBe(400);
    });
  });

  describe('bulk create', () => {
    it('adds CSV rows one by one and reports each', async () => {
      const csv = [
        'imei,iccid,sim1,model,eSimProvider',
        `${imei('86300000000030')},8991000000000000030,9876500030,GT06N,VENTEL`,
        `"${imei('86300000000031')}",,,"AIS, 140",`,
        '123,,,,',
        `${imei('86300000000010')},,,,`,
      ].join('\n');
      const res = await call<BulkResult>(MAKER, 'POST', '/v1/device/bulk', { csv });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ succeeded: 2, failed: 2 });
      expect(res.body.data.results.map((r) => [r.row, r.ok])).toEqual([
        [1, true],
        [2, true],
        [3, false],
        [4, false],
      ]);
      expect(res.body.data.results[2]?.message).toMatch(/imei/);
      expect(res.body.data.results[3]?.message).toMatch(/already registered/);
    });

    it('reads an optional uid column and reports a duplicate UID on its row', async () => {
      const csv = [
        'imei,uid,model',
        `${imei('86300000000033')},NT-BULK-0033,AIS140-X1`,
        `${imei('86300000000034')},NT-BULK-0033,AIS140-X1`,
        `${imei('86300000000035')},,AIS140-X1`,
      ].join('\n');
      const res = await call<BulkResult>(MAKER, 'POST', '/v1/device/bulk', { csv });
      expect(res.body.data).toMatchObject({ succeeded: 2, failed: 1 });
      expect(res.body.data.results[1]?.message).toBe('A device with this UID is already registered.');
      const first = await call<Device>(MAKER, 'GET', `/v1/device/${res.body.data.results[0]?.id ?? ''}`);
      expect(first.body.data.uid).toBe('NT-BULK-0033');
      const third = await call<Device>(MAKER, 'GET', `/v1/device/${res.body.data.results[2]?.id ?? ''}`);
      expect(third.body.data.uid).toBeNull();
    });

    it('takes a list too; validates the body and the permission', async () => {
      const res = await call<BulkResult>(MAKER, 'POST', '/v1/device/bulk', {
        devices: [{ imei: imei('86300000000032') }],
      });
      expect(res.body.data.succeeded).toBe(1);
      expect((await call(MAKER, 'POST', '/v1/device/bulk', {})).status).toBe(400);
      expect((await call(MAKER, 'POST', '/v1/device/bulk', { csv: 'iccid\n1' })).status).toBe(400);
      expect((await call('RFC', 'POST', '/v1/device/bulk', { csv: 'imei\n1' })).status).toBe(403);
    });
  });

  describe('allocation and rollback', () => {
    let vendorId: string;
    let deviceId: string;

    beforeAll(async () => {
      vendorId = String(await organisationId(t.db, VENDOR));
      deviceId = (await add(MAKER, { imei: imei('86300000000040') })).body.data.id;
      await add(MAKER, { imei: imei('86300000000041') });
      await add(MAKER, { imei: imei('86300000000042') });
    });

    it('allocates a NEW device down the tree and rolls it back to the allocating organisation', async () => {
      const allocated = await call<Device>(MAKER, 'PUT', `/v1/device/allocate/${deviceId}`, {
        organisationId: vendorId,
      });
      expect(allocated.status, JSON.stringify(allocated.body)).toBe(200);
      expect(allocated.body.data).toMatchObject({ status: 'ALLOCATED', organisation: { tradeName: VENDOR } });
      const again = await call(MAKER, 'PUT', `/v1/device/allocate/${deviceId}`, { organisationId: vendorId });
      expect(again.status).toBe(400);
      expect(again.body.message).toMatch(/is ALLOCATED/);
      // The vendor's staff see it now (RFC has read access to devices).
      expect((await call('RFC', 'GET', `/v1/device/${deviceId}`)).status).toBe(200);
      const back = await call<Device>(MAKER, 'PUT', `/v1/device/rollback/${deviceId}`);
      expect(back.status).toBe(200);
      expect(back.body.data).toMatchObject({
        status: 'NEW',
        organisation: { tradeName: 'Narmada Telematics Pvt Ltd' },
      });
      expect((await call(MAKER, 'PUT', `/v1/device/rollback/${deviceId}`)).status).toBe(400);
    });

    it('allocates only below the owner; outside the caller’s tree is a 404; needs the action', async () => {
      const platform = String(await organisationId(t.db, 'CivicFleet Platform'));
      expect(
        (await call(MAKER, 'PUT', `/v1/device/allocate/${deviceId}`, { organisationId: platform })).status,
      ).toBe(404);
      const own = String(await organisationId(t.db, 'Narmada Telematics Pvt Ltd'));
      expect(
        (await call(MAKER, 'PUT', `/v1/device/allocate/${deviceId}`, { organisationId: own })).status,
      ).toBe(400);
      expect(
        (await call('RFC', 'PUT', `/v1/device/allocate/${deviceId}`, { organisationId: vendorId })).status,
      ).toBe(403);
      expect((await call(BHOPAL_ADMIN, 'PUT', `/v1/device/rollback/${deviceId}`)).status).toBe(404);
      expect((await call(MAKER, 'PUT', `/v1/device/allocate/${deviceId}`, {})).status).toBe(400);
    });

    it('allocates and rolls back in bulk with a result per device', async () => {
      const imeis = [imei('86300000000041'), imei('86300000000042'), indore.imei, '999999999999999'];
      const res = await call<BulkResult>(MAKER, 'POST', '/v1/device/allocate-bulk', {
        imeis,
        organisationId: vendorId,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.results.map((r) => r.ok)).toEqual([true, true, false, false]);
      expect(res.body.data.results[2]?.message).toMatch(/INSTALLED/);
      expect(res.body.data.results[3]?.message).toBe('Device not found.');
      const back = await call<BulkResult>(MAKER, 'POST', '/v1/device/rollback-bulk', {
        imeis: imeis.slice(0, 3),
      });
      expect(back.body.data.results.map((r) => r.ok)).toEqual([true, true, false]);
      expect(back.body.data.results[2]?.message).toMatch(/INSTALLED on a vehicle/);
      expect((await call(MAKER, 'POST', '/v1/device/rollback-bulk', { imeis, ids: ['1'] })).status).toBe(400);
      expect((await call('INVENTORY_MANAGER', 'POST', '/v1/device/rollback-bulk', { imeis })).status).toBe(
        403,
      );
    });
  });

  describe('status', () => {
    it('allows the transitions of the lifecycle and names a refused one', async () => {
      const id = (await add(MAKER, { imei: imei('86300000000050') })).body.data.id;
      const defected = await call<Device>(MAKER, 'PUT', `/v1/device/status/${id}`, { status: 'DEFECTED' });
      expect(defected.body.data.status).toBe('DEFECTED');
      const refused = await call(MAKER, 'PUT', `/v1/device/status/${id}`, { status: 'INSTALLED' });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('A device cannot go from DEFECTED to INSTALLED.');
      expect((await call(MAKER, 'PUT', `/v1/device/status/${id}`, { status: 'NEW' })).status).toBe(200);
      expect(
        (await call(MAKER, 'PUT', `/v1/device/status/${id}`, { status: 'ALLOCATED' })).body.message,
      ).toMatch(/Use allocate/);
      expect((await call(MAKER, 'PUT', `/v1/device/status/${id}`, { status: 'LOST' })).status).toBe(400);
      expect((await call('RFC', 'PUT', `/v1/device/status/${id}`, { status: 'DEFECTED' })).status).toBe(403);
      expect(
        (await call(BHOPAL_ADMIN, 'PUT', `/v1/device/status/${id}`, { status: 'DEFECTED' })).status,
      ).toBe(404);
    });
  });

  describe('firmware', () => {
    it('records the target and queues the protocol’s command', async () => {
      const id = (await add(MAKER, { imei: imei('86300000000060'), protocol: 'ais140' })).body.data.id;
      const res = await call<{ device: Device; commandId: string; text: string }>(
        MAKER,
        'POST',
        `/v1/device/firmware/${id}`,
        { version: '2.1.0', url: 'https://fw.example.in/ais140-2.1.0.bin' },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.text).toBe('SET FOTA:https://fw.example.in/ais140-2.1.0.bin');
      expect(res.body.data.device.targetFirmware).toBe('2.1.0');
      const [queued] = await t.db
        .select()
        .from(commands)
        .where(eq(commands.id, BigInt(res.body.data.commandId)));
      expect(queued).toMatchObject({ status: 'queued', type: 'custom' });
    });

    it('needs a known protocol (and a URL for GT06), a clean version and the action', async () => {
      const id = (await add(MAKER, { imei: imei('86300000000061') })).body.data.id;
      expect(
        (await call(MAKER, 'POST', `/v1/device/firmware/${id}`, { version: '1.0' })).body.message,
      ).toMatch(/protocol is unknown/);
      expect(
        (await call(MAKER, 'POST', `/v1/device/firmware/${indore.deviceId}`, { version: '1.0' })).body.errors
          ?.url,
      ).toBe('Required for GT06');
      expect(
        (await call('ADMIN', 'POST', `/v1/device/firmware/${indore.deviceId}`, { version: '1.0' })).status,
      ).toBe(400);
      expect((await call(MAKER, 'POST', `/v1/device/firmware/${id}`, { version: '1 0; rm' })).status).toBe(
        400,
      );
      expect((await call('RFC', 'POST', `/v1/device/firmware/${id}`, { version: '1.0' })).status).toBe(403);
    });
  });

  describe('temporary devices', () => {
    it('tells the debug page where trackers connect (debug module only)', async () => {
      const res = await call<{ host: string; ports: Record<string, number> }>(
        'SUPER_ADMIN',
        'GET',
        '/v1/device/gateway',
      );
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data.ports).sort()).toEqual(['ais140', 'gt06', 'teltonika']);
      expect(res.body.data.host).toMatch(/\S/);
      expect((await call('ADMIN', 'GET', '/v1/device/gateway')).status).toBe(403);
    });

    it('adds an expiring device (debug action only) that disappears after its expiry', async () => {
      const res = await call<Device>('SUPER_ADMIN', 'POST', '/v1/device/temporary', {
        imei: '000000000000123',
        protocol: 'gt06',
        expiresInMinutes: 10,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.expiresAt).toBe('2026-11-20T10:10:00.000Z');
      expect((await call('ADMIN', 'POST', '/v1/device/temporary', { imei: '000000000000124' })).status).toBe(
        403,
      );
      expect((await call('SUPER_ADMIN', 'POST', '/v1/device/temporary', { imei: '12' })).status).toBe(400);
      const before = now;
      now = new Date(before.getTime() + 11 * 60_000);
      try {
        expect((await call('SUPER_ADMIN', 'GET', `/v1/device/${res.body.data.id}`)).status).toBe(404);
      } finally {
        now = before;
      }
    });

    it('lists the active temporary devices, soonest expiry first, until they expire (debug module only)', async () => {
      const add = (imei: string, expiresInMinutes: number) =>
        call<Device>('SUPER_ADMIN', 'POST', '/v1/device/temporary', {
          imei,
          protocol: 'gt06',
          expiresInMinutes,
        });
      expect((await add('000000000000141', 30)).status).toBe(201);
      expect((await add('000000000000142', 5)).status).toBe(201);
      const list = async () => {
        const res = await call<Device[]>('SUPER_ADMIN', 'GET', '/v1/device/temporary');
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.data.map((d) => d.imei).filter((imei) => imei.startsWith('00000000000014'));
      };
      expect(await list()).toEqual(['000000000000142', '000000000000141']);
      expect((await call('ADMIN', 'GET', '/v1/device/temporary')).status).toBe(403);
      const before = now;
      now = new Date(before.getTime() + 6 * 60_000);
      try {
        expect(await list()).toEqual(['000000000000141']);
      } finally {
        now = before;
      }
    });

    it('takes an expired temporary IMEI again even when nothing swept it yet', async () => {
      const body = { imei: '000000000000131', protocol: 'ais140', expiresInMinutes: 5 };
      expect((await call<Device>('SUPER_ADMIN', 'POST', '/v1/device/temporary', body)).status).toBe(201);
      expect((await call('SUPER_ADMIN', 'POST', '/v1/device/temporary', body)).status).toBe(409);
      const before = now;
      now = new Date(before.getTime() + 6 * 60_000);
      try {
        const again = await call<Device>('SUPER_ADMIN', 'POST', '/v1/device/temporary', body);
        expect(again.status, JSON.stringify(again.body)).toBe(201);
        expect(again.body.data.expiresAt).toBe(new Date(now.getTime() + 5 * 60_000).toISOString());
      } finally {
        now = before;
      }
    });
  });

  describe('details', () => {
    beforeAll(async () => {
      const at = new Date('2026-11-20T09:59:00Z');
      await t.db.insert(deviceLatest).values({
        deviceId: indore.deviceId,
        organisationId: await organisationId(t.db, INDORE),
        vehicleId: indore.vehicleId,
        mainPower: true,
        batteryVoltageV: 4.1,
        gsmSignal: 22,
        lastPacketAt: at,
        status: 'moving',
      });
      await t.db.insert(rawLogs).values({
        receivedAt: at,
        deviceId: indore.deviceId,
        imei: indore.imei,
        protocol: 'gt06',
        remoteAddr: '10.0.0.2:4000',
        bytes: Buffer.from('78780a13440604000201baaf540d0a', 'hex'),
      });
    });

    it('finds a device by IMEI or id with health, vehicle and decoded packets', async () => {
      const res = await call<DeviceDetails>('ADMIN', 'GET', `/v1/device/details/${indore.imei}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.device.vehicle?.registrationNumber).toBe('MP09DM0001');
      expect(res.body.data.health).toMatchObject({
        mainPower: true,
        gsmSignal: 22,
        lastPacketAt: '2026-11-20T09:59:00.000Z',
      });
      expect(res.body.data.rawPackets).toHaveLength(1);
      expect(res.body.data.rawPackets[0]?.decoded?.[0]).toMatchObject({
        protocol: 'gt06',
        imei: indore.imei,
      });
      const byId = await call<DeviceDetails>('ADMIN', 'GET', `/v1/device/details/${indore.deviceId}`);
      expect(byId.body.data.device.imei).toBe(indore.imei);
    });

    it('hides other organisations’ devices and needs device-details', async () => {
      expect((await call(BHOPAL_ADMIN, 'GET', `/v1/device/details/${indore.imei}`)).status).toBe(404);
      expect((await call('FITTER', 'GET', `/v1/device/details/${indore.imei}`)).status).toBe(403);
      expect((await call('ADMIN', 'GET', '/v1/device/details/nothing-here')).status).toBe(404);
    });
  });
});
