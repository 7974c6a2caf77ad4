/**
 * GET/PUT an organisation's desk settings (desk-settings.ts) on the settings-section kit
 * (organisation/settings-section.service.ts). A write replaces the organisation's own `settings.alertDesk` as a whole
 * and is audited; the escalation job reads the settings at each run.
 */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../http/types.ts';
import { createSettingsSectionService } from '../organisation/settings-section.service.ts';
import { DEFAULT_DESK_SETTINGS, inheritDeskSettings, storedDeskOverrides } from './desk-settings.ts';

export const DESK_SETTINGS_AUDIT = 'organisation.alert-desk-settings-updated';

export function createDeskSettingsService({ db, clock }: { db: Db; clock: Clock }) {
  return createSettingsSectionService(
    { db, clock },
    {
      section: 'alertDesk',
      auditAction: DESK_SETTINGS_AUDIT,
      defaults: DEFAULT_DESK_SETTINGS,
      overrides: storedDeskOverrides,
      inherit: inheritDeskSettings,
      audited: storedDeskOverrides,
    },
  );
}
