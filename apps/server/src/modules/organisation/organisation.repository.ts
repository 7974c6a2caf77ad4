/** SQL of the organisation tree and the per-organisation settings. */
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListPage, ListQuery, OrganisationSortField } from '@civicfleet/shared';
import { type Db } from '../../db/client.ts';
import { countSelection, planList, runList, type ListDefinition } from '../../db/list-query.ts';
import { organisations, organisationSettings, users } from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from './scope.ts';
import { findSettingsSectionChain } from '../../db/organisation-settings.ts';

export type OrganisationRow = typeof organisations.$inferSelect;
export type NewOrganisationRow = typeof organisations.$inferInsert;

export { containsPattern } from '../../db/list-query.ts';

export interface OrganisationFilter {
  orgIds: OrgIds;
  kind?: OrganisationRow['kind'] | undefined;
  parentId?: bigint | undefined;
}

const parents = alias(organisations, 'parent');

/** `search`: case-insensitive substring over trade name, brand name, e-mail and contact. */
const organisationList: ListDefinition<OrganisationSortField> = {
  searchable: [organisations.tradeName, organisations.brandName, organisations.email, organisations.contact],
  sortable: {
    tradeName: organisations.tradeName,
    brandName: organisations.brandName,
    kind: organisations.kind,
    parentName: parents.tradeName,
    createdAt: organisations.createdAt,
  },
  defaultOrder: [asc(organisations.tradeName)],
  tieBreaker: organisations.id,
};

function where(filter: OrganisationFilter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    eq(organisations.deleted, false),
    orgScope(filter.orgIds, organisations.id),
  ];
  if (filter.kind) conditions.push(eq(organisations.kind, filter.kind));
  if (filter.parentId !== undefined) conditions.push(eq(organisations.parentId, filter.parentId));
  return and(...conditions);
}

export type OrganisationListRow = OrganisationRow & { parentName: string | null };

/** One page of the caller's organisations, each with its parent's trade name. */
export async function listOrganisations(
  db: Db,
  filter: OrganisationFilter,
  query: ListQuery,
): Promise<ListPage<OrganisationListRow>> {
  const page = await runList(
    planList(organisationList, query),
    where(filter),
    db
      .select({ organisation: organisations, parentName: parents.tradeName })
      .from(organisations)
      .leftJoin(parents, eq(parents.id, organisations.parentId))
      .$dynamic(),
    db
      .select(countSelection())
      .from(organisations)
      .leftJoin(parents, eq(parents.id, organisations.parentId))
      .$dynamic(),
  );
  return { ...page, items: page.items.map((r) => ({ ...r.organisation, parentName: r.parentName })) };
}

/** A live (not deleted) organisation. */
export async function findOrganisation(db: Db, id: bigint): Promise<OrganisationRow | undefined> {
  const [row] = await db
    .select()
    .from(organisations)
    .where(and(eq(organisations.id, id), eq(organisations.deleted, false)))
    .limit(1);
  return row;
}

export async function insertOrganisation(db: Db, values: NewOrganisationRow): Promise<OrganisationRow> {
  const [row] = await db.insert(organisations).values(values).returning();
  if (!row) throw new Error('organisation insert returned no row');
  return row;
}

export async function updateOrganisation(
  db: Db,
  id: bigint,
  values: Partial<NewOrganisationRow>,
): Promise<OrganisationRow | undefined> {
  const [row] = await db.update(organisations).set(values).where(eq(organisations.id, id)).returning();
  return row;
}

export async function countLiveChildren(db: Db, id: bigint): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(organisations)
    .where(and(eq(organisations.parentId, id), eq(organisations.deleted, false)));
  return row?.n ?? 0;
}

export async function countLiveUsers(db: Db, organisationId: bigint): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.deleted, false)));
  return row?.n ?? 0;
}

export async function findSettings(
  db: Db,
  organisationId: bigint,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ settings: organisationSettings.settings })
    .from(organisationSettings)
    .where(eq(organisationSettings.organisationId, organisationId))
    .limit(1);
  return row?.settings;
}

export async function upsertSettings(
  db: Db,
  organisationId: bigint,
  settings: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await db
    .insert(organisationSettings)
    .values({ organisationId, settings, updatedAt: at })
    .onConflictDoUpdate({
      target: organisationSettings.organisationId,
      set: { settings, updatedAt: sql`excluded.updated_at` },
    });
}

/**
 * The stored `settings.derive` of the organisation and each ancestor, root first (the organisation itself last);
 * undefined entries where an organisation stores none.
 */
/** The stored `settings.derive` chain, root first (db/organisation-settings.ts). */
export const findDeriveSettingsChain = (db: Db, organisationId: bigint): Promise<unknown[]> =>
  findSettingsSectionChain(db, organisationId, 'derive');
