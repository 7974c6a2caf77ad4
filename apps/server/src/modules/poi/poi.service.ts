/**
 * POIs, organisation-scoped and audited. Each POI owns a circle geofence (Point + radius, kind mapped below) created,
 * updated and deleted with it in one transaction, so the gateways derive visits to POIs like to any fence; the
 * geofence module refuses to edit that fence directly.
 */
import type { GeofenceKind, ListPage, Poi, PoiInput, PoiKind, PoiListQuery } from '@civicfleet/shared';
import type { Bus } from '../../bus/bus.ts';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/list-query.ts';
import { publishDeriveContextChange } from '../../gateway/ingest/derive-context-db.ts';
import { BadRequestError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as fences from '../geofence/geofence.repository.ts';
import { resolveOwnerOrganisation } from '../organisation/owner-organisation.ts';
import { toId, type Actor } from '../organisation/scope.ts';
import * as repo from './poi.repository.ts';

export const POI_NOT_FOUND = 'POI not found.';
export const POI_WARD_INVALID = "The ward must be a ward of the POI's organisation";

/** The geofence kind of a POI's fence (a depot is a garage to the derive rules). */
export const FENCE_KIND_OF_POI: Record<PoiKind, GeofenceKind> = {
  'collection-point': 'collection-point',
  'dump-yard': 'dump-yard',
  'transfer-station': 'transfer-station',
  depot: 'garage',
  'fuel-station': 'fuel-station',
  other: 'other',
};

function toPoi(row: repo.PoiRow): Poi {
  return {
    id: String(row.id),
    organisationId: String(row.organisationId),
    name: row.name,
    kind: row.kind as PoiKind,
    lat: row.lat,
    lon: row.lon,
    radiusM: row.radiusM,
    address: row.address,
    wardId: row.wardId === null ? null : String(row.wardId),
    geofenceId: row.geofenceId === null ? null : String(row.geofenceId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const fenceOf = (input: PoiInput) => ({
  name: input.name,
  kind: FENCE_KIND_OF_POI[input.kind],
  geometry: { type: 'Point', coordinates: [input.lon, input.lat] },
  radiusM: input.radiusM,
});

export function createPoiService({ db, bus }: { db: Db; bus: Bus }) {
  async function visible(auth: AuthContext, id: bigint): Promise<repo.PoiRow> {
    const row = await repo.findPoi(db, id, auth.orgIds);
    if (!row) throw new NotFoundError(POI_NOT_FOUND);
    return row;
  }

  async function checkWard(input: PoiInput, organisationId: bigint): Promise<bigint | null> {
    if (input.wardId === undefined || input.wardId === null) return null;
    const wardId = toId(input.wardId);
    if (!(await repo.isWardOf(db, wardId, organisationId)))
      throw new BadRequestError(POI_WARD_INVALID, { wardId: POI_WARD_INVALID });
    return wardId;
  }

  const values = (input: PoiInput, wardId: bigint | null) => ({
    name: input.name,
    kind: input.kind,
    lat: input.lat,
    lon: input.lon,
    radiusM: input.radiusM,
    address: input.address ?? null,
    wardId,
  });

  return {
    async list(auth: AuthContext, query: PoiListQuery): Promise<ListPage<Poi>> {
      const page = await repo.listPois(
        db,
        {
          orgIds: auth.orgIds,
          organisationId: query.organisationId === undefined ? undefined : toId(query.organisationId),
          kind: query.kind,
          wardId: query.wardId === undefined ? undefined : toId(query.wardId),
        },
        query,
      );
      return mapPage(page, toPoi);
    },

    async get(auth: AuthContext, id: bigint): Promise<Poi> {
      return toPoi(await visible(auth, id));
    },

    async create({ auth, ip }: Actor, input: PoiInput): Promise<Poi> {
      const organisationId = await resolveOwnerOrganisation(db, auth, input.organisationId);
      const wardId = await checkWard(input, organisationId);
      const id = await db.transaction(async (tx) => {
        const geofenceId = await fences.insertGeofence(tx, { organisationId, ...fenceOf(input) });
        const newId = await repo.insertPoi(tx, { organisationId, geofenceId, ...values(input, wardId) });
        await recordAudit(tx, {
          action: 'poi.created',
          actorUserId: auth.userId,
          organisationId,
          entity: 'poi',
          entityId: newId,
          detail: { name: input.name, kind: input.kind, geofenceId: String(geofenceId) },
          ip,
        });
        return newId;
      });
      publishDeriveContextChange(bus, organisationId);
      return this.get(auth, id);
    },

    async update({ auth, ip }: Actor, id: bigint, input: PoiInput): Promise<Poi> {
      const current = await visible(auth, id);
      if (input.organisationId !== undefined && toId(input.organisationId) !== current.organisationId)
        throw new BadRequestError('A POI cannot move to another organisation', {
          organisationId: 'A POI cannot move to another organisation',
        });
      const wardId = await checkWard(input, current.organisationId);
      await db.transaction(async (tx) => {
        let geofenceId = current.geofenceId;
        if (geofenceId === null)
          geofenceId = await fences.insertGeofence(tx, {
            organisationId: current.organisationId,
            ...fenceOf(input),
          });
        else await fences.updateGeofence(tx, geofenceId, fenceOf(input));
        await repo.updatePoi(tx, id, { ...values(input, wardId), geofenceId });
        await recordAudit(tx, {
          action: 'poi.updated',
          actorUserId: auth.userId,
          organisationId: current.organisationId,
          entity: 'poi',
          entityId: id,
          detail: {
            before: { name: current.name, kind: current.kind },
            after: { name: input.name, kind: input.kind },
          },
          ip,
        });
      });
      publishDeriveContextChange(bus, current.organisationId);
      return this.get(auth, id);
    },

    async remove({ auth, ip }: Actor, id: bigint): Promise<void> {
      const current = await visible(auth, id);
      await db.transaction(async (tx) => {
        await repo.updatePoi(tx, id, { deleted: true });
        if (current.geofenceId !== null) await fences.deleteGeofence(tx, current.geofenceId);
        await recordAudit(tx, {
          action: 'poi.deleted',
          actorUserId: auth.userId,
          organisationId: current.organisationId,
          entity: 'poi',
          entityId: id,
          detail: { name: current.name },
          ip,
        });
      });
      publishDeriveContextChange(bus, current.organisationId);
    },
  };
}
