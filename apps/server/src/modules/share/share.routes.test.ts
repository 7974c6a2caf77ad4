/** /v1/share (signed in): create, list, revoke; validation, permissions per kind, organisation scope, audit. */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHARE_MESSAGES, type Share } from '@civicfleet/shared';
import { auditLog, shareLinks } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { sha256Hex } from '../auth/secrets.ts';
import { setCustomRoleScopes } from '../geofence/scoped-role.testing.ts';
import { BHOPAL_ADMIN, createShare, seedShareFleet, tokenOf, type ShareFleet } from './share.testing.ts';

const NOW = new Date('2026-11-20T10:00:00Z');
const CUSTOM = 'CUSTOM';

describe('/v1/share', () => {
  const t = useTestApp({ clock: () => NOW });
  let f: ShareFleet;

  beforeAll(async () => {
    f = await seedShareFleet(t.db, '101', NOW);
    // CUSTOM (Indore) may share live tracking, but not playback.
    await setCustomRoleScopes(t.db, {
      'live-tracking': { 'share-live-tracking': true },
      'route-playback': {},
    });
  });

  const post = (body: unknown, who = 'ADMIN') => t.call(who, 'POST', '/v1/share', body);
  const list = async (query = '', who = 'ADMIN') => {
    const res = await t.call(who, 'GET', `/v1/share${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { items: Share[]; total: number } }>().data;
  };

  it('creates a live link of one vehicle: the link once, only the token’s hash stored, audited', async () => {
    const created = await createShare(t, {
      kind: 'live',
      vehicleId: String(f.a.vehicleId),
      label: 'For the mayor',
    });
    expect(created).toMatchObject({
      kind: 'live',
      label: 'For the mayor',
      vehicle: { id: String(f.a.vehicleId), registrationNumber: 'MP09SH0001' },
      group: null,
      status: 'active',
      revokedAt: null,
      expiresAt: new Date(NOW.getTime() + 24 * 3600_000).toISOString(),
    });
    expect(created.createdBy.name).not.toBe('');
    expect(created.url).toMatch(/^http:\/\/localhost:8080\/public\/share\/live-tracking\?token=[\w-]{43}$/);
    expect(created.url.endsWith(created.path)).toBe(true);
    const token = tokenOf(created);
    const [row] = await t.db
      .select()
      .from(shareLinks)
      .where(eq(shareLinks.id, BigInt(created.id)));
    expect(row?.tokenHash).toBe(sha256Hex(token));
    expect(Object.values(row ?? {}).map(String)).not.toContain(token);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'share.created'), eq(auditLog.entityId, created.id)));
    expect(audit?.detail).toMatchObject({ kind: 'live', vehicleId: String(f.a.vehicleId) });
    expect(JSON.stringify(audit?.detail)).not.toContain(token);
    // Listed without the link.
    const listed = (await list()).items.find((s) => s.id === created.id);
    expect(listed).toMatchObject({ id: created.id, status: 'active' });
    expect(listed).not.toHaveProperty('url');
  });

  it('creates group, playback and collection links with their public paths', async () => {
    const group = await createShare(t, { kind: 'live', groupId: String(f.groupId), expiresInMinutes: 60 });
    expect(group).toMatchObject({ group: { id: String(f.groupId) }, vehicle: null });
    expect(group.expiresAt).toBe(new Date(NOW.getTime() + 3600_000).toISOString());

    const playback = await createShare(t, {
      kind: 'playback',
      vehicleId: String(f.a.vehicleId),
      from: '2026-11-19T00:00:00+05:30',
      to: '2026-11-19T23:59:59+05:30',
    });
    expect(playback).toMatchObject({ from: '2026-11-18T18:30:00.000Z', to: '2026-11-19T18:29:59.000Z' });
    expect(playback.path).toMatch(/^\/public\/share\/playback\?token=/);

    const route = await createShare(t, {
      kind: 'collection',
      context: 'route',
      collectionId: String(f.routeId),
    });
    expect(route.collection).toEqual({
      context: 'route',
      id: String(f.routeId),
      name: 'Ward 12 morning route',
    });
    expect(route.path).toMatch(new RegExp(`^/public/route/share/${f.routeId}\\?token=`));

    const ward = await createShare(t, {
      kind: 'collection',
      context: 'ward',
      collectionId: String(f.wardId),
    });
    expect(ward.collection).toEqual({ context: 'ward', id: String(f.wardId), name: f.wardName });
    expect(ward.path).toMatch(new RegExp(`^/public/ward/share/${f.wardId}\\?token=`));
  });

  it('answers 400 with a clear message for each invalid body', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ kind: 'live' }, 'vehicleId', SHARE_MESSAGES.liveTarget],
      [{ kind: 'live', vehicleId: '1', groupId: '2' }, 'vehicleId', SHARE_MESSAGES.liveTarget],
      [{ kind: 'photo', vehicleId: '1' }, 'kind', 'The kind must be live, playback or collection'],
      [
        { kind: 'playback', from: '2026-11-19T00:00:00Z', to: '2026-11-19T01:00:00Z' },
        'vehicleId',
        SHARE_MESSAGES.playbackVehicle,
      ],
      [
        { kind: 'playback', vehicleId: '1', to: '2026-11-19T01:00:00Z' },
        'from',
        SHARE_MESSAGES.playbackMissing,
      ],
      [
        { kind: 'playback', vehicleId: '1', from: '2026-11-19T01:00:00Z', to: '2026-11-19T01:00:00Z' },
        'to',
        SHARE_MESSAGES.playbackWindow,
      ],
      [
        { kind: 'playback', vehicleId: '1', from: '2026-10-01T00:00:00Z', to: '2026-11-19T00:00:00Z' },
        'to',
        'Choose a time range of at most 31 days.',
      ],
      [
        { kind: 'playback', vehicleId: '1', from: '19/11/2026', to: '2026-11-19T01:00:00Z' },
        'from',
        'The start must be an ISO date-time',
      ],
      [{ kind: 'collection', context: 'ward' }, 'collectionId', SHARE_MESSAGES.collectionTarget],
      [
        { kind: 'collection', context: 'city', collectionId: '1' },
        'context',
        'The context must be route or ward',
      ],
      [
        { kind: 'live', vehicleId: '1', from: '2026-11-19T00:00:00Z' },
        'from',
        'The from field does not apply to a live link',
      ],
      [{ kind: 'live', vehicleId: '1', expiresInMinutes: 5 }, 'expiresInMinutes', SHARE_MESSAGES.expiry],
      [{ kind: 'live', vehicleId: '1', expiresInMinutes: 50_000 }, 'expiresInMinutes', SHARE_MESSAGES.expiry],
      [
        { kind: 'live', vehicleId: '1', label: 'x'.repeat(101) },
        'label',
        'The label can be at most 100 characters',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({
        success: false,
        message,
        errors: { [field]: message },
      });
    }
    // The organisation's own playback range (default 7 days) applies on top of the contract's 31.
    const long = await post({
      kind: 'playback',
      vehicleId: String(f.a.vehicleId),
      from: '2026-11-01T00:00:00Z',
      to: '2026-11-10T00:00:00Z',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: 'Choose a time range of at most 7 days.' });
  });

  it('refuses with 403 a kind the caller may not share, and hides such links from them', async () => {
    const denied = await post({ kind: 'live', vehicleId: String(f.a.vehicleId) }, 'LIMITED_USER');
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ success: false, message: SHARE_MESSAGES.forbiddenLive });
    const window = { from: '2026-11-19T00:00:00Z', to: '2026-11-19T06:00:00Z' };
    const playbackDenied = await post(
      { kind: 'playback', vehicleId: String(f.a.vehicleId), ...window },
      CUSTOM,
    );
    expect(playbackDenied.statusCode).toBe(403);
    expect(playbackDenied.json()).toEqual({ success: false, message: SHARE_MESSAGES.forbiddenPlayback });

    const live = await createShare(t, { kind: 'live', vehicleId: String(f.d.vehicleId) }, CUSTOM);
    const playback = await createShare(t, { kind: 'playback', vehicleId: String(f.d.vehicleId), ...window });
    const seen = (await list(`?vehicleId=${f.d.vehicleId}`, CUSTOM)).items.map((s) => s.id);
    expect(seen).toContain(live.id);
    expect(seen).not.toContain(playback.id);
    expect((await list('?kind=playback', CUSTOM)).total).toBe(0);
    expect((await t.call(CUSTOM, 'DELETE', `/v1/share/${playback.id}`)).statusCode).toBe(404);
    expect((await list('', 'LIMITED_USER')).total).toBe(0);
  });

  it('keeps organisations apart: another organisation’s vehicle, group, route, ward or link answers 404', async () => {
    const bodies = [
      [{ kind: 'live', vehicleId: String(f.a.vehicleId) }, SHARE_MESSAGES.vehicleNotFound],
      [{ kind: 'live', groupId: String(f.groupId) }, SHARE_MESSAGES.groupNotFound],
      [
        { kind: 'collection', context: 'route', collectionId: String(f.routeId) },
        SHARE_MESSAGES.collectionNotFound,
      ],
      [
        { kind: 'collection', context: 'ward', collectionId: String(f.wardId) },
        SHARE_MESSAGES.collectionNotFound,
      ],
    ] as const;
    for (const [body, message] of bodies) {
      const res = await post(body, BHOPAL_ADMIN);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json()).toEqual({ success: false, message });
    }
    const own = await createShare(t, { kind: 'live', vehicleId: String(f.bhopal.vehicleId) }, BHOPAL_ADMIN);
    const indore = await createShare(t, { kind: 'live', vehicleId: String(f.b.vehicleId) });
    const bhopalSees = (await list('?pageSize=100', BHOPAL_ADMIN)).items.map((s) => s.id);
    expect(bhopalSees).toEqual([own.id]);
    expect((await list('?pageSize=100')).items.map((s) => s.id)).not.toContain(own.id);
    const res = await t.call(BHOPAL_ADMIN, 'DELETE', `/v1/share/${indore.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: SHARE_MESSAGES.notFound });
  });

  it('revokes once (audited), then answers 409; filters by status, kind, vehicle and search', async () => {
    const share = await createShare(t, {
      kind: 'live',
      vehicleId: String(f.c.vehicleId),
      label: 'Revoke me',
    });
    const res = await t.call('ADMIN', 'DELETE', `/v1/share/${share.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Share }>().data).toMatchObject({
      status: 'revoked',
      revokedAt: NOW.toISOString(),
    });
    const [row] = await t.db
      .select()
      .from(shareLinks)
      .where(eq(shareLinks.id, BigInt(share.id)));
    expect(row?.revokedBy).not.toBeNull();
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'share.revoked'), eq(auditLog.entityId, share.id)));
    expect(audits).toHaveLength(1);
    const again = await t.call('ADMIN', 'DELETE', `/v1/share/${share.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: SHARE_MESSAGES.alreadyRevoked });

    // An expired one (its expiry moved into the past).
    const old = await createShare(t, { kind: 'live', vehicleId: String(f.c.vehicleId), label: 'Old one' });
    await t.db
      .update(shareLinks)
      .set({ expiresAt: new Date(NOW.getTime() - 1000) })
      .where(eq(shareLinks.id, BigInt(old.id)));

    const byVehicle = await list(`?vehicleId=${f.c.vehicleId}`);
    expect(byVehicle.items.map((s) => [s.label, s.status])).toEqual([
      ['Old one', 'expired'],
      ['Revoke me', 'revoked'],
    ]);
    expect((await list(`?vehicleId=${f.c.vehicleId}&status=revoked`)).items.map((s) => s.id)).toEqual([
      share.id,
    ]);
    expect((await list(`?vehicleId=${f.c.vehicleId}&status=expired`)).items.map((s) => s.id)).toEqual([
      old.id,
    ]);
    expect((await list(`?vehicleId=${f.c.vehicleId}&status=active`)).total).toBe(0);
    expect((await list('?search=revoke')).items.map((s) => s.id)).toEqual([share.id]);
    expect((await list('?search=MP09SH0003&pageSize=100')).items.map((s) => s.id)).toEqual([
      old.id,
      share.id,
    ]);
    const collections = await list('?kind=collection');
    expect(collections.items.every((s) => s.kind === 'collection')).toBe(true);
    const bad = await t.call('ADMIN', 'GET', '/v1/share?status=gone');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'The status must be active, expired or revoked' });
  });

  it('requires sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/share' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/v1/share', payload: {} })).statusCode).toBe(401);
  });
});
