/**
 * An organisation's derive settings (docs/derivations.md "Where settings and fences come from"): what it stores in
 * organisation_settings.settings.derive, what applies to it after inheritance from its ancestors, and the defaults
 * (the settings-section kit, settings-section.service.ts). A write replaces the stored overrides as a whole, is
 * audited, and tells the gateways (TOPICS.deriveContext) so that their cached context of this organisation and of
 * every organisation below it is reloaded.
 */
import type { Bus } from '../../bus/bus.ts';
import type { Db } from '../../db/client.ts';
import { DEFAULT_DERIVE_SETTINGS, validateDeriveSettings } from '../../derive/index.ts';
import {
  inheritDeriveSettings,
  publishDeriveContextChange,
  storedDeriveOverrides,
} from '../../gateway/ingest/derive-context-db.ts';
import { BadRequestError } from '../../http/errors.ts';
import type { Clock } from '../../http/types.ts';
import { createSettingsSectionService } from './settings-section.service.ts';

export const DERIVE_SETTINGS_AUDIT = 'organisation.derive-settings-updated';

export interface DeriveSettingsServiceDeps {
  db: Db;
  clock: Clock;
  bus: Bus;
}

export function createDeriveSettingsService({ db, clock, bus }: DeriveSettingsServiceDeps) {
  return createSettingsSectionService(
    { db, clock },
    {
      section: 'derive',
      auditAction: DERIVE_SETTINGS_AUDIT,
      defaults: DEFAULT_DERIVE_SETTINGS,
      overrides: storedDeriveOverrides,
      inherit: inheritDeriveSettings,
      // The contract's bounds sit inside the derive rules; this keeps the two from drifting apart silently.
      validate(stored) {
        try {
          validateDeriveSettings({ ...DEFAULT_DERIVE_SETTINGS, ...stored });
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const field = message.split(':')[0] ?? 'body';
          throw new BadRequestError(message, { [field]: message });
        }
      },
      // After the commit: a gateway reloading on this message must see the new settings.
      afterCommit: (id) => publishDeriveContextChange(bus, id),
    },
  );
}
