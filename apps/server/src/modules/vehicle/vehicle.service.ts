/** Vehicles, read side: list/get, live statuses and the live track, scoped to the caller's subtree (404 outside). */
import {
  VEHICLE_LIVE_STATUSES,
  type ListPage,
  type Vehicle,
  type VehicleListQuery,
  type VehicleLiveStatus,
  type VehicleStatusRow,
  type VehicleStatuses,
  type VehicleStatusesQuery,
  type VehicleSummary,
  type VehicleTrack,
  type VehicleTrackQuery,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/list-query.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { effectiveStatus, livePositionOf, OFFLINE_AFTER_MS } from '../../live/live-mapping.ts';
import { toId } from '../organisation/scope.ts';
import * as repo from './vehicle.repository.ts';

const str = (value: bigint | null): string | null => (value === null ? null : String(value));
const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);
/** Raw SQL rows: a timestamptz arrives as a Date (PGlite) or a string, depending on the driver. */
const isoOf = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

function toStatusRow(r: repo.VehicleStatusRecord): VehicleStatusRow {
  return {
    vehicleId: r.vehicleId,
    registrationNumber: r.registrationNumber,
    organisationId: r.organisationId,
    deviceId: r.deviceId,
    imei: r.imei,
    status: r.status as VehicleLiveStatus,
    statusSince: isoOf(r.statusSince),
    lastPacketAt: isoOf(r.lastPacketAt),
    fixTime: isoOf(r.fixedAt),
    lat: r.lat,
    lon: r.lon,
    speedKph: r.speedKph,
    ignition: r.ignition,
    mainPower: r.mainPower,
    batteryVoltageV: r.batteryVoltageV,
    gsmSignal: r.gsmSignal,
    groupId: r.groupId,
    groupName: r.groupName,
    wardName: r.wardName,
    kind: r.kind,
    type: r.type,
  };
}

export function toVehicle(row: repo.VehicleRecord): Vehicle {
  const v = row.vehicle;
  return {
    id: String(v.id),
    organisation: {
      id: String(row.organisation.id),
      tradeName: row.organisation.tradeName,
      brandName: row.organisation.brandName,
    },
    category: v.category,
    registrationNumber: v.registrationNumber,
    engineNo: v.engineNo,
    chassisNo: v.chassisNo,
    rto: v.rto,
    rtoCode: v.rtoCode,
    make: v.make,
    model: v.model,
    regDate: v.regDate,
    rcImages: v.rcImages,
    kind: v.kind,
    type: v.type,
    groupId: str(v.groupId),
    zoneId: str(v.zoneId),
    circleId: str(v.circleId),
    wardId: str(v.wardId),
    ownerUserId: str(v.ownerUserId),
    contractorOrganisationId: str(v.contractorOrganisationId),
    isTrackingActivated: v.isTrackingActivated,
    speedLimitKph: v.speedLimitKph,
    createdAt: v.createdAt.toISOString(),
    device: row.deviceId === null || row.imei === null ? null : { id: String(row.deviceId), imei: row.imei },
    wardName: row.wardName,
    lastUpdateAt: iso(row.lastUpdateAt),
  };
}

export function createVehicleService({ db, clock }: { db: Db; clock: Clock }) {
  async function visible(auth: AuthContext, id: bigint): Promise<repo.VehicleRecord> {
    const row = await repo.findVehicle(db, id, auth.orgIds);
    if (!row) throw new NotFoundError('Vehicle not found.');
    return row;
  }

  return {
    async list(auth: AuthContext, query: VehicleListQuery): Promise<ListPage<Vehicle>> {
      const page = await repo.listVehicles(
        db,
        {
          orgIds: auth.orgIds,
          organisationId: query.organisationId === undefined ? undefined : toId(query.organisationId),
          zoneId: query.zoneId === undefined ? undefined : toId(query.zoneId),
          wardId: query.wardId === undefined ? undefined : toId(query.wardId),
        },
        query,
      );
      return mapPage(page, toVehicle);
    },

    async get(auth: AuthContext, id: bigint): Promise<Vehicle> {
      return toVehicle(await visible(auth, id));
    },

    /** Counts per live status over the whole scope (a city fleet is thousands of rows, not millions), rows paged. */
    async statuses(auth: AuthContext, query: VehicleStatusesQuery): Promise<VehicleStatuses> {
      // Counted and paged in the database: the board asks for one page, the scope may hold thousands of vehicles.
      const offlineBefore = new Date(clock().getTime() - OFFLINE_AFTER_MS);
      const filter: repo.VehicleStatusFilter = {
        orgIds: auth.orgIds,
        offlineBefore,
        status: query.status,
        term: query.search?.trim().toLowerCase() || undefined,
      };
      const [perStatus, page] = await Promise.all([
        repo.countVehicleStatuses(db, auth.orgIds, offlineBefore),
        repo.pageVehicleStatuses(db, {
          ...filter,
          offset: query.page * query.pageSize,
          limit: query.pageSize,
        }),
      ]);
      const counts = Object.fromEntries(
        VEHICLE_LIVE_STATUSES.map((s) => [s, 0]),
      ) as VehicleStatuses['counts'];
      counts.total = 0;
      for (const { status, n } of perStatus) {
        counts[status as VehicleLiveStatus] += n;
        counts.total += n;
      }
      const total = filter.term
        ? await repo.countVehicleStatusMatches(db, filter)
        : query.status === undefined
          ? counts.total
          : counts[query.status];
      return { counts, rows: page.map(toStatusRow), total };
    },

    /** Counts by kind, type and live status over the caller's organisations (kind/type not set: "none"). */
    async summary(auth: AuthContext): Promise<VehicleSummary> {
      const nowMs = clock().getTime();
      const rows = await repo.listVehicleLatest(db, auth.orgIds);
      const byStatus = Object.fromEntries(
        VEHICLE_LIVE_STATUSES.map((s) => [s, 0]),
      ) as VehicleSummary['byStatus'];
      const byKind: Record<string, number> = {};
      const byType: Record<string, number> = {};
      let trackingActivated = 0;
      let linked = 0;
      for (const r of rows) {
        byStatus[effectiveStatus(r.latest, nowMs).status] += 1;
        byKind[r.kind ?? 'none'] = (byKind[r.kind ?? 'none'] ?? 0) + 1;
        byType[r.type ?? 'none'] = (byType[r.type ?? 'none'] ?? 0) + 1;
        if (r.isTrackingActivated) trackingActivated += 1;
        if (r.deviceId !== null) linked += 1;
      }
      return { total: rows.length, byKind, byType, byStatus, trackingActivated, linked };
    },

    async track(auth: AuthContext, query: VehicleTrackQuery): Promise<VehicleTrack> {
      const vehicle = await visible(auth, toId(query.vehicleId));
      const result: VehicleTrack = {
        vehicleId: String(vehicle.vehicle.id),
        registrationNumber: vehicle.vehicle.registrationNumber,
        position: null,
        trail: [],
      };
      if (vehicle.deviceId === null) return result;
      const nowMs = clock().getTime();
      const latest = await repo.findLatest(db, vehicle.deviceId);
      result.position = latest ? livePositionOf(latest, nowMs) : null;
      const trail = await repo.recentTrail(db, {
        deviceId: vehicle.deviceId,
        vehicleId: vehicle.vehicle.id,
        since: new Date(nowMs - query.minutes * 60_000),
        limit: 5000,
      });
      result.trail = trail.map((p) => ({
        fixTime: p.fixedAt.toISOString(),
        lat: p.lat,
        lon: p.lon,
        speedKph: p.speedKph,
        headingDeg: p.headingDeg,
      }));
      return result;
    },
  };
}
