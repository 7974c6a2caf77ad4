/**
 * Share links, signed-in side: create (the token is shown once; only its SHA-256 is stored), list and revoke, scoped
 * to the caller's organisations and to the kinds the caller may share (SHAREABLE_BY): a link of a kind the caller may
 * not share is neither listed nor revocable by them (404, as for another organisation's link). Creating and revoking
 * are audited; a revocation is published on the bus so that open share sockets close at once.
 */
import {
  SHARE_KINDS,
  SHARE_MESSAGES,
  hasPermission,
  playbackRangeMessage,
  sharePath,
  type CreatedShare,
  type ListPage,
  type Share,
  type ShareInput,
  type ShareKind,
  type ShareListQuery,
} from '@civicfleet/shared';
import type { Bus } from '../../bus/bus.ts';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/list-query.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { newOpaqueToken, sha256Hex } from '../auth/secrets.ts';
import { toId, type Actor } from '../organisation/scope.ts';
import * as repo from './share.repository.ts';
import { SHARE_REVOKED_TOPIC, type ShareRevokedMessage } from './share-topic.ts';

/** The permission that allows sharing each kind (a collection view shows live positions: the live permission). */
export const SHAREABLE_BY: Record<ShareKind, { module: string; action: string }> = {
  live: { module: 'live-tracking', action: 'share-live-tracking' },
  playback: { module: 'route-playback', action: 'share-playback' },
  collection: { module: 'live-tracking', action: 'share-live-tracking' },
};

export function canShare(auth: AuthContext, kind: ShareKind): boolean {
  const { module, action } = SHAREABLE_BY[kind];
  return hasPermission(auth.roleName, auth.permissions, module, action);
}

const shareableKinds = (auth: AuthContext) => SHARE_KINDS.filter((kind) => canShare(auth, kind));

export function shareStatus(share: repo.ShareRow, now: Date): Share['status'] {
  if (share.revokedAt) return 'revoked';
  return share.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

function toShare(record: repo.ShareRecord, now: Date): Share {
  const s = record.share;
  const context = s.context === 'route' || s.context === 'ward' ? s.context : null;
  return {
    id: String(s.id),
    kind: s.kind as ShareKind,
    label: s.label,
    vehicle:
      s.vehicleId === null
        ? null
        : { id: String(s.vehicleId), registrationNumber: record.registrationNumber ?? '' },
    group: s.groupId === null ? null : { id: String(s.groupId), name: record.groupName ?? '' },
    from: s.windowFrom?.toISOString() ?? null,
    to: s.windowTo?.toISOString() ?? null,
    collection:
      context && s.collectionId ? { context, id: s.collectionId, name: record.collectionName } : null,
    expiresAt: s.expiresAt.toISOString(),
    revokedAt: s.revokedAt?.toISOString() ?? null,
    createdBy: {
      id: String(s.createdBy),
      name: `${record.creatorFirstName} ${record.creatorLastName}`.trim(),
    },
    createdAt: s.createdAt.toISOString(),
    status: shareStatus(s, now),
  };
}

export interface ShareServiceDeps {
  db: Db;
  clock: Clock;
  bus: Bus;
  /** Origin of the links (env PUBLIC_URL, no trailing slash). */
  publicUrl: string;
  /** The longest playback window the vehicle's organisation allows, in days (the playback module's setting). */
  maxPlaybackDays: (organisationId: bigint) => Promise<number>;
}

export function createShareService(deps: ShareServiceDeps) {
  const { db, clock } = deps;

  /** The owning organisation of what is shared, in the caller's scope (404 otherwise). */
  async function ownerOf(auth: AuthContext, input: ShareInput): Promise<bigint> {
    if (input.vehicleId) {
      const vehicle = await repo.vehicleInScope(db, toId(input.vehicleId), auth.orgIds);
      if (!vehicle) throw new NotFoundError(SHARE_MESSAGES.vehicleNotFound);
      return vehicle.organisationId;
    }
    if (input.groupId) {
      const group = await repo.groupInScope(db, toId(input.groupId), auth.orgIds);
      if (!group) throw new NotFoundError(SHARE_MESSAGES.groupNotFound);
      return group.organisationId;
    }
    const id = input.collectionId ? toId(input.collectionId) : null;
    const found =
      id === null
        ? undefined
        : input.context === 'route'
          ? await repo.routeInScope(db, id, auth.orgIds)
          : await repo.wardInScope(db, id, auth.orgIds);
    if (!found) throw new NotFoundError(SHARE_MESSAGES.collectionNotFound);
    return found.organisationId;
  }

  async function checkPlaybackRange(organisationId: bigint, input: ShareInput): Promise<void> {
    if (input.kind !== 'playback' || !input.from || !input.to) return;
    const maxDays = await deps.maxPlaybackDays(organisationId);
    if (Date.parse(input.to) - Date.parse(input.from) > maxDays * 86_400_000) {
      const message = playbackRangeMessage(maxDays);
      throw new BadRequestError(message, { to: message });
    }
  }

  async function visible(auth: AuthContext, id: bigint): Promise<repo.ShareRecord> {
    const record = await repo.findShare(db, id, auth.orgIds);
    if (!record || !canShare(auth, record.share.kind as ShareKind))
      throw new NotFoundError(SHARE_MESSAGES.notFound);
    return record;
  }

  return {
    async create({ auth, ip }: Actor, input: ShareInput): Promise<CreatedShare> {
      if (!canShare(auth, input.kind))
        throw new ForbiddenError(
          input.kind === 'playback' ? SHARE_MESSAGES.forbiddenPlayback : SHARE_MESSAGES.forbiddenLive,
        );
      const organisationId = await ownerOf(auth, input);
      await checkPlaybackRange(organisationId, input);
      const token = newOpaqueToken();
      const now = clock();
      const expiresAt = new Date(now.getTime() + input.expiresInMinutes * 60_000);
      const id = await db.transaction(async (tx) => {
        const newId = await repo.insertShare(tx, {
          organisationId,
          kind: input.kind,
          tokenHash: sha256Hex(token),
          label: input.label || null,
          vehicleId: input.vehicleId ? toId(input.vehicleId) : null,
          groupId: input.groupId ? toId(input.groupId) : null,
          windowFrom: input.from ? new Date(input.from) : null,
          windowTo: input.to ? new Date(input.to) : null,
          context: input.context ?? null,
          collectionId: input.collectionId ?? null,
          expiresAt,
          createdBy: auth.userId,
          createdAt: now,
        });
        await recordAudit(tx, {
          action: 'share.created',
          actorUserId: auth.userId,
          organisationId,
          entity: 'share',
          entityId: newId,
          detail: {
            kind: input.kind,
            vehicleId: input.vehicleId ?? null,
            groupId: input.groupId ?? null,
            from: input.from ?? null,
            to: input.to ?? null,
            context: input.context ?? null,
            collectionId: input.collectionId ?? null,
            expiresAt: expiresAt.toISOString(),
          },
          ip,
          at: now,
        });
        return newId;
      });
      const record = await visible(auth, id);
      const path = sharePath(input, token);
      return { ...toShare(record, now), url: `${deps.publicUrl}${path}`, path };
    },

    async list(auth: AuthContext, query: ShareListQuery): Promise<ListPage<Share>> {
      const kinds = shareableKinds(auth);
      const now = clock();
      if (kinds.length === 0 || (query.kind !== undefined && !kinds.includes(query.kind)))
        return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
      const page = await repo.listShares(
        db,
        {
          orgIds: auth.orgIds,
          now,
          kinds,
          kind: query.kind,
          status: query.status,
          vehicleId: query.vehicleId === undefined ? undefined : toId(query.vehicleId),
        },
        query,
      );
      return mapPage(page, (record) => toShare(record, now));
    },

    async revoke({ auth, ip }: Actor, id: bigint): Promise<Share> {
      const record = await visible(auth, id);
      const now = clock();
      const revoked = await db.transaction(async (tx) => {
        if (!(await repo.revokeShare(tx, id, auth.userId, now))) return false;
        await recordAudit(tx, {
          action: 'share.revoked',
          actorUserId: auth.userId,
          organisationId: record.share.organisationId,
          entity: 'share',
          entityId: id,
          detail: { kind: record.share.kind, label: record.share.label },
          ip,
          at: now,
        });
        return true;
      });
      if (!revoked) throw new ConflictError(SHARE_MESSAGES.alreadyRevoked);
      deps.bus.publish<ShareRevokedMessage>(SHARE_REVOKED_TOPIC, { shareId: String(id) });
      return toShare(await visible(auth, id), now);
    },
  };
}
export type ShareService = ReturnType<typeof createShareService>;
