/**
 * An organisation's retention settings (docs/retention.md): what it stores in organisation_settings.settings.retention,
 * what applies to it after inheritance from its ancestors, what it would inherit, and the defaults (the
 * settings-section kit, organisation/settings-section.service.ts). A write replaces the stored overrides as a whole
 * and is audited. The worker's retention job reads the settings on every run.
 */
import { DEFAULT_RETENTION_SETTINGS, checkRetentionSettings } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { BadRequestError } from '../../http/errors.ts';
import type { Clock } from '../../http/types.ts';
import { createSettingsSectionService } from '../organisation/settings-section.service.ts';
import { inheritRetentionSettings, storedRetentionOverrides } from './retention-policy.ts';

export const RETENTION_SETTINGS_AUDIT = 'organisation.retention-settings-updated';

export interface RetentionSettingsServiceDeps {
  db: Db;
  clock: Clock;
}

export function createRetentionSettingsService({ db, clock }: RetentionSettingsServiceDeps) {
  return createSettingsSectionService(
    { db, clock },
    {
      section: 'retention',
      auditAction: RETENTION_SETTINGS_AUDIT,
      defaults: DEFAULT_RETENTION_SETTINGS,
      overrides: storedRetentionOverrides,
      inherit: inheritRetentionSettings,
      extra: (chain) => ({ inherited: inheritRetentionSettings(chain.slice(0, -1)) }),
      // The rule across fields holds for what would apply: one field set here, the other inherited.
      checkInherited(stored, ancestors) {
        const problem = checkRetentionSettings(inheritRetentionSettings([...ancestors, stored]));
        if (problem) throw new BadRequestError(problem, { rollupsDays: problem });
      },
    },
  );
}
