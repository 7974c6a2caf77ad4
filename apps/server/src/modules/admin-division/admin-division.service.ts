/** Zones → circles → wards, scoped by organisation (spec 02 §7 "zone/circle/ward GET by type"). */
import type { AdminDivision, AdminDivisionFilterQuery } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/types.ts';
import { toId } from '../organisation/scope.ts';
import { circleIdsOf } from './admin-division-write.repository.ts';
import * as repo from './admin-division.repository.ts';

type ListedRow = Awaited<ReturnType<typeof repo.listAdminDivisions>>[number];

function toAdminDivision(row: ListedRow & { geometry?: Record<string, unknown> | null }): AdminDivision {
  return {
    id: String(row.id),
    organisationId: String(row.organisationId),
    type: row.type,
    name: row.name,
    code: row.code,
    parentId: row.parentId === null ? null : String(row.parentId),
    ...(row.geometry === undefined ? {} : { geometry: row.geometry }),
  };
}

export function createAdminDivisionService({ db }: { db: Db }) {
  return {
    /**
     * `parent` holds the parent ids joined by comma (e.g. several circles when listing their wards); `parentCircle`
     * (one circle) and `parentZone` (one zone: its circles, or with type=WARD the wards of all its circles) take
     * precedence over it, in that order.
     */
    async list(auth: AuthContext, query: AdminDivisionFilterQuery): Promise<AdminDivision[]> {
      let parentIds = query.parent === undefined ? undefined : query.parent.split(',').map(toId);
      if (query.parentCircle !== undefined) parentIds = [toId(query.parentCircle)];
      else if (query.parentZone !== undefined) {
        const zone = toId(query.parentZone);
        parentIds = query.type === 'WARD' ? await circleIdsOf(db, [zone]) : [zone];
        if (parentIds.length === 0) return [];
      }
      const rows = await repo.listAdminDivisions(db, {
        orgIds: auth.orgIds,
        type: query.type,
        parentIds,
        organisationId: query.organisationId === undefined ? undefined : toId(query.organisationId),
        search: query.search || undefined,
        withGeometry: query.withGeometry === 'true',
      });
      return rows.map(toAdminDivision);
    },

    async get(auth: AuthContext, id: bigint): Promise<AdminDivision> {
      const row = await repo.findAdminDivision(db, id, auth.orgIds);
      if (!row) throw new NotFoundError('Admin division not found.');
      return toAdminDivision(row);
    },
  };
}
