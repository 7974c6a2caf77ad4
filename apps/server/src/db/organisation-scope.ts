import { sql } from 'drizzle-orm';
import type { OrganisationKind } from '@civicfleet/shared';
import { rows, type Db } from './client.ts';

/**
 * The organisation and all its descendants (not deleted), via a recursive CTE over parent_id.
 * This is what a non-SUPER_ADMIN user may see (docs/conventions.md "Organisation scope").
 */
export async function visibleOrganisationIds(db: Db, organisationId: bigint): Promise<bigint[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`with recursive tree(id) as (
          select id from organisations where id = ${organisationId} and not deleted
          union
          select o.id from organisations o join tree on o.parent_id = tree.id where not o.deleted
        )
        select id::text as id from tree`,
  );
  return found.map((r) => BigInt(r.id));
}

/**
 * The nearest organisation of `kind` at or above `organisationId` (itself first, then its parents; null when none):
 * a device's manufacturer (SIM orders), the vendor that pays for a fitment.
 */
export async function nearestOrganisationOfKind(
  db: Db,
  organisationId: bigint,
  kind: OrganisationKind,
): Promise<bigint | null> {
  const [row] = await rows<{ id: string }>(
    db,
    sql`with recursive chain (id, parent_id, kind, depth) as (
          select id, parent_id, kind, 0 from organisations where id = ${organisationId}
          union all
          select o.id, o.parent_id, o.kind, chain.depth + 1
            from organisations o join chain on o.id = chain.parent_id
           where chain.depth < 16
        )
        select id::text as id from chain where kind = ${kind} order by depth limit 1`,
  );
  return row ? BigInt(row.id) : null;
}
