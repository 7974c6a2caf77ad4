/** SQL of zones, circles and wards (read-only for now; CRUD comes with the management issue). */
import { and, asc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { AdminDivisionType } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { adminDivisions, organisations } from '../../db/schema/index.ts';
import { containsPattern } from '../organisation/organisation.repository.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

export type AdminDivisionRow = typeof adminDivisions.$inferSelect;

export interface AdminDivisionFilter {
  orgIds: OrgIds;
  type?: AdminDivisionType | undefined;
  parentIds?: bigint[] | undefined;
  organisationId?: bigint | undefined;
  search?: string | undefined;
  /** Include each division's geometry (left out by default: it can be large). */
  withGeometry?: boolean | undefined;
}

const listColumns = {
  id: adminDivisions.id,
  organisationId: adminDivisions.organisationId,
  type: adminDivisions.type,
  name: adminDivisions.name,
  code: adminDivisions.code,
  parentId: adminDivisions.parentId,
};

/** Divisions of live organisations in scope; geometry only when asked for (it can be large). */
export async function listAdminDivisions(
  db: Db,
  filter: AdminDivisionFilter,
): Promise<
  (Omit<AdminDivisionRow, 'geometry' | 'createdAt'> & { geometry?: AdminDivisionRow['geometry'] })[]
> {
  const conditions: Array<SQL | undefined> = [
    eq(organisations.deleted, false),
    orgScope(filter.orgIds, adminDivisions.organisationId),
  ];
  if (filter.type) conditions.push(eq(adminDivisions.type, filter.type));
  if (filter.parentIds) conditions.push(inArray(adminDivisions.parentId, filter.parentIds));
  if (filter.organisationId !== undefined)
    conditions.push(eq(adminDivisions.organisationId, filter.organisationId));
  if (filter.search) conditions.push(ilike(adminDivisions.name, containsPattern(filter.search)));
  return db
    .select(filter.withGeometry ? { ...listColumns, geometry: adminDivisions.geometry } : listColumns)
    .from(adminDivisions)
    .innerJoin(organisations, eq(organisations.id, adminDivisions.organisationId))
    .where(and(...conditions))
    .orderBy(
      asc(adminDivisions.type),
      asc(adminDivisions.code),
      asc(adminDivisions.name),
      asc(adminDivisions.id),
    );
}

export async function findAdminDivision(
  db: Db,
  id: bigint,
  orgIds: OrgIds,
): Promise<AdminDivisionRow | undefined> {
  const [row] = await db
    .select({ division: adminDivisions })
    .from(adminDivisions)
    .innerJoin(organisations, eq(organisations.id, adminDivisions.organisationId))
    .where(
      and(
        eq(adminDivisions.id, id),
        eq(organisations.deleted, false),
        orgScope(orgIds, adminDivisions.organisationId),
      ),
    )
    .limit(1);
  return row?.division;
}
