/** SQL of the retention settings: `organisation_settings.settings.retention` of one organisation, its chain, or all. */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client.ts';
import type { OrganisationRetentionRow } from './retention-policy.ts';

/**
 * The stored `settings.retention` of the organisation and each ancestor, root first (the organisation itself last);
 * undefined entries where an organisation stores none.
 */
export async function findRetentionChain(db: Db, organisationId: bigint): Promise<unknown[]> {
  const found = await rows<{ retention: unknown }>(
    db,
    sql`with recursive chain (id, parent_id, depth) as (
          select id, parent_id, 0 from organisations where id = ${organisationId}
          union all
          select o.id, o.parent_id, chain.depth + 1 from organisations o join chain on o.id = chain.parent_id
           where chain.depth < 16
        )
        select s.settings -> 'retention' as retention
          from chain left join organisation_settings s on s.organisation_id = chain.id
         order by chain.depth desc`,
  );
  return found.map((r) => r.retention ?? undefined);
}

/** Replaces `settings.retention` only, keeping the organisation's other settings (one statement: no lost update). */
export async function upsertRetentionSettings(
  db: Db,
  organisationId: bigint,
  retention: Record<string, unknown>,
  at: Date,
): Promise<void> {
  const section = JSON.stringify({ retention });
  await db.execute(
    sql`insert into organisation_settings (organisation_id, settings, updated_at)
        values (${organisationId}, ${section}::jsonb, ${at})
        on conflict (organisation_id) do update
          set settings = organisation_settings.settings || excluded.settings, updated_at = excluded.updated_at`,
  );
}

/** Every organisation (deleted ones too: their devices' history is still stored) with its stored retention. */
export async function listOrganisationRetention(db: Db): Promise<OrganisationRetentionRow[]> {
  const found = await rows<{ id: string; parent_id: string | null; retention: unknown }>(
    db,
    sql`select o.id::text as id, o.parent_id::text as parent_id, s.settings -> 'retention' as retention
          from organisations o left join organisation_settings s on s.organisation_id = o.id`,
  );
  return found.map((r) => ({ id: r.id, parentId: r.parent_id, retention: r.retention ?? undefined }));
}
