/**
 * GET/PUT an organisation's desk settings (desk-settings.ts). A write replaces the organisation's own
 * `settings.alertDesk` as a whole and is audited; the escalation job reads the settings at each run.
 */
import type { AlertDeskSettings, AlertDeskSettingsPatch } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { canSeeOrganisation, type Actor } from '../organisation/scope.ts';
import { organisationExists, upsertDeskSettings } from './desk-settings.repository.ts';
import { readDeskSettings, storedDeskOverrides } from './desk-settings.ts';

export const DESK_SETTINGS_AUDIT = 'organisation.alert-desk-settings-updated';
const NOT_FOUND = 'Organisation not found.';

export function createDeskSettingsService({ db, clock }: { db: Db; clock: Clock }) {
  async function checkVisible(auth: AuthContext, id: bigint, from: Db): Promise<void> {
    if (!canSeeOrganisation(auth, id) || !(await organisationExists(from, id)))
      throw new NotFoundError(NOT_FOUND);
  }

  return {
    async get(auth: AuthContext, id: bigint): Promise<AlertDeskSettings> {
      await checkVisible(auth, id, db);
      return readDeskSettings(db, id);
    },

    async put({ auth, ip }: Actor, id: bigint, patch: AlertDeskSettingsPatch): Promise<AlertDeskSettings> {
      const stored = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      return db.transaction(async (tx) => {
        await checkVisible(auth, id, tx);
        const now = clock();
        const before = (await readDeskSettings(tx, id)).stored;
        await upsertDeskSettings(tx, id, stored, now);
        await recordAudit(tx, {
          action: DESK_SETTINGS_AUDIT,
          actorUserId: auth.userId,
          organisationId: id,
          entity: 'organisation_settings',
          entityId: id,
          detail: { before, after: storedDeskOverrides(stored) },
          ip,
          at: now,
        });
        return readDeskSettings(tx, id);
      });
    },
  };
}
