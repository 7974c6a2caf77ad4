/**
 * Share links, public side: a token → what its link shows, and nothing more (no organisation, device or user ids, no
 * IMEIs, no other vehicles). An unknown, expired or revoked token, or a link whose vehicle / group / route / ward no
 * longer exists, all answer the same 404 SHARE_MESSAGES.gone, so the answer never tells them apart.
 */
import {
  SHARE_MESSAGES,
  type Playback,
  type PublicShare,
  type PublicSharePosition,
  type PublicShareVehicle,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { Clock } from '../../http/types.ts';
import { livePositionOf } from '../../live/live-mapping.ts';
import { sha256Hex } from '../auth/secrets.ts';
import * as repo from './share.repository.ts';

/** One vehicle's playback over a window (the playback module's service). */
export type PlaybackOf = (vehicleId: bigint, from: Date, to: Date) => Promise<Playback>;

export class ShareGoneError extends NotFoundError {
  constructor() {
    super(SHARE_MESSAGES.gone);
  }
}

/** A LivePosition's public part, labelled with the vehicle the link shows (not the row's device or organisation). */
export function publicPositionOf(
  vehicleId: bigint | string,
  position: {
    fixTime: string;
    lat: number;
    lon: number;
    speedKph: number | null;
    headingDeg: number | null;
    ignition: boolean | null;
    status: PublicSharePosition['status'];
    statusSince: string | null;
  },
): PublicSharePosition {
  return {
    vehicleId: String(vehicleId),
    fixTime: position.fixTime,
    lat: position.lat,
    lon: position.lon,
    speedKph: position.speedKph,
    headingDeg: position.headingDeg,
    ignition: position.ignition,
    status: position.status,
    statusSince: position.statusSince,
  };
}

/** Which vehicles a link shows (a group link: the group's members at the time of asking). */
export function targetOf(share: repo.ShareRow): repo.ShareTarget | null {
  if (share.kind === 'collection') {
    if (!share.collectionId || !/^\d{1,19}$/.test(share.collectionId)) return null;
    const id = BigInt(share.collectionId);
    return share.context === 'route' ? { routeId: id } : share.context === 'ward' ? { wardId: id } : null;
  }
  if (share.groupId !== null) return { groupId: share.groupId };
  if (share.vehicleId !== null) return { vehicleId: share.vehicleId };
  return null;
}

export function isActive(share: repo.ShareRow, now: Date): boolean {
  return share.revokedAt === null && share.expiresAt.getTime() > now.getTime();
}

/** Token → active link, and what a link shows now: shared by the public GET and the share sockets. */
export function createShareAccess({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** The link of an active token; ShareGoneError otherwise. */
    async resolve(token: string): Promise<repo.ShareRow> {
      const share = await repo.findShareByTokenHash(db, sha256Hex(token));
      if (!share || !isActive(share, clock())) throw new ShareGoneError();
      return share;
    },

    /** Whether the link (by id) is still active: what open share sockets re-check. */
    async isStillActive(id: bigint): Promise<boolean> {
      const share = await repo.findShareById(db, id);
      return !!share && isActive(share, clock());
    },

    /** The vehicles a link shows now, with their latest fixes (empty when its target is gone). */
    async sharedVehicles(share: repo.ShareRow): Promise<repo.SharedVehicleRow[]> {
      const target = targetOf(share);
      return target ? repo.sharedVehicles(db, share.organisationId, target) : [];
    },
  };
}
export type ShareAccess = ReturnType<typeof createShareAccess>;

export interface SharePublicDeps {
  db: Db;
  clock: Clock;
  playbackOf: PlaybackOf;
}

export function createSharePublicService({ db, clock, playbackOf }: SharePublicDeps) {
  const access = createShareAccess({ db, clock });

  function vehiclesAndPositions(rows: repo.SharedVehicleRow[], nowMs: number) {
    const vehicles: PublicShareVehicle[] = [];
    const positions: PublicSharePosition[] = [];
    for (const row of rows) {
      vehicles.push({ id: String(row.id), registrationNumber: row.registrationNumber, kind: row.kind });
      const live = row.latest ? livePositionOf(row.latest, nowMs) : null;
      if (live) positions.push(publicPositionOf(row.id, live));
    }
    return { vehicles, positions };
  }

  async function collectionOf(share: repo.ShareRow) {
    const target = targetOf(share);
    if (!target) return null;
    if ('routeId' in target) {
      const route = await repo.findLiveRoute(db, target.routeId, share.organisationId);
      if (!route) return null;
      const checkpoints = route.checkpoints.map(({ name, lat, lon }) => ({ name, lat, lon }));
      return {
        context: 'route' as const,
        id: String(route.id),
        name: route.name,
        geometry: route.path,
        checkpoints,
      };
    }
    if ('wardId' in target) {
      const ward = await repo.findWard(db, target.wardId, share.organisationId);
      if (!ward) return null;
      return {
        context: 'ward' as const,
        id: String(ward.id),
        name: ward.name,
        geometry: ward.geometry,
        checkpoints: [],
      };
    }
    return null;
  }

  return {
    async view(token: string): Promise<PublicShare> {
      const share = await access.resolve(token);
      const now = clock();
      const base = { label: share.label, expiresAt: share.expiresAt.toISOString() };
      const rows = await access.sharedVehicles(share);
      if (share.kind === 'live') {
        let groupName: string | null = null;
        if (share.groupId !== null) {
          const group = await repo.findLiveGroup(db, share.groupId, share.organisationId);
          if (!group) throw new ShareGoneError();
          groupName = group.name;
        } else if (rows.length === 0) throw new ShareGoneError();
        return { kind: 'live', ...base, groupName, ...vehiclesAndPositions(rows, now.getTime()) };
      }
      if (share.kind === 'playback') {
        const [row] = rows;
        if (!row || !share.windowFrom || !share.windowTo) throw new ShareGoneError();
        const playback = await playbackOf(row.id, share.windowFrom, share.windowTo);
        const vehicle = { id: String(row.id), registrationNumber: row.registrationNumber, kind: row.kind };
        return {
          kind: 'playback',
          ...base,
          vehicle,
          from: share.windowFrom.toISOString(),
          to: share.windowTo.toISOString(),
          // Only the contract's fields: whatever else the playback service may carry stays on the server.
          playback: {
            vehicle,
            from: playback.from,
            to: playback.to,
            points: playback.points,
            stops: playback.stops,
            trips: playback.trips,
            alerts: playback.alerts,
            totals: playback.totals,
          },
        };
      }
      const collection = await collectionOf(share);
      if (!collection) throw new ShareGoneError();
      return { kind: 'collection', ...base, collection, ...vehiclesAndPositions(rows, now.getTime()) };
    },
  };
}
export type SharePublicService = ReturnType<typeof createSharePublicService>;
