import { sql } from 'drizzle-orm';
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
