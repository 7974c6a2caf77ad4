/**
 * Geofences: CRUD, organisation-scoped (404 outside), audited, and every write tells the gateways to reload the
 * organisation's fences (publishDeriveContextChange). A fence owned by a POI is edited through the POI.
 */
import type {
  Geofence,
  GeofenceInput,
  GeofenceListQuery,
  GeofenceVehiclesInput,
  ListPage,
  VehicleGeofences,
  VehicleGeofencesInput,
} from '@civicfleet/shared';
import type { Bus } from '../../bus/bus.ts';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/list-query.ts';
import { publishDeriveContextChange } from '../../gateway/ingest/derive-context-db.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { toId, type Actor } from '../organisation/scope.ts';
import * as repo from './geofence.repository.ts';
import { resolveOwnerOrganisation, uniqueIds } from '../organisation/owner-organisation.ts';
import { vehiclesOfOrganisation } from '../vehicle/vehicle.repository.ts';

export const GEOFENCE_AUDIT = {
  created: 'geofence.created',
  updated: 'geofence.updated',
  deleted: 'geofence.deleted',
  vehiclesAssigned: 'geofence.vehicles-assigned',
} as const;

export const GEOFENCE_NOT_FOUND = 'Geofence not found.';
export const VEHICLE_NOT_FOUND = 'Vehicle not found.';
export const POI_OWNED = 'This geofence belongs to a POI: edit or delete the POI instead.';

export function toGeofence(row: repo.GeofenceRecord, vehicleIds: bigint[] = []): Geofence {
  const f = row.fence;
  return {
    id: String(f.id),
    organisationId: String(f.organisationId),
    name: f.name,
    kind: f.kind,
    geometry: f.geometry,
    radiusM: f.radiusM,
    dwellS: f.dwellS,
    poiId: row.poiId === null ? null : String(row.poiId),
    vehicleIds: vehicleIds.map(String),
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
  };
}

/** Table values of a validated input (a Point keeps its radius, an area none). */
export function fenceValues(input: GeofenceInput) {
  return {
    name: input.name,
    kind: input.kind,
    geometry: input.geometry as Record<string, unknown>,
    radiusM: input.geometry.type === 'Point' ? (input.radiusM ?? null) : null,
    dwellS: input.dwellS ?? null,
  };
}

export function createGeofenceService({ db, bus }: { db: Db; bus: Bus }) {
  async function visible(auth: AuthContext, id: bigint): Promise<repo.GeofenceRecord> {
    const row = await repo.findGeofence(db, id, auth.orgIds);
    if (!row) throw new NotFoundError(GEOFENCE_NOT_FOUND);
    return row;
  }

  async function withVehicles(row: repo.GeofenceRecord): Promise<Geofence> {
    const ids = await repo.vehicleIdsOf(db, [row.fence.id]);
    return toGeofence(row, ids.get(row.fence.id));
  }

  async function editable(auth: AuthContext, id: bigint): Promise<repo.GeofenceRecord> {
    const row = await visible(auth, id);
    if (row.poiId !== null) throw new ConflictError(POI_OWNED);
    return row;
  }

  return {
    async list(auth: AuthContext, query: GeofenceListQuery): Promise<ListPage<Geofence>> {
      const page = await repo.listGeofences(
        db,
        {
          orgIds: auth.orgIds,
          organisationId: query.organisationId === undefined ? undefined : toId(query.organisationId),
          kind: query.kind,
        },
        query,
      );
      const vehicleIds = await repo.vehicleIdsOf(
        db,
        page.items.map((r) => r.fence.id),
      );
      return mapPage(page, (r) => toGeofence(r, vehicleIds.get(r.fence.id)));
    },

    async get(auth: AuthContext, id: bigint): Promise<Geofence> {
      return withVehicles(await visible(auth, id));
    },

    async create({ auth, ip }: Actor, input: GeofenceInput): Promise<Geofence> {
      const organisationId = await resolveOwnerOrganisation(db, auth, input.organisationId);
      const id = await db.transaction(async (tx) => {
        const newId = await repo.insertGeofence(tx, { organisationId, ...fenceValues(input) });
        await recordAudit(tx, {
          action: GEOFENCE_AUDIT.created,
          actorUserId: auth.userId,
          organisationId,
          entity: 'geofence',
          entityId: newId,
          detail: { name: input.name, kind: input.kind, type: input.geometry.type },
          ip,
        });
        return newId;
      });
      publishDeriveContextChange(bus, organisationId);
      return this.get(auth, id);
    },

    async update({ auth, ip }: Actor, id: bigint, input: GeofenceInput): Promise<Geofence> {
      const current = await editable(auth, id);
      if (input.organisationId !== undefined && toId(input.organisationId) !== current.fence.organisationId)
        throw new BadRequestError('A geofence cannot move to another organisation', {
          organisationId: 'A geofence cannot move to another organisation',
        });
      await db.transaction(async (tx) => {
        await repo.updateGeofence(tx, id, fenceValues(input));
        await recordAudit(tx, {
          action: GEOFENCE_AUDIT.updated,
          actorUserId: auth.userId,
          organisationId: current.fence.organisationId,
          entity: 'geofence',
          entityId: id,
          detail: {
            before: { name: current.fence.name, kind: current.fence.kind },
            after: { name: input.name, kind: input.kind },
          },
          ip,
        });
      });
      publishDeriveContextChange(bus, current.fence.organisationId);
      return this.get(auth, id);
    },

    async remove({ auth, ip }: Actor, id: bigint): Promise<void> {
      const current = await editable(auth, id);
      await db.transaction(async (tx) => {
        await repo.deleteGeofence(tx, id);
        await recordAudit(tx, {
          action: GEOFENCE_AUDIT.deleted,
          actorUserId: auth.userId,
          organisationId: current.fence.organisationId,
          entity: 'geofence',
          entityId: id,
          detail: { name: current.fence.name },
          ip,
        });
      });
      publishDeriveContextChange(bus, current.fence.organisationId);
    },

    /** Replaces the fence's vehicles; each must be a live vehicle of the fence's organisation (400 otherwise). */
    async assignVehicles({ auth, ip }: Actor, id: bigint, input: GeofenceVehiclesInput): Promise<Geofence> {
      const current = await visible(auth, id);
      const organisationId = current.fence.organisationId;
      const wanted = uniqueIds(input.vehicleIds);
      const found = new Set(await vehiclesOfOrganisation(db, organisationId, wanted));
      const missing = wanted.filter((v) => !found.has(v));
      if (missing.length > 0) {
        const message = `Unknown vehicles for this geofence's organisation: ${missing.join(', ')}`;
        throw new BadRequestError(message, { vehicleIds: message });
      }
      await db.transaction(async (tx) => {
        await repo.replaceFenceVehicles(tx, id, wanted);
        await recordAudit(tx, {
          action: GEOFENCE_AUDIT.vehiclesAssigned,
          actorUserId: auth.userId,
          organisationId,
          entity: 'geofence',
          entityId: id,
          detail: { vehicleIds: wanted.map(String) },
          ip,
        });
      });
      publishDeriveContextChange(bus, organisationId);
      return this.get(auth, id);
    },

    async vehicleGeofences(auth: AuthContext, vehicleId: bigint): Promise<VehicleGeofences> {
      const vehicle = await repo.findVisibleVehicle(db, vehicleId, auth.orgIds);
      if (!vehicle) throw new NotFoundError(VEHICLE_NOT_FOUND);
      const rows = await repo.fencesForVehicle(db, vehicle.organisationId, vehicleId);
      return {
        vehicleId: String(vehicleId),
        geofences: rows.map((r) => ({
          id: String(r.id),
          name: r.name,
          kind: r.kind,
          isAssigned: r.isAssigned,
          isOrganisationWide: !r.hasVehicles,
        })),
      };
    },

    /**
     * The vehicle status screen's "assign geofence": the fences assigned to this vehicle become exactly `geofenceIds`.
     * A fence that loses its last vehicle this way applies to the whole organisation again.
     */
    async assignToVehicle(
      { auth, ip }: Actor,
      vehicleId: bigint,
      input: VehicleGeofencesInput,
    ): Promise<VehicleGeofences> {
      const vehicle = await repo.findVisibleVehicle(db, vehicleId, auth.orgIds);
      if (!vehicle) throw new NotFoundError(VEHICLE_NOT_FOUND);
      const wanted = uniqueIds(input.geofenceIds);
      const found = new Set(await repo.liveFenceIds(db, vehicle.organisationId, wanted));
      const missing = wanted.filter((g) => !found.has(g));
      if (missing.length > 0) {
        const message = `Unknown geofences for this vehicle's organisation: ${missing.join(', ')}`;
        throw new BadRequestError(message, { geofenceIds: message });
      }
      await db.transaction(async (tx) => {
        await repo.replaceVehicleFences(tx, vehicleId, wanted);
        await recordAudit(tx, {
          action: GEOFENCE_AUDIT.vehiclesAssigned,
          actorUserId: auth.userId,
          organisationId: vehicle.organisationId,
          entity: 'vehicle',
          entityId: vehicleId,
          detail: { geofenceIds: wanted.map(String) },
          ip,
        });
      });
      publishDeriveContextChange(bus, vehicle.organisationId);
      return this.vehicleGeofences(auth, vehicleId);
    },
  };
}
