/** SQL of the retention settings: `organisation_settings.settings.retention` of one organisation, or of all. */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client.ts';
import type { OrganisationRetentionRow } from './retention-policy.ts';
import { upsertSettingsSection } from '../../db/organisation-settings.ts';

/** Replaces `settings.retention` only, keeping the organisation's other settings (db/organisation-settings.ts). */
export const upsertRetentionSettings = (
  db: Db,
  organisationId: bigint,
  retention: Record<string, unknown>,
  at: Date,
): Promise<void> => upsertSettingsSection(db, organisationId, 'retention', retention, at);

/** Every organisation (deleted ones too: their devices' history is still stored) with its stored retention. */
export async function listOrganisationRetention(db: Db): Promise<OrganisationRetentionRow[]> {
  const found = await rows<{ id: string; parent_id: string | null; retention: unknown }>(
    db,
    sql`select o.id::text as id, o.parent_id::text as parent_id, s.settings -> 'retention' as retention
          from organisations o left join organisation_settings s on s.organisation_id = o.id`,
  );
  return found.map((r) => ({ id: r.id, parentId: r.parent_id, retention: r.retention ?? undefined }));
}
