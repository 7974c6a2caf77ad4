/**
 * The desk's organisation setting `deskEscalateAfterMin` (organisation_settings.settings.alertDesk): each
 * organisation may set it; one that does not inherits the nearest ancestor's, else the default. A stored value
 * outside the contract's bounds counts as not set.
 */
import {
  DEFAULT_DESK_ESCALATE_AFTER_MIN,
  DESK_ESCALATE_AFTER_MIN_BOUNDS,
  type AlertDeskSettings,
  type AlertDeskSettingsPatch,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { findDeskSettingsChain } from './desk-settings.repository.ts';

export interface DeskSettingsValues {
  deskEscalateAfterMin: number;
}

export const DEFAULT_DESK_SETTINGS: DeskSettingsValues = {
  deskEscalateAfterMin: DEFAULT_DESK_ESCALATE_AFTER_MIN,
};

function isValidEscalateAfterMin(value: unknown): value is number {
  const { min, max } = DESK_ESCALATE_AFTER_MIN_BOUNDS;
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** The valid keys of one organisation's stored `settings.alertDesk`. */
export function storedDeskOverrides(stored: unknown): AlertDeskSettingsPatch {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const value = (stored as Record<string, unknown>).deskEscalateAfterMin;
  return isValidEscalateAfterMin(value) ? { deskEscalateAfterMin: value } : {};
}

/** Settings from stored `settings.alertDesk` objects ordered root first (the organisation itself last). */
export function inheritDeskSettings(chainRootFirst: readonly unknown[]): DeskSettingsValues {
  const settings = { ...DEFAULT_DESK_SETTINGS };
  for (const stored of chainRootFirst) Object.assign(settings, storedDeskOverrides(stored));
  return settings;
}

export async function readDeskSettings(db: Db, organisationId: bigint): Promise<AlertDeskSettings> {
  const chain = await findDeskSettingsChain(db, organisationId);
  return {
    organisationId: String(organisationId),
    stored: storedDeskOverrides(chain.at(-1)),
    effective: inheritDeskSettings(chain),
    defaults: { ...DEFAULT_DESK_SETTINGS },
  };
}
