/** SQL of the desk's organisation setting (organisation_settings.settings.alertDesk). */
import { and, eq } from 'drizzle-orm';
import { type Db } from '../../db/client.ts';
import { organisations } from '../../db/schema/index.ts';
import { findSettingsSectionChain, upsertSettingsSection } from '../../db/organisation-settings.ts';

/**
 * The stored `settings.alertDesk` of the organisation and each ancestor, root first (the organisation itself last);
 * undefined where an organisation stores none.
 */
/** The stored `settings.alertDesk` chain, root first (db/organisation-settings.ts). */
export const findDeskSettingsChain = (db: Db, organisationId: bigint): Promise<unknown[]> =>
  findSettingsSectionChain(db, organisationId, 'alertDesk');

/** Replaces `settings.alertDesk` only, keeping the organisation's other settings (one statement). */
/** Replaces `settings.alertDesk` only. */
export const upsertDeskSettings = (
  db: Db,
  organisationId: bigint,
  desk: Record<string, unknown>,
  at: Date,
): Promise<void> => upsertSettingsSection(db, organisationId, 'alertDesk', desk, at);

export async function organisationExists(db: Db, id: bigint): Promise<boolean> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.id, id), eq(organisations.deleted, false)))
    .limit(1);
  return row !== undefined;
}
