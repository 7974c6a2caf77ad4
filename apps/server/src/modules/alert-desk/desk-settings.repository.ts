/** SQL of the desk's organisation setting (organisation_settings.settings.alertDesk). */
import { and, eq, sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client.ts';
import { organisations } from '../../db/schema/index.ts';

/**
 * The stored `settings.alertDesk` of the organisation and each ancestor, root first (the organisation itself last);
 * undefined where an organisation stores none.
 */
export async function findDeskSettingsChain(db: Db, organisationId: bigint): Promise<unknown[]> {
  const found = await rows<{ desk: unknown }>(
    db,
    sql`with recursive chain (id, parent_id, depth) as (
          select id, parent_id, 0 from organisations where id = ${organisationId}
          union all
          select o.id, o.parent_id, chain.depth + 1 from organisations o join chain on o.id = chain.parent_id
           where chain.depth < 16
        )
        select s.settings -> 'alertDesk' as desk
          from chain left join organisation_settings s on s.organisation_id = chain.id
         order by chain.depth desc`,
  );
  return found.map((r) => r.desk ?? undefined);
}

/** Replaces `settings.alertDesk` only, keeping the organisation's other settings (one statement). */
export async function upsertDeskSettings(
  db: Db,
  organisationId: bigint,
  desk: Record<string, unknown>,
  at: Date,
): Promise<void> {
  const section = JSON.stringify({ alertDesk: desk });
  await db.execute(
    sql`insert into organisation_settings (organisation_id, settings, updated_at)
        values (${organisationId}, ${section}::jsonb, ${at})
        on conflict (organisation_id) do update
          set settings = organisation_settings.settings || excluded.settings, updated_at = excluded.updated_at`,
  );
}

export async function organisationExists(db: Db, id: bigint): Promise<boolean> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.id, id), eq(organisations.deleted, false)))
    .limit(1);
  return row !== undefined;
}
