/**
 * An organisation's retention settings (docs/retention.md): what it stores in organisation_settings.settings.retention,
 * what applies to it after inheritance from its ancestors, what it would inherit, and the defaults. A write replaces
 * the stored overrides as a whole and is audited. The worker's retention job reads the settings on every run.
 */
import {
  DEFAULT_RETENTION_SETTINGS,
  checkRetentionSettings,
  type OrganisationRetentionSettings,
  type RetentionSettingsPatch,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { BadRequestError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findOrganisation } from '../organisation/organisation.repository.ts';
import { canSeeOrganisation, type Actor } from '../organisation/scope.ts';
import { inheritRetentionSettings, storedRetentionOverrides } from './retention-policy.ts';
import * as repo from './retention-settings.repository.ts';

export const RETENTION_SETTINGS_AUDIT = 'organisation.retention-settings-updated';

const NOT_FOUND = 'Organisation not found.';

export interface RetentionSettingsServiceDeps {
  db: Db;
  clock: Clock;
}

export function createRetentionSettingsService({ db, clock }: RetentionSettingsServiceDeps) {
  async function checkVisible(auth: AuthContext, id: bigint, tx: Db): Promise<void> {
    const row = canSeeOrganisation(auth, id) ? await findOrganisation(tx, id) : undefined;
    if (!row) throw new NotFoundError(NOT_FOUND);
  }

  async function read(id: bigint, tx: Db): Promise<OrganisationRetentionSettings> {
    const chain = await repo.findRetentionChain(tx, id);
    return {
      organisationId: String(id),
      stored: storedRetentionOverrides(chain.at(-1)),
      effective: inheritRetentionSettings(chain),
      inherited: inheritRetentionSettings(chain.slice(0, -1)),
      defaults: { ...DEFAULT_RETENTION_SETTINGS },
    };
  }

  return {
    async get(auth: AuthContext, id: bigint): Promise<OrganisationRetentionSettings> {
      await checkVisible(auth, id, db);
      return read(id, db);
    },

    async put(
      { auth, ip }: Actor,
      id: bigint,
      patch: RetentionSettingsPatch,
    ): Promise<OrganisationRetentionSettings> {
      const stored = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      return db.transaction(async (tx) => {
        await checkVisible(auth, id, tx);
        const chain = await repo.findRetentionChain(tx, id);
        // The rule across fields holds for what would apply: one field set here, the other inherited.
        const problem = checkRetentionSettings(inheritRetentionSettings([...chain.slice(0, -1), stored]));
        if (problem) throw new BadRequestError(problem, { rollupsDays: problem });
        const now = clock();
        await repo.upsertRetentionSettings(tx, id, stored, now);
        await recordAudit(tx, {
          action: RETENTION_SETTINGS_AUDIT,
          actorUserId: auth.userId,
          organisationId: id,
          entity: 'organisation_settings',
          entityId: id,
          detail: { before: storedRetentionOverrides(chain.at(-1)), after: stored },
          ip,
          at: now,
        });
        return read(id, tx);
      });
    },
  };
}
