/** GET /v1/public/share?token=…: what each kind of link shows, nothing more; expired, revoked and unknown alike. */
import { beforeAll, describe, expect, it } from 'vitest';
import { PublicShareSchema, SHARE_MESSAGES, type CreatedShare, type PublicShare } from '@civicfleet/shared';
import { positions } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { PUBLIC_SHARE_READS_PER_MINUTE } from './share.routes.ts';
import { createShare, seedShareFleet, tokenOf, type ShareFleet } from './share.testing.ts';

const START = new Date('2026-11-20T10:00:00Z');
const GONE = { success: false, message: SHARE_MESSAGES.gone };

describe('/v1/public/share', () => {
  let now = START;
  const t = useTestApp({ clock: () => now });
  let f: ShareFleet;

  beforeAll(async () => {
    f = await seedShareFleet(t.db, '102', START);
    // A's track on the morning of 2026-11-20 (IST), every minute from 09:00 to 09:10 UTC.
    await t.db.insert(positions).values(
      Array.from({ length: 11 }, (_, i) => ({
        deviceId: f.a.deviceId,
        vehicleId: f.a.vehicleId,
        fixedAt: new Date(Date.UTC(2026, 10, 20, 9, i)),
        serverAt: new Date(Date.UTC(2026, 10, 20, 9, i, 2)),
        lat: 22.7 + i * 0.001,
        lon: 75.86,
        speedKph: 25,
        headingDeg: 0,
        ignition: true,
        gpsValid: true,
      })),
    );
  });

  /** Anonymous GET; parses a 200 with the contract. */
  async function view(token: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/public/share?token=${encodeURIComponent(token)}`,
    });
    return res;
  }
  async function shown(share: CreatedShare): Promise<PublicShare> {
    const res = await view(tokenOf(share));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return PublicShareSchema.parse(res.json<{ data: unknown }>().data);
  }
  /** Nothing private in the answer: IMEIs, device and organisation ids, the creator. */
  function expectNothingPrivate(body: string, share: CreatedShare) {
    for (const imei of [f.a, f.b, f.c, f.d, f.bhopal].map((v) => v.imei)) expect(body).not.toContain(imei);
    expect(body).not.toMatch(/organisationId|deviceId|imei|createdBy/i);
    expect(body).not.toContain(share.createdBy.name);
    expect(body).not.toContain('MP04SH0001');
  }

  it('shows a live vehicle link: that vehicle and its latest fix only, without sign-in', async () => {
    const share = await createShare(t, { kind: 'live', vehicleId: String(f.a.vehicleId), label: 'Truck A' });
    const res = await view(tokenOf(share));
    expectNothingPrivate(res.body, share);
    expect(await shown(share)).toEqual({
      kind: 'live',
      label: 'Truck A',
      expiresAt: share.expiresAt,
      groupName: null,
      vehicles: [{ id: String(f.a.vehicleId), registrationNumber: 'MP09SH0001', kind: 'TRUCK' }],
      positions: [
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
      ],
    });
  });

  it('shows a group link with the group’s current members only', async () => {
    const share = await createShare(t, { kind: 'live', groupId: String(f.groupId) });
    const body = await shown(share);
    expect(body).toMatchObject({ kind: 'live', groupName: 'Share group 102' });
    if (body.kind !== 'live') throw new Error('kind');
    expect(body.vehicles.map((v) => v.registrationNumber)).toEqual(['MP09SH0001', 'MP09SH0002']);
    expect(body.positions.map((p) => p.vehicleId).sort()).toEqual(
      [String(f.a.vehicleId), String(f.b.vehicleId)].sort(),
    );
    expectNothingPrivate((await view(tokenOf(share))).body, share);
  });

  it('shows a playback link: the window’s track of that vehicle', async () => {
    const share = await createShare(t, {
      kind: 'playback',
      vehicleId: String(f.a.vehicleId),
      from: '2026-11-20T14:32:00+05:30',
      to: '2026-11-20T14:37:30+05:30',
    });
    const body = await shown(share);
    if (body.kind !== 'playback') throw new Error('kind');
    expect(body).toMatchObject({
      vehicle: { id: String(f.a.vehicleId), registrationNumber: 'MP09SH0001', kind: 'TRUCK' },
      from: '2026-11-20T09:02:00.000Z',
      to: '2026-11-20T09:07:30.000Z',
    });
    // 09:02 … 09:07: six fixes, nothing outside the window.
    expect(body.playback.points.t).toEqual([2, 3, 4, 5, 6, 7].map((m) => Date.UTC(2026, 10, 20, 9, m)));
    expect(body.playback.vehicle.registrationNumber).toBe('MP09SH0001');
    expectNothingPrivate((await view(tokenOf(share))).body, share);
  });

  it('shows a route and a ward collection with their shapes and their vehicles', async () => {
    const route = await shown(
      await createShare(t, { kind: 'collection', context: 'route', collectionId: String(f.routeId) }),
    );
    if (route.kind !== 'collection') throw new Error('kind');
    expect(route.collection).toEqual({
      context: 'route',
      id: String(f.routeId),
      name: 'Ward 12 morning route',
      geometry: {
        type: 'LineString',
        coordinates: [
          [75.85, 22.71],
          [75.87, 22.73],
        ],
      },
      checkpoints: [{ name: 'Depot', lat: 22.71, lon: 75.85 }],
    });
    expect(route.vehicles.map((v) => v.registrationNumber)).toEqual(['MP09SH0002']);
    expect(route.positions.map((p) => p.vehicleId)).toEqual([String(f.b.vehicleId)]);

    const ward = await shown(
      await createShare(t, { kind: 'collection', context: 'ward', collectionId: String(f.wardId) }),
    );
    if (ward.kind !== 'collection') throw new Error('kind');
    expect(ward.collection).toMatchObject({ context: 'ward', name: f.wardName, checkpoints: [] });
    expect(ward.vehicles.map((v) => v.registrationNumber)).toEqual(['MP09SH0003']);
  });

  it('answers expired, revoked and unknown tokens with the same 404', async () => {
    const expiring = await createShare(t, {
      kind: 'live',
      vehicleId: String(f.a.vehicleId),
      expiresInMinutes: 15,
    });
    now = new Date(START.getTime() + 14 * 60_000);
    expect((await view(tokenOf(expiring))).statusCode).toBe(200);
    now = new Date(START.getTime() + 15 * 60_000);
    const expired = await view(tokenOf(expiring));
    now = START;
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual(GONE);

    const revoked = await createShare(t, { kind: 'live', vehicleId: String(f.a.vehicleId) });
    expect((await view(tokenOf(revoked))).statusCode).toBe(200);
    expect((await t.call('ADMIN', 'DELETE', `/v1/share/${revoked.id}`)).statusCode).toBe(200);
    const afterRevoke = await view(tokenOf(revoked));
    expect(afterRevoke.statusCode).toBe(404);
    expect(afterRevoke.json()).toEqual(GONE);

    for (const garbage of ['nope', 'A'.repeat(43), tokenOf(revoked).slice(0, -1)]) {
      const res = await view(garbage);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(GONE);
    }
    const missing = await t.app.inject({ method: 'GET', url: '/v1/public/share' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'The token is required' });
  });

  it('answers 404 once the shared vehicle is gone', async () => {
    const share = await createShare(t, { kind: 'live', vehicleId: String(f.d.vehicleId) });
    expect((await t.call('ADMIN', 'DELETE', `/v1/vehicle/${f.d.vehicleId}`)).statusCode).toBeLessThan(300);
    const res = await view(tokenOf(share));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(GONE);
  });

  it('limits public reads per client address', async () => {
    let last = 0;
    for (let i = 0; i <= PUBLIC_SHARE_READS_PER_MINUTE; i++) last = (await view('x')).statusCode;
    expect(last).toBe(429);
  });
});
