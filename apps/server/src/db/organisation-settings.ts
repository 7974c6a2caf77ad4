/**
 * Typed sections of `organisation_settings.settings` (jsonb): `derive`, `alertDesk`, `retention`,
 * `deviceNetwork` (allowed source networks of trackers, read by the gateway's device directory). Each is inherited:
 * what an organisation leaves out comes from the nearest ancestor that sets it, then from the platform defaults.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from './client.ts';

export type SettingsSection = 'derive' | 'alertDesk' | 'retention' | 'deviceNetwork';

/**
 * The stored section of the organisation and each ancestor, root first (the organisation itself last); undefined
 * entries where an organisation stores none.
 */
export async function findSettingsSectionChain(
  db: Db,
  organisationId: bigint,
  section: SettingsSection,
): Promise<unknown[]> {
  const found = await rows<{ value: unknown }>(
    db,
    sql`with recursive chain (id, parent_id, depth) as (
          select id, parent_id, 0 from organisations where id = ${organisationId}
          union all
          select o.id, o.parent_id, chain.depth + 1 from organisations o join chain on o.id = chain.parent_id
           where chain.depth < 16
        )
        select s.settings -> ${section} as value
          from chain left join organisation_settings s on s.organisation_id = chain.id
         order by chain.depth desc`,
  );
  return found.map((r) => r.value ?? undefined);
}

/** Replaces one section only, keeping the organisation's other settings (one statement: no lost update). */
export async function upsertSettingsSection(
  db: Db,
  organisationId: bigint,
  section: SettingsSection,
  value: Record<string, unknown>,
  at: Date,
): Promise<void> {
  const json = JSON.stringify({ [section]: value });
  await db.execute(
    sql`insert into organisation_settings (organisation_id, settings, updated_at)
        values (${organisationId}, ${json}::jsonb, ${at})
        on conflict (organisation_id) do update
          set settings = organisation_settings.settings || excluded.settings, updated_at = excluded.updated_at`,
  );
}
