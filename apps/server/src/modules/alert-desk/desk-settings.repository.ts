/** SQL of the desk's organisation setting (organisation_settings.settings.alertDesk). */
import { type Db } from '../../db/client.ts';
import { findSettingsSectionChain } from '../../db/organisation-settings.ts';

/** The stored `settings.alertDesk` chain, root first (db/organisation-settings.ts). */
export const findDeskSettingsChain = (db: Db, organisationId: bigint): Promise<unknown[]> =>
  findSettingsSectionChain(db, organisationId, 'alertDesk');
