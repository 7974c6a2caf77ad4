/** GET /v1/raw-logs: newest first, bytes as hex and text, scoped by the device's organisation. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RawLog } from '@civicfleet/shared';
import { rawLogs } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/helpers.ts';
import {
  INDORE,
  organisationId,
  seedTrackedVehicle,
  type TrackedVehicle,
} from '../../gateway/testing/fleet.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';
const NOW = new Date('2026-11-20T10:00:00Z');

describe('/v1/raw-logs', () => {
  const t = useTestApp({ clock: () => NOW });
  let tracked: TrackedVehicle;

  const get = async (url: string, who: string) => {
    const res = await t.call(who, 'GET', url);
    return { status: res.statusCode, body: res.json() as { data: { items: RawLog[]; total: number } } };
  };

  beforeAll(async () => {
    tracked = await seedTrackedVehicle(t.db, {
      imei: '864000000000001',
      protocol: 'ais140',
      organisationId: await organisationId(t.db, INDORE),
      registrationNumber: 'MP09RL0001',
    });
    await t.db.insert(rawLogs).values([
      {
        receivedAt: new Date(NOW.getTime() - 120_000),
        deviceId: tracked.deviceId,
        imei: tracked.imei,
        protocol: 'ais140',
        remoteAddr: '10.1.1.1:5000',
        bytes: Buffer.from('$,LGN,MARK,x*\r\n'),
      },
      {
        receivedAt: new Date(NOW.getTime() - 60_000),
        deviceId: tracked.deviceId,
        imei: tracked.imei,
        protocol: 'ais140',
        remoteAddr: '10.1.1.1:5000',
        bytes: Buffer.from([0x78, 0x78, 0x41, 0x00]),
        decodeError: 'not an AIS-140 frame',
        checksumOk: false,
      },
      {
        receivedAt: new Date(NOW.getTime() - 30_000),
        deviceId: null,
        imei: '999000000000002',
        protocol: 'gt06',
        remoteAddr: '10.9.9.9:1',
        bytes: Buffer.from([1, 2, 3]),
      },
    ]);
  });

  it('lists a device’s frames newest first with hex and text renderings', async () => {
    const { status, body } = await get(`/v1/raw-logs?imei=${tracked.imei}`, 'ADMIN');
    expect(status).toBe(200);
    expect(body.data.total).toBe(2);
    expect(body.data.items.map((r) => r.text)).toEqual(['xxA.', '$,LGN,MARK,x*..']);
    expect(body.data.items[0]).toMatchObject({
      hex: '78784100',
      length: 4,
      decodeError: 'not an AIS-140 frame',
      checksumOk: false,
      decoded: null,
    });
  });

  it('hides other organisations’ frames and unregistered IMEIs from everyone but SUPER_ADMIN', async () => {
    expect((await get(`/v1/raw-logs?imei=${tracked.imei}`, BHOPAL_ADMIN)).body.data.items).toEqual([]);
    expect((await get('/v1/raw-logs?imei=999000000000002', 'ADMIN')).body.data.items).toEqual([]);
    const all = await get('/v1/raw-logs', 'SUPER_ADMIN');
    expect(all.body.data.items.map((r) => r.imei)).toEqual(['999000000000002', tracked.imei, tracked.imei]);
  });

  it('pages 1-based, sorts oldest first on request and searches the IMEI', async () => {
    const oldest = await get(
      `/v1/raw-logs?imei=${tracked.imei}&sortBy=receivedAt&sortOrder=asc&pageSize=5`,
      'ADMIN',
    );
    expect(oldest.body.data.items.map((r) => r.text)).toEqual(['$,LGN,MARK,x*..', 'xxA.']);
    expect(oldest.body.data).toMatchObject({ total: 2, page: 1, pageSize: 5 });
    const searched = await get(`/v1/raw-logs?search=${tracked.imei.slice(-6)}`, 'ADMIN');
    expect(searched.body.data.total).toBe(2);
    expect((await get(`/v1/raw-logs?search=${tracked.imei.slice(-6)}`, BHOPAL_ADMIN)).body.data.total).toBe(
      0,
    );
  });

  it('validates the range and the permission', async () => {
    expect(
      (await get('/v1/raw-logs?from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z', 'ADMIN')).status,
    ).toBe(400);
    expect((await get('/v1/raw-logs?imei=12ab', 'ADMIN')).status).toBe(400);
    expect((await get('/v1/raw-logs?sortBy=bytes', 'ADMIN')).status).toBe(400);
    expect((await get('/v1/raw-logs?pageSize=1000', 'ADMIN')).status).toBe(400);
    expect((await get('/v1/raw-logs', 'FITTER')).status).toBe(403);
  });
});
