/**
 * Routes, organisation-scoped and audited: a LineString path, a corridor, ordered checkpoints (POIs of the same
 * organisation when linked), vehicles that run it, and KML import (add-kml).
 */
import {
  RouteInputSchema,
  type ListPage,
  type Route,
  type RouteInput,
  type RouteKmlInput,
  type RouteListQuery,
  type RouteVehiclesInput,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/list-query.ts';
import { BadRequestError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/types.ts';
import { parseKml } from '../admin-division/kml.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { resolveOwnerOrganisation, uniqueIds } from '../organisation/owner-organisation.ts';
import { toId, type Actor } from '../organisation/scope.ts';
import * as repo from './route.repository.ts';
import { vehiclesOfOrganisation } from '../vehicle/vehicle.repository.ts';

export const ROUTE_NOT_FOUND = 'Route not found.';
export const ROUTE_KML_NO_LINE = 'The KML has no LineString to use as the route';

function toRoute(row: repo.RouteRow, vehicleIds: bigint[] = []): Route {
  return {
    id: String(row.id),
    organisationId: String(row.organisationId),
    name: row.name,
    path: row.path,
    corridorM: row.corridorM,
    checkpoints: row.checkpoints,
    vehicleIds: vehicleIds.map(String),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The first zod issue of a failed parse as a 400 with its field path. */
function refuse(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): never {
  const issue = issues[0];
  const message = issue?.message ?? 'Invalid KML';
  throw new BadRequestError(message, { [issue?.path.map(String).join('.') || 'content']: message });
}

export function createRouteService({ db }: { db: Db }) {
  async function visible(auth: AuthContext, id: bigint): Promise<repo.RouteRow> {
    const row = await repo.findRoute(db, id, auth.orgIds);
    if (!row) throw new NotFoundError(ROUTE_NOT_FOUND);
    return row;
  }

  async function checkpointsOf(organisationId: bigint, input: RouteInput) {
    const poiIds = uniqueIds(input.checkpoints.flatMap((c) => (c.poiId ? [c.poiId] : [])));
    const found = new Set(await repo.livePoiIds(db, organisationId, poiIds));
    const missing = poiIds.filter((p) => !found.has(p));
    if (missing.length > 0) {
      const message = `Unknown POIs for this route's organisation: ${missing.join(', ')}`;
      throw new BadRequestError(message, { checkpoints: message });
    }
    return input.checkpoints.map((c) => ({ name: c.name, lat: c.lat, lon: c.lon, poiId: c.poiId ?? null }));
  }

  const audit = (tx: Db, actor: Actor, action: string, organisationId: bigint, id: bigint, detail: object) =>
    recordAudit(tx, {
      action,
      actorUserId: actor.auth.userId,
      organisationId,
      entity: 'route',
      entityId: id,
      detail: { ...detail },
      ip: actor.ip,
    });

  return {
    async list(auth: AuthContext, query: RouteListQuery): Promise<ListPage<Route>> {
      const page = await repo.listRoutes(
        db,
        {
          orgIds: auth.orgIds,
          organisationId: query.organisationId === undefined ? undefined : toId(query.organisationId),
          vehicleId: query.vehicleId === undefined ? undefined : toId(query.vehicleId),
        },
        query,
      );
      const vehicleIds = await repo.vehicleIdsOf(
        db,
        page.items.map((r) => r.id),
      );
      return mapPage(page, (r) => toRoute(r, vehicleIds.get(r.id)));
    },

    async get(auth: AuthContext, id: bigint): Promise<Route> {
      const row = await visible(auth, id);
      return toRoute(row, (await repo.vehicleIdsOf(db, [id])).get(id));
    },

    async create(actor: Actor, input: RouteInput): Promise<Route> {
      const organisationId = await resolveOwnerOrganisation(db, actor.auth, input.organisationId);
      const checkpoints = await checkpointsOf(organisationId, input);
      const id = await db.transaction(async (tx) => {
        const newId = await repo.insertRoute(tx, {
          organisationId,
          name: input.name,
          path: input.path as Record<string, unknown>,
          corridorM: input.corridorM,
          checkpoints,
        });
        await audit(tx, actor, 'route.created', organisationId, newId, { name: input.name });
        return newId;
      });
      return this.get(actor.auth, id);
    },

    async update(actor: Actor, id: bigint, input: RouteInput): Promise<Route> {
      const current = await visible(actor.auth, id);
      if (input.organisationId !== undefined && toId(input.organisationId) !== current.organisationId)
        throw new BadRequestError('A route cannot move to another organisation', {
          organisationId: 'A route cannot move to another organisation',
        });
      const checkpoints = await checkpointsOf(current.organisationId, input);
      await db.transaction(async (tx) => {
        await repo.updateRoute(tx, id, {
          name: input.name,
          path: input.path as Record<string, unknown>,
          corridorM: input.corridorM,
          checkpoints,
        });
        await audit(tx, actor, 'route.updated', current.organisationId, id, {
          before: { name: current.name },
          after: { name: input.name },
        });
      });
      return this.get(actor.auth, id);
    },

    async remove(actor: Actor, id: bigint): Promise<void> {
      const current = await visible(actor.auth, id);
      await db.transaction(async (tx) => {
        await repo.updateRoute(tx, id, { deleted: true });
        await repo.replaceRouteVehicles(tx, id, []);
        await audit(tx, actor, 'route.deleted', current.organisationId, id, { name: current.name });
      });
    },

    async setVehicles(actor: Actor, id: bigint, input: RouteVehiclesInput): Promise<Route> {
      const current = await visible(actor.auth, id);
      const wanted = uniqueIds(input.vehicleIds);
      const found = new Set(await vehiclesOfOrganisation(db, current.organisationId, wanted));
      const missing = wanted.filter((v) => !found.has(v));
      if (missing.length > 0) {
        const message = `Unknown vehicles for this route's organisation: ${missing.join(', ')}`;
        throw new BadRequestError(message, { vehicleIds: message });
      }
      await db.transaction(async (tx) => {
        await repo.replaceRouteVehicles(tx, id, wanted);
        await audit(tx, actor, 'route.vehicles-set', current.organisationId, id, {
          vehicleIds: wanted.map(String),
        });
      });
      return this.get(actor.auth, id);
    },

    /** add-kml: the first LineString is the path, Point Placemarks the checkpoints (file order). */
    async importKml(actor: Actor, input: RouteKmlInput): Promise<Route> {
      let placemarks: ReturnType<typeof parseKml>;
      try {
        placemarks = parseKml(input.content);
      } catch (error) {
        const message = error instanceof Error ? error.message : 'The file could not be read';
        throw new BadRequestError(message, { content: message });
      }
      const withLine = placemarks.find((p) => p.lines.length > 0);
      const line = withLine?.lines[0];
      if (!withLine || !line) throw new BadRequestError(ROUTE_KML_NO_LINE, { content: ROUTE_KML_NO_LINE });
      const checkpoints = placemarks.flatMap((p) =>
        p.points.map((point, i) => ({
          name: p.name ?? `Checkpoint ${p.index + 1}${i > 0 ? `.${i + 1}` : ''}`,
          lon: point[0] ?? NaN,
          lat: point[1] ?? NaN,
        })),
      );
      const parsed = RouteInputSchema.safeParse({
        organisationId: input.organisationId,
        name: input.name || withLine.name || 'Imported route',
        path: { type: 'LineString', coordinates: line },
        corridorM: input.corridorM,
        checkpoints,
      });
      if (!parsed.success) refuse(parsed.error.issues);
      return this.create(actor, parsed.data);
    },
  };
}
